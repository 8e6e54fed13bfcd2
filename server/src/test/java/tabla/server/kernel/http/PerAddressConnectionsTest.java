package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.junit.jupiter.api.Test;

/** The per-address connection bound on a bare Jetty: a third connection from one address is closed on accept. */
class PerAddressConnectionsTest {

  @Test
  void aConnectionPastTheLimitIsClosedAndAClosedOneGivesItsPlaceBack() throws Exception {
    Server server = new Server();
    ServerConnector connector = new ServerConnector(server);
    connector.setHost("127.0.0.1");
    connector.setPort(0);
    server.addConnector(connector);
    PerAddressConnections limit = new PerAddressConnections(server, 2, address -> false);
    server.addBean(limit);
    server.start();
    List<Socket> sockets = new ArrayList<>();
    try {
      for (int i = 0; i < 3; i++) sockets.add(connect(connector.getLocalPort()));
      assertThat(closedByServer(sockets.get(2))).as("the third connection").isTrue();
      assertThat(closedByServer(sockets.get(0))).as("the first").isFalse();
      assertThat(closedByServer(sockets.get(1))).as("the second").isFalse();
      assertThat(limit.openFrom("127.0.0.1")).isEqualTo(2);
      sockets.get(0).close();
      awaitCount(limit, 1);
      Socket again = connect(connector.getLocalPort());
      sockets.add(again);
      assertThat(closedByServer(again)).as("a new one once the first closed").isFalse();
    } finally {
      for (Socket s : sockets) s.close();
      server.stop();
    }
  }

  private static Socket connect(int port) throws Exception {
    Socket s = new Socket();
    s.connect(new InetSocketAddress("127.0.0.1", port), 2000);
    return s;
  }

  /** Whether the server has closed {@code s} (an end of stream within half a second). */
  private static boolean closedByServer(Socket s) throws Exception {
    s.setSoTimeout(500);
    InputStream in = s.getInputStream();
    try {
      return in.read() < 0;
    } catch (SocketTimeoutException open) {
      return false;
    } catch (java.net.SocketException reset) {
      return true;
    }
  }

  private static void awaitCount(PerAddressConnections limit, int n) throws InterruptedException {
    for (int i = 0; i < 100 && limit.openFrom("127.0.0.1") != n; i++) Thread.sleep(20);
    assertThat(limit.openFrom("127.0.0.1")).isEqualTo(n);
  }
}
