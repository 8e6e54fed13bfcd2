package tabla.server;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import tabla.server.kernel.ServerConfig;

/**
 * A test's own session on a server's embedded database that holds a row, so that the server's write of it waits
 * inside its statement until the test lets go: how the stop tests hold a write across the start of the stop.
 */
public final class HeldRows {
  private HeldRows() {}

  /** A fresh embedded database on which a write held by the test's row lock waits for it (H2's default: 2 s). */
  public static ServerConfig patientConfig() {
    ServerConfig base = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    return base.withDb(base.dbUrl() + ";LOCK_TIMEOUT=30000", base.dbUser(), base.dbPassword());
  }

  /** A session of the test's that holds row {@code id} of {@code table} until it rolls back (or closes). */
  public static Connection hold(ServerConfig config, String table, long id) throws SQLException {
    Connection lock = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword());
    lock.setAutoCommit(false);
    try (Statement st = lock.createStatement()) {
      st.executeQuery("SELECT id FROM " + table + " WHERE id = " + id + " FOR UPDATE").close();
    }
    return lock;
  }

  /** Until a session of the server waits for the row {@code lock} holds. */
  public static void awaitBlockedSession(Connection lock) throws Exception {
    for (int i = 0; i < 2000; i++) {
      if (blocked(lock)) return;
      Thread.sleep(10);
    }
    throw new AssertionError("no write of the server came to wait on the held row");
  }

  /** Whether a session of the server waits for a row {@code lock} holds (H2 names the blocker of each session). */
  public static boolean blocked(Connection lock) throws SQLException {
    try (ResultSet rs = lock.createStatement().executeQuery(
        "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL")) {
      rs.next();
      return rs.getInt(1) > 0;
    }
  }
}
