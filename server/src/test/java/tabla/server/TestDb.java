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
    String schema = freshSchema(pgUrl(), user, password);
    String url = pgUrl() + (pgUrl().contains("?") ? "&" : "?") + "currentSchema=" + schema;
    return new ServerConfig(0, url, user, password, diceSeed, site);
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
