package tabla.server.kernel;

import java.nio.file.Path;
import java.util.Map;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.RateLimits;
import tabla.server.kernel.MailSettings;
import tabla.server.kernel.SiteSettings;

/**
 * How the server runs: port and database. The default is an embedded H2 file database under
 * {@code ./data}; TABLA_DB_URL (with TABLA_DB_USER, TABLA_DB_PASSWORD) points it at PostgreSQL.
 *
 * @param testDiceSeed when not null, games use seeded dice (for end-to-end tests only)
 * @param site what the host decides: bind address, public URL, proxies, registration, admins
 * @param limits attempts per client address (TABLA_RATE_LIMITS)
 * @param mail the SMTP server for password-reset mail, or {@link MailSettings#NONE}
 * @param fibs the CLIP (FIBS client protocol) listener: TABLA_FIBS_PORT, 4321 by default, "off" for none
 */
public record ServerConfig(int port, String dbUrl, String dbUser, String dbPassword, Long testDiceSeed,
    SiteSettings site, RateLimits limits, MailSettings mail, FibsSettings fibs) {

  /** Without the CLIP listener (tests, and programs that start a server of their own). */
  public ServerConfig(int port, String dbUrl, String dbUser, String dbPassword, Long testDiceSeed,
      SiteSettings site, RateLimits limits, MailSettings mail) {
    this(port, dbUrl, dbUser, dbPassword, testDiceSeed, site, limits, mail, FibsSettings.OFF);
  }

  public static final int DEFAULT_PORT = 8080;
  /** Names the test-only dice seed; without {@link #INSECURE_DICE_ENV}=1 beside it the server refuses to start. */
  public static final String TEST_DICE_ENV = "TABLA_TEST_DICE_SEED";
  public static final String INSECURE_DICE_ENV = "TABLA_INSECURE_TEST_DICE";

  /** A configuration with the default site settings (loopback, open registration, no admins). */
  public ServerConfig(int port, String dbUrl, String dbUser, String dbPassword, Long testDiceSeed) {
    this(port, dbUrl, dbUser, dbPassword, testDiceSeed, SiteSettings.defaults());
  }

  /** A configuration with the default rate limits that sends no mail. */
  public ServerConfig(int port, String dbUrl, String dbUser, String dbPassword, Long testDiceSeed, SiteSettings site) {
    this(port, dbUrl, dbUser, dbPassword, testDiceSeed, site, RateLimits.defaults(), MailSettings.NONE);
  }

  /**
   * H2's page cache in kB (its default is 16 MB). Live matches write to more pages than it holds, so the cache turns
   * over: each entry lives a few seconds, as long as a think time, and young collections copy it. With 4 MB, 2,000
   * think-time matches left 3.3 kB per action at age 1 instead of 4.9 (64 MB: 9.4) and a young pause took 41 ms of
   * CPU instead of 64, at the same CPU per action (docs/measurements/2026-11-27-think-time-survivors.md): the pages
   * it no longer holds are read back from the operating system's file cache.
   */
  static final int H2_CACHE_KB = 4096;

  /**
   * The H2 file database under {@code dataDir}. WRITE_DELAY=0 writes each commit to the file before
   * the commit returns: H2's default keeps up to 500 ms of committed transactions in memory, which a
   * killed process loses (acknowledged moves, new games, sessions). CACHE_SIZE: {@link #H2_CACHE_KB}.
   */
  public static String h2Url(Path dataDir) {
    return "jdbc:h2:file:" + dataDir.toAbsolutePath().resolve("tabla")
        + ";AUTO_SERVER=FALSE;DB_CLOSE_ON_EXIT=FALSE;WRITE_DELAY=0;CACHE_SIZE=" + H2_CACHE_KB;
  }

  /**
   * From environment variables, falling back to port 8080 and H2 under ./data. A wrong value is an
   * IllegalArgumentException saying which. {@value #TEST_DICE_ENV} makes every roll predictable, so it is
   * refused unless {@value #INSECURE_DICE_ENV}=1 says the person means it.
   */
  public static ServerConfig fromEnv(Map<String, String> env) {
    int port = number(env, "TABLA_PORT", DEFAULT_PORT);
    SiteSettings site = SiteSettings.fromEnv(env);
    String url = env.getOrDefault("TABLA_DB_URL", h2Url(site.dataDir()));
    String seed = env.get(TEST_DICE_ENV);
    Long diceSeed = null;
    if (seed != null && !seed.isBlank()) {
      if (!"1".equals(env.get(INSECURE_DICE_ENV))) {
        throw new IllegalArgumentException(TEST_DICE_ENV + " makes every roll predictable and is for tests only; "
            + "set " + INSECURE_DICE_ENV + "=1 as well to start with it anyway, or unset it");
      }
      try {
        diceSeed = Long.parseLong(seed.trim());
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(TEST_DICE_ENV + " must be a whole number, not '" + seed + "'");
      }
    }
    return new ServerConfig(port, url, env.getOrDefault("TABLA_DB_USER", "tabla"),
        env.getOrDefault("TABLA_DB_PASSWORD", ""), diceSeed, site, RateLimits.fromEnv(env), MailSettings.fromEnv(env),
        FibsSettings.fromEnv(env));
  }

  private static int number(Map<String, String> env, String name, int dflt) {
    String v = env.get(name);
    if (v == null || v.isBlank()) return dflt;
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(name + " must be a whole number, not '" + v + "'");
    }
  }

  public ServerConfig withPort(int p) {
    return new ServerConfig(p, dbUrl, dbUser, dbPassword, testDiceSeed, site, limits, mail, fibs);
  }

  public ServerConfig withDb(String url, String user, String password) {
    return new ServerConfig(port, url, user, password, testDiceSeed, site, limits, mail, fibs);
  }

  public ServerConfig withTestDiceSeed(Long seed) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, seed, site, limits, mail, fibs);
  }

  public ServerConfig withSite(SiteSettings s) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, testDiceSeed, s, limits, mail, fibs);
  }

  public ServerConfig withMail(MailSettings m) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, testDiceSeed, site, limits, m, fibs);
  }

  public ServerConfig withLimits(RateLimits l) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, testDiceSeed, site, l, mail, fibs);
  }

  public ServerConfig withFibs(FibsSettings f) {
    return new ServerConfig(port, dbUrl, dbUser, dbPassword, testDiceSeed, site, limits, mail, f);
  }

  /** Says loudly, at start, that the dice are predictable (tests and demonstrations only). */
  public void warnIfInsecure() {
    if (testDiceSeed != null) {
      LoggerFactory.getLogger(ServerConfig.class).warn("INSECURE: dice are seeded from {} ({}): every roll can be "
          + "predicted. Never run a real site like this.", TEST_DICE_ENV, testDiceSeed);
    }
  }

  public boolean isPostgres() {
    return dbUrl.startsWith("jdbc:postgresql:");
  }
}
