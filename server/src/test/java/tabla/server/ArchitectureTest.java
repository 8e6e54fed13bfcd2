package tabla.server;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.assertj.core.api.Assertions.assertThat;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.http.ApiError;

/**
 * The server's layers (issue 24; docs/architecture.md): the kernel imports no concern; per concern an adapter, a
 * service and a store, only stores run SQL, only adapters speak HTTP errors; the concerns import each other in no
 * circle, and nothing imports the wiring root. Each rule reads the compiled main classes of {@code tabla.server}.
 */
class ArchitectureTest {
  private static final JavaClasses SERVER = new ClassFileImporter()
      .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
      .importPackages("tabla.server");

  /**
   * The classes that run SQL outside a store, on purpose: GroupCommit is the game write path (it batches the actions
   * of many games into one transaction on the handle it holds), and the cluster's classes keep the cluster's own
   * storage (leases, shared rate counts, the relay, PostgreSQL's notifications) next to the protocol they implement.
   */
  private static final Set<String> SQL_OUTSIDE_A_STORE = Set.of("tabla.server.games.GroupCommit",
      "tabla.server.cluster.GameLeases", "tabla.server.cluster.SharedLimits", "tabla.server.cluster.SiteRelay",
      "tabla.server.cluster.PgEvents");

  /** An HTTP adapter: a class that speaks Javalin (routes, socket handlers, filters). */
  private static final DescribedPredicate<JavaClass> ADAPTER = new DescribedPredicate<>("an HTTP adapter") {
    @Override
    public boolean test(JavaClass c) {
      return c.getDirectDependenciesFromSelf().stream()
          .anyMatch(d -> d.getTargetClass().getPackageName().startsWith("io.javalin"));
    }
  };

  /** A store, or a type nested in one. */
  private static final DescribedPredicate<JavaClass> IN_A_STORE = new DescribedPredicate<>("in a store") {
    @Override
    public boolean test(JavaClass c) {
      return topLevel(c).getSimpleName().endsWith("Store");
    }
  };

  /** One of {@link #SQL_OUTSIDE_A_STORE}, or a type nested in one. */
  private static final DescribedPredicate<JavaClass> SQL_EXEMPT = new DescribedPredicate<>("exempt from the SQL rule") {
    @Override
    public boolean test(JavaClass c) {
      return SQL_OUTSIDE_A_STORE.contains(topLevel(c).getName());
    }
  };

  private static JavaClass topLevel(JavaClass c) {
    JavaClass top = c;
    while (top.getEnclosingClass().isPresent()) top = top.getEnclosingClass().get();
    return top;
  }

  /** A type of the wiring or of a domain above the kernel. */
  private static final DescribedPredicate<JavaClass> CONCERN =
      resideInAPackage("tabla.server..").and(not(resideInAPackage("tabla.server.kernel..")));

  @Test
  void theKernelImportsNoConcern() {
    noClasses().that().resideInAPackage("tabla.server.kernel..")
        .should().dependOnClassesThat(CONCERN).check(SERVER);
  }

  @Test
  void nothingImportsTheWiringRoot() {
    noClasses().that().resideOutsideOfPackage("tabla.server")
        .should().dependOnClassesThat().resideInAPackage("tabla.server").check(SERVER);
  }

  @Test
  void storesImportNoAdapter() {
    noClasses().that().haveSimpleNameEndingWith("Store")
        .should().dependOnClassesThat().resideInAPackage("io.javalin..")
        .orShould().dependOnClassesThat(simpleNameEndingWith("Routes").and(resideInAPackage("tabla.server..")))
        .orShould().dependOnClassesThat().areAssignableTo(ApiError.class)
        .check(SERVER);
  }

  @Test
  void onlyAdaptersUseTheHttpError() {
    noClasses().that().resideOutsideOfPackage("tabla.server.kernel.http..")
        .and().resideOutsideOfPackage("tabla.server").and(not(ADAPTER))
        .should().dependOnClassesThat().areAssignableTo(ApiError.class)
        .because("services and stores throw kernel.Refused, which kernel.http.Refusals maps to HTTP")
        .check(SERVER);
  }

  @Test
  void servicesAndStoresDoNotSpeakJavalin() {
    noClasses().that().haveSimpleNameEndingWith("Service").or().haveSimpleNameEndingWith("Store")
        .should().dependOnClassesThat().resideInAPackage("io.javalin..").check(SERVER);
  }

  @Test
  void onlyStoresRunSql() {
    noClasses().that(not(IN_A_STORE)).and(not(SQL_EXEMPT))
        .and().resideOutsideOfPackage("tabla.server.kernel..")
        .should().dependOnClassesThat().haveFullyQualifiedName("org.jdbi.v3.core.Handle")
        .because("SQL lives in each concern's *Store (the kernel's Database answers only its health probe)")
        .check(SERVER);
  }

  @Test
  void theSqlExemptionsNameClassesThatExist() {
    SQL_OUTSIDE_A_STORE.forEach(name -> assertThat(SERVER.contain(name)).as(name).isTrue());
  }

  @Test
  void theConcernsImportEachOtherInNoCircle() {
    slices().matching("tabla.server.(*)..")
        .should().beFreeOfCycles()
        .check(SERVER);
  }
}
