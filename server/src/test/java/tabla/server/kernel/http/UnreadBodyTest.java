package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * A request whose body a handler never reads (a refusal from a before-handler, an action that takes no input) must
 * leave its connection usable for the next request. A client (Java's HttpClient, a browser) writes a POST's headers
 * and its body apart; when the answer went before the body arrived, Jetty closed the connection after the answer
 * without a "Connection: close", and the client's next request on it met a closed socket ("header parser received no
 * bytes": the CI failure of AdminHttpTest).
 */
class UnreadBodyTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @Test
  void aBodyThatArrivesAfterItsHeadersDoesNotCostTheConnection() throws Exception {
    try (Socket s = new Socket("127.0.0.1", SERVERS.port(TestDb.H2))) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      InputStream in = s.getInputStream();
      // A wrong admin token: refused by the before-handler, which has no reason to read the body.
      out.write(("POST /api/admin/invitations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tabla-Admin-Token: " + "0".repeat(64)
          + "\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      Thread.sleep(300); // the body comes in a later packet, as it may from any client
      out.write("{}".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      String first = answer(in);
      assertThat(first).startsWith("HTTP/1.1 403");
      assertThat(first.toLowerCase(Locale.ROOT)).doesNotContain("connection: close");

      out.write("GET /api/notices HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      assertThat(answer(in)).as("the next request on the same connection").startsWith("HTTP/1.1 200");
    }
  }

  @Test
  void aLongBodyNobodyReadsIsNotWaitedFor() throws Exception {
    try (Socket s = new Socket("127.0.0.1", SERVERS.port(TestDb.H2))) {
      // Well under Jetty's 10 s wait for a client's next bytes, which a read of this body would wait out.
      s.setSoTimeout(5_000);
      s.getOutputStream().write(("POST /api/admin/invitations HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Tabla-Admin-Token: "
          + "0".repeat(64) + "\r\nContent-Type: application/json\r\nContent-Length: " + (JettyBounds.LEFT_BODY_BYTES + 1)
          + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
      s.getOutputStream().flush();
      assertThat(answer(s.getInputStream())).as("refused without its body").startsWith("HTTP/1.1 403");
    }
  }

  /** One answer with a Content-Length, read whole; "" when the server closed the connection first. */
  private static String answer(InputStream in) throws IOException {
    ByteArrayOutputStream got = new ByteArrayOutputStream();
    while (true) {
      int b;
      try {
        b = in.read();
      } catch (java.net.SocketException reset) {
        return got.toString(StandardCharsets.ISO_8859_1);
      }
      if (b < 0) return got.toString(StandardCharsets.ISO_8859_1);
      got.write(b);
      String text = got.toString(StandardCharsets.ISO_8859_1);
      int end = text.indexOf("\r\n\r\n");
      if (end < 0) continue;
      String head = text.substring(0, end).toLowerCase(Locale.ROOT);
      int i = head.indexOf("content-length:");
      int length = i < 0 ? 0 : Integer.parseInt(head.substring(i + 15).split("\r\n")[0].trim());
      if (text.length() - end - 4 >= length) return text;
    }
  }
}
