package tabla.server.kernel;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import org.flywaydb.core.Flyway;
import org.jdbi.v3.core.Jdbi;

/** The connection pool, the schema (Flyway migrations under db/migration) and JDBI over them. */
public final class Database implements AutoCloseable {
  /**
   * How long a request waits for a connection before it is told the database is unreachable (503): a request
   * must fail within 2 s, not hang for Hikari's default 30 s.
   */
  public static final long CONNECTION_TIMEOUT_MS = 1000;
  /** How long a starting server keeps trying to reach its database. */
  static final long START_PATIENCE_MS = 20_000;
  private final HikariDataSource dataSource;
  private final Jdbi jdbi;
  /** Null unless the database is an H2 file. */
  private final H2Compaction compaction;

  private Database(HikariDataSource ds, H2Compaction compaction) {
    this.dataSource = ds;
    this.jdbi = Jdbi.create(ds);
    jdbi.define(ROW_LOCK, rowLockOf(ds));
    this.compaction = compaction;
  }

  public static Database open(ServerConfig config) {
    return open(config, null);
  }

  /** With the pool's measurements (hikaricp_connections_*) in {@code metrics}, when given. */
  public static Database open(ServerConfig config, io.micrometer.core.instrument.MeterRegistry metrics) {
    HikariConfig hc = new HikariConfig();
    if (metrics != null) hc.setMetricRegistry(metrics);
    hc.setJdbcUrl(config.dbUrl());
    hc.setUsername(config.dbUser());
    hc.setPassword(config.dbPassword());
    hc.setMaximumPoolSize(8);
    hc.setConnectionTimeout(CONNECTION_TIMEOUT_MS);
    hc.setValidationTimeout(500); // a borrowed connection found dead is replaced within the same second
    // At start, a first connection that does not answer within the validation timeout (a loaded machine, the database
    // still starting) is tried again for this long before the server gives up, instead of failing on the first try.
    hc.setInitializationFailTimeout(START_PATIENCE_MS);
    hc.setPoolName("tabla");
    HikariDataSource ds = new HikariDataSource(hc);
    try {
      Flyway.configure().dataSource(ds).locations("classpath:db/migration").load().migrate();
    } catch (RuntimeException e) {
      ds.close();
      throw e;
    }
    return new Database(ds, H2Compaction.startFor(config.dbUrl(), ds));
  }

  /**
   * The lock a store takes on a row it uses as a mutex (a user's row, before counting or changing what is theirs),
   * written {@code <rowLock>} in the store's SQL (a Jdbi attribute of {@link #jdbi}, derived once when the database
   * opens, not asked of the connection at every statement): on PostgreSQL {@code FOR NO KEY UPDATE}, which excludes
   * the other lockers but not the {@code FOR KEY SHARE} that an insert referencing the row takes for its foreign
   * key. With {@code FOR UPDATE} a rating transaction (both players' rows, in id order) and a new game's insert (its
   * two players in seat order) waited for each other and PostgreSQL aborted one: a seek's acceptance failed. H2's
   * foreign keys take no row lock; it has {@code FOR UPDATE}.
   */
  public static final String ROW_LOCK = "rowLock";

  /** The clause {@code <rowLock>} stands for on the database behind {@code ds} ({@link #ROW_LOCK}). */
  static String rowLockOf(javax.sql.DataSource ds) {
    try (java.sql.Connection c = ds.getConnection()) {
      return c.getMetaData().getDatabaseProductName().equals("PostgreSQL") ? "FOR NO KEY UPDATE" : "FOR UPDATE";
    } catch (java.sql.SQLException e) {
      throw new IllegalStateException("cannot tell the database's kind", e);
    }
  }

  /** Whether the database answers a trivial query now (the outage detector's probe). */
  public boolean ping() {
    return jdbi.withHandle(h -> h.createQuery("SELECT 1").mapTo(Integer.class).one()) == 1;
  }

  public Jdbi jdbi() {
    return jdbi;
  }

  public javax.sql.DataSource dataSource() {
    return dataSource;
  }

  @Override
  public void close() {
    if (compaction != null) compaction.close();
    dataSource.close();
  }
}
