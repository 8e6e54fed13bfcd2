package tabla.server;

import java.nio.file.Path;
import java.util.Map;

/**
 * How the server runs: port and database. The default is an embedded H2 file database under
 * {@code ./data}; TABLA_DB_URL (with TABLA_DB_USER, TABLA_DB_PASSWORD) points it at PostgreSQL.
 *
 * @param testDiceSeed when not null, games use seeded dice (for end-to-end tests only)
 */
public record ServerConfig(int port, String dbUrl, String dbUser, String dbPassword, Long testDiceSeed) {

  public static final int DEFAULT_PORT = 8080;

  /**
   * The H2 file database under {@code dataDir}. WRITE_DELAY=0 writes each commit to the file before
   * the commit returns: H2's default keeps up to 500 ms of committed transactions in memory, which a
   * killed process loses (acknowledged moves, new games, sessions).
   */
  public static String h2Url(Path dataDir) {
    return "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("tabla")
        + ";AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0";
  }

  /** From environment variables, falling back to port 8080 and H2 under ./data. */
  public static ServerConfig fromEnv(Map<String, String> env) {
    int port = Integer.parseInt(env.getOrDefault("TABLA_PORT", String.valueOf(DEFAULT_PORT)));
    String url = env.getOrDefault("TABLA_DB_URL", h2Url(Path.of(env.getOrDefault("TABLA_DATA", "data"))));
    String seed = env.get("TABLA_TEST_DICE_SEED");
    return new ServerConfig(port, url, env.getOrDefault("TABLA_DB_USER", "tabla"),
        env.getOrDefault("TABLA_DB_PASSWORD", ""), seed == null ? null : Long.parseLong(seed));
  }

  public ServerConfig withPort(int p) {
    return new ServerConfig(p, dbUrl, dbUser, dbPassword, testDiceSeed);
  }

  public ServerConfig withDb(String url, String user, String password) {
    return new ServerConfig(port, url, user, password, testDiceSeed);
  }

  public ServerConfig withTestDiceSeed(Long seed) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, seed);
  }

  public boolean isPostgres() {
    return dbUrl.startsWith("jdbc:postgresql:");
  }
}
