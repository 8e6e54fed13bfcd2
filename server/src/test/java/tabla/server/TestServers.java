package tabla.server;

import java.util.EnumMap;
import java.util.Map;

/**
 * The in-process servers of one test class, one per database, each started on first use on an
 * empty database and a random port; the class closes them in its {@code @AfterAll}.
 */
public final class TestServers implements AutoCloseable {
  public static final long DICE_SEED = 20240611L;

  private final Map<TestDb, TablaServer> servers = new EnumMap<>(TestDb.class);

  /** The port of the server on {@code db}, started now if needed; skips the test when db is absent. */
  public synchronized int port(TestDb db) {
    db.assume();
    return servers.computeIfAbsent(db, TestServers::start).port();
  }

  public ApiClient client(TestDb db) {
    return new ApiClient(port(db));
  }

  /** A server of its own, on its own empty database (for tests that change server-wide state). */
  public static TablaServer start(TestDb db) {
    return TablaServer.start(db.freshConfig(DICE_SEED));
  }

  @Override
  public synchronized void close() {
    servers.values().forEach(TablaServer::close);
    servers.clear();
  }
}
