package tabla.server;

import tabla.server.kernel.ServerConfig;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import tabla.server.kernel.http.RateLimits;
import tabla.server.kernel.SiteSettings;

/**
 * The databases the API tests run against: an H2 file database in a fresh temporary folder, and
 * PostgreSQL when {@code TABLA_TEST_PG_URL} names one ({@code ./tabla test} installs, starts and
 * names it; a plain {@code mvn test} without it skips the PostgreSQL runs). Every server started
 * here begins from an empty schema of its own.
 */
public enum TestDb {
  H2,
  POSTGRES;

  public static final String PG_URL = "TABLA_TEST_PG_URL";

  public static String pgUrl() {
    String url = System.getenv(PG_URL);
    return url == null || url.isBlank() ? null : url;
  }

  /** Skips the calling test when this database is not available here. */
  public void assume() {
    if (this == POSTGRES) {
      Assumptions.assumeTrue(pgUrl() != null, PG_URL + " is not set: PostgreSQL tests skipped");
    }
  }

  /**
   * A configuration on an empty database: a new H2 folder, or a new schema of the PostgreSQL test
   * database (so a server of its own never disturbs another test's). Port 0 (any free port); dice
   * seeded for tests; no per-address creation limits (every test client is 127.0.0.1: RateLimitsTest
   * sets them), the login limits as on a real site.
   */
  public ServerConfig freshConfig(long diceSeed) {
    return freshDefaults(diceSeed).withLimits(RateLimits.defaults().withoutCreationLimits());
  }

  private ServerConfig freshDefaults(long diceSeed) {
    assume();
    Path dataDir = tempDir(this == H2 ? "tabla-h2-" : "tabla-data-");
    SiteSettings site = SiteSettings.defaults().withDataDir(dataDir);
    if (this == H2) return new ServerConfig(0, ServerConfig.h2Url(dataDir), "tabla", "", diceSeed, site);
    String user = env("TABLA_TEST_PG_USER", "tabla");
    String password = env("TABLA_TEST_PG_PASSWORD", "");
    String base = forkDatabase(pgUrl(), user, password);
    String schema = freshSchema(base, user, password);
    String url = base + (base.contains("?") ? "&" : "?") + "currentSchema=" + schema;
    return new ServerConfig(0, url, user, password, diceSeed, site);
  }

  /**
   * Surefire's number of this test JVM after an "f" (f1, f2, … when the server's tests run in several at once,
   * server/pom.xml); absent outside Maven.
   */
  static final String FORK_PROPERTY = "tabla.test.fork";

  /**
   * The database of this test JVM: the one {@code TABLA_TEST_PG_URL} names for the first (or only) one, and a
   * database of its own, named after it with "_f" and the fork's number and made when missing, for each other.
   * Schemas alone would not keep two JVMs apart: LISTEN/NOTIFY channels (the cluster's events) are per database,
   * and each JVM's first schema drops the schemas earlier runs left.
   */
  private static synchronized String forkDatabase(String url, String user, String password) {
    if (forkUrl == null) forkUrl = makeForkDatabase(url, user, password);
    return forkUrl;
  }

  private static String forkUrl;

  private static String makeForkDatabase(String url, String user, String password) {
    String property = System.getProperty(FORK_PROPERTY, "f1");
    if (!property.matches("f[0-9]{1,3}")) throw new IllegalStateException(FORK_PROPERTY + " is not f and a number: " + property);
    String fork = property.substring(1);
    if (fork.equals("1")) return url;
    int query = url.indexOf('?') < 0 ? url.length() : url.indexOf('?');
    int slash = url.lastIndexOf('/', query);
    String name = url.substring(slash + 1, query) + "_f" + fork;
    if (!name.matches("[A-Za-z0-9_]{1,63}")) throw new IllegalStateException("cannot name a test database after " + url);
    try (Connection con = DriverManager.getConnection(url, user, password);
        Statement st = con.createStatement()) {
      boolean exists;
      try (ResultSet rs = st.executeQuery("SELECT 1 FROM pg_database WHERE datname = '" + name + "'")) {
        exists = rs.next();
      }
      if (!exists) st.execute("CREATE DATABASE " + name);
    } catch (SQLException e) {
      throw new IllegalStateException("cannot make the test database " + name + " beside " + url + " (the role "
          + user + " needs CREATEDB, as ./tabla test gives it; or run with -Dtabla.test.forks=1)", e);
    }
    return url.substring(0, slash + 1) + name + url.substring(query);
  }

  private static final String SCHEMA_PREFIX = "tabla_test_";
  private static final AtomicInteger SCHEMAS = new AtomicInteger();
  private static final AtomicBoolean CLEANED = new AtomicBoolean();

  /**
   * Makes a new, empty schema. The first call of a test run drops the schemas earlier runs left, so
   * each run starts from a clean database.
   */
  private static synchronized String freshSchema(String url, String user, String password) {
    try (Connection con = DriverManager.getConnection(url, user, password);
        Statement st = con.createStatement()) {
      if (CLEANED.compareAndSet(false, true)) {
        List<String> old = new ArrayList<>();
        try (ResultSet rs = st.executeQuery("SELECT nspname FROM pg_namespace WHERE nspname LIKE '"
            + SCHEMA_PREFIX + "%'")) {
          while (rs.next()) old.add(rs.getString(1));
        }
        for (String s : old) st.execute("DROP SCHEMA " + s + " CASCADE");
      }
      String schema = SCHEMA_PREFIX + ProcessHandle.current().pid() + "_" + SCHEMAS.incrementAndGet();
      st.execute("CREATE SCHEMA " + schema);
      return schema;
    } catch (SQLException e) {
      throw new IllegalStateException("cannot make a PostgreSQL test schema at " + url, e);
    }
  }

  /** A new temporary folder, deleted with what is in it when the test JVM exits. */
  public static Path tempDir(String prefix) {
    try {
      Path dir = Files.createTempDirectory(prefix);
      Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteTree(dir)));
      return dir;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void deleteTree(Path dir) {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException | UncheckedIOException e) {
      // best effort: it is a temporary folder
    }
  }

  /** The environment a server process needs to use this configuration (for {@link ServerMain}). */
  public static Map<String, String> env(ServerConfig c) {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("TABLA_PORT", String.valueOf(c.port()));
    env.put("TABLA_DB_URL", c.dbUrl());
    env.put("TABLA_DB_USER", c.dbUser());
    env.put("TABLA_DB_PASSWORD", c.dbPassword());
    if (c.limits().registrations().off()) env.put(RateLimits.ENV, "off");
    if (c.testDiceSeed() != null) {
      env.put(ServerConfig.TEST_DICE_ENV, String.valueOf(c.testDiceSeed()));
      env.put(ServerConfig.INSECURE_DICE_ENV, "1");
    }
    return env;
  }

  private static String env(String name, String dflt) {
    String v = System.getenv(name);
    return v == null ? dflt : v;
  }
}
