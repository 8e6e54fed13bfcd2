package tabla.server;

import static com.tngtech.archunit.base.DescribedPredicate.alwaysTrue;
import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.simpleNameEndingWith;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
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
   * TODO(s7-games, remove at the final merge of issue 24): the packages the game-service restructuring is still
   * rebuilding (game service, socket layer, topology). Rules that fail only because of them leave them out for now.
   */
  private static final String[] BEING_REBUILT = {"tabla.server.games..", "tabla.server.cluster..",
      "tabla.server.rematch..", "tabla.server.watch.."};

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
      JavaClass top = c;
      while (top.getEnclosingClass().isPresent()) top = top.getEnclosingClass().get();
      return top.getSimpleName().endsWith("Store");
    }
  };

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
    noClasses().that().resideOutsideOfPackages(BEING_REBUILT).and().resideOutsideOfPackage("tabla.server.kernel.http..")
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
    noClasses().that().resideOutsideOfPackages(BEING_REBUILT).and(not(IN_A_STORE))
        .and().resideOutsideOfPackage("tabla.server.kernel..")
        .should().dependOnClassesThat().haveFullyQualifiedName("org.jdbi.v3.core.Handle")
        .because("SQL lives in each concern's *Store (the kernel's Database answers only its health probe)")
        .check(SERVER);
  }

  @Test
  void theConcernsImportEachOtherInNoCircle() {
    DescribedPredicate<JavaClass> rebuilt = resideInAnyPackage(BEING_REBUILT);
    slices().matching("tabla.server.(*)..")
        .should().beFreeOfCycles()
        // TODO(s7-games, remove at the final merge of issue 24): these two lines leave out the packages being rebuilt
        .ignoreDependency(rebuilt, alwaysTrue())
        .ignoreDependency(alwaysTrue(), rebuilt)
        .check(SERVER);
  }
}
