package tabla.server;

import java.util.function.UnaryOperator;
import tabla.server.cluster.ClusterSettings;
import tabla.server.kernel.ServerConfig;

/**
 * Two nodes of a cluster in this JVM, "a" and "b", on one fresh PostgreSQL schema: what the in-process cluster tests
 * start (skipped without PostgreSQL). Neither test waits for a lease to run out (a stopping node gives its games back
 * at once), so the nodes hold theirs for 30 s: a stall of a loaded CI machine longer than the default 3 s must not
 * move a game mid-test. Closing stops b, then a.
 */
public record TwoNodes(ServerConfig config, TablaServer a, TablaServer b) implements AutoCloseable {
  public static final String SECRET = "cluster-test-secret-0123456789";
  public static final long LEASE_MILLIS = 30_000;

  /** The settings of node {@code name} of these tests' cluster. */
  public static ClusterSettings node(String name) {
    return new ClusterSettings(name, null, SECRET, LEASE_MILLIS);
  }

  /** Both nodes on the tests' dice seed, with {@code change} made to the fresh configuration. */
  public static TwoNodes start(UnaryOperator<ServerConfig> change) {
    return start(TestServers.DICE_SEED, change);
  }

  public static TwoNodes start(long diceSeed, UnaryOperator<ServerConfig> change) {
    TestDb.POSTGRES.assume();
    ServerConfig config = change.apply(TestDb.POSTGRES.freshConfig(diceSeed));
    TablaServer a = TablaServer.start(config, node("a"));
    try {
      return new TwoNodes(config, a, TablaServer.start(config, node("b")));
    } catch (RuntimeException e) {
      a.close();
      throw e;
    }
  }

  @Override
  public void close() {
    try {
      b.close();
    } finally {
      a.close();
    }
  }
}
