package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.WebSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * What an open game socket costs the heap (issue 12: 10,000 sockets in think-time mode within 1.5 GB of RSS). Each
 * board keeps a socket open for the whole game, so a per-socket regression multiplies by the site's players.
 */
class SocketMemoryTest {
  private static final TestServers SERVERS = new TestServers();
  /** Sockets held open at once: enough that the heap's own noise (caches, a thread's buffers) is small beside them. */
  private static final int SOCKETS = 200;
  /**
   * The bounds per socket, client and server together in this one JVM (heap after a full collection). Measured: about
   * 96 kB, of which 4 kB of char[]; the JDK's client holds about 50 kB of it (three 16 kB buffers). Before issue 12's
   * fix ({@code JettyBounds.HEADER_CACHE_SIZE}) a socket that came on a connection which had served a request kept
   * that connection's header cache, a 96 kB char[], as long as it was open: 198 kB, of which 102 kB of char[].
   */
  private static final long MAX_BYTES_PER_SOCKET = 144 * 1024;
  private static final long MAX_CHAR_BYTES_PER_SOCKET = 24 * 1024;

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @Test
  void anOpenGameSocketHoldsLittleHeap() throws Exception {
    ApiClient alice = SERVERS.client(TestDb.H2).registered("alice");
    ApiClient bob = SERVERS.client(TestDb.H2).registered("bob");
    long game = ApiClient.newGame(alice, bob, 1);
    ApiClient[] players = {alice, bob};
    closeAll(open(players, game, 20)); // warm: classes loaded, every thread's buffers made
    long before = LiveObjects.bytes("Total");
    long charsBefore = LiveObjects.bytes("[C");
    List<ApiWebSocketTest.Socket> sockets = open(players, game, SOCKETS);
    long perSocket = (LiveObjects.bytes("Total") - before) / SOCKETS;
    long charsPerSocket = (LiveObjects.bytes("[C") - charsBefore) / SOCKETS;
    closeAll(sockets);
    System.out.printf("an open game socket: %d bytes of heap, %d of them char[] (client and server)%n", perSocket,
        charsPerSocket);
    assertThat(charsPerSocket).as("char[] per open socket, bytes").isLessThan(MAX_CHAR_BYTES_PER_SOCKET);
    assertThat(perSocket).as("heap per open socket, bytes").isLessThan(MAX_BYTES_PER_SOCKET);
  }

  /** Opens {@code n} sockets on the game, as its players' boards do (with chat), each read up to its snapshot. */
  private static List<ApiWebSocketTest.Socket> open(ApiClient[] players, long game, int n) throws Exception {
    List<ApiWebSocketTest.Socket> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      players[i % 2].snapshot(game); // a request first: the socket may come on a connection that served one (a page's)
      ApiWebSocketTest.Socket s = ApiWebSocketTest.Socket.open(players[i % 2], game, "?chat=1");
      out.add(s);
      while (!s.next().get("type").asText().equals("snapshot")) {
        // chat history and counts come first
      }
      s.messages.clear(); // the test keeps nothing a socket sent
    }
    return out;
  }

  private static void closeAll(List<ApiWebSocketTest.Socket> sockets) throws Exception {
    for (ApiWebSocketTest.Socket s : sockets) s.ws.sendClose(WebSocket.NORMAL_CLOSURE, "");
    for (ApiWebSocketTest.Socket s : sockets) s.closed.get(30, TimeUnit.SECONDS);
  }
}
