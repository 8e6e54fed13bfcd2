package tabla.server.fibs;

import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.FibsSettings;

/** The FIBS tests' server: its own empty H2 database, the door on a free port (its {@code fibsPort()}). */
final class FibsTestServer {
  private FibsTestServer() {}

  /** Started, with FIBS's bounds but 1,000 commands a second: the tests' players type as fast as they read. */
  static TablaServer start() {
    return TablaServer.start(TestDb.H2.freshConfig(TestServers.DICE_SEED).withFibs(settings()));
  }

  /** The door's settings of {@link #start}: on a free port, 1,000 commands a second. */
  static FibsSettings settings() {
    return FibsSettings.on(0).withBounds(1024, 1000, 60 * 60_000L, 60_000L, 50, 200);
  }
}
