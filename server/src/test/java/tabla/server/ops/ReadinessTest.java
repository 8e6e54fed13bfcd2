package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * /readyz follows PostgreSQL: ready while it answers, 503 with the reason while it is unreachable (every
 * connection to it cut by a relay, as when it stops), ready again when it is back; /healthz stays up.
 */
class ReadinessTest {

  @Test
  @Timeout(180)
  void readyFailsWhilePostgresIsUnreachable() {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base)) {
      try (TablaServer server = TablaServer.start(proxy.through(base))) {
        ApiClient c = new ApiClient(server.port());
        assertThat(c.get("/readyz").status()).isEqualTo(200);

        proxy.cut();
        Resp down = c.get("/readyz");
        assertThat(down.status()).as("%s", down).isEqualTo(503);
        assertThat(down.json().get("error").asText()).startsWith("the database");
        assertThat(c.get("/healthz").status()).as("the process is still up").isEqualTo(200);

        proxy.restore();
        long end = System.nanoTime() + 90_000_000_000L;
        int status;
        do {
          status = c.get("/readyz").status();
          if (status == 200) break;
          sleep(500);
        } while (System.nanoTime() < end);
        assertThat(status).as("ready again once the database is back").isEqualTo(200);
      }
    }
  }

  private static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
