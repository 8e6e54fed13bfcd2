package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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

/** The errors Jetty answers before Javalin (bad request line, headers too large) are JSON too, with the security headers. */
class JettyErrorsTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** Sends raw bytes and reads the whole answer (the server closes after a bad message). */
  private static String raw(String request) throws IOException {
    try (Socket s = new Socket("127.0.0.1", SERVERS.port(TestDb.H2))) {
      s.setSoTimeout(10_000);
      OutputStream out = s.getOutputStream();
      out.write(request.getBytes(StandardCharsets.ISO_8859_1));
      out.flush();
      InputStream in = s.getInputStream();
      ByteArrayOutputStream got = new ByteArrayOutputStream();
      byte[] buf = new byte[8192];
      try {
        for (int n; (n = in.read(buf)) > 0; ) {
          got.write(buf, 0, n);
          if (got.toString(StandardCharsets.ISO_8859_1).contains("\r\n\r\n") && complete(got.toString(StandardCharsets.ISO_8859_1))) break;
        }
      } catch (java.net.SocketException reset) {
        // the server may reset after answering a request it will not read
      }
      return got.toString(StandardCharsets.UTF_8);
    }
  }

  private static boolean complete(String answer) {
    int end = answer.indexOf("\r\n\r\n");
    String head = answer.substring(0, end).toLowerCase(Locale.ROOT);
    int i = head.indexOf("content-length:");
    if (i < 0) return false;
    int len = Integer.parseInt(head.substring(i + 15).split("\r\n")[0].trim());
    return answer.length() - end - 4 >= len;
  }

  private static void assertJsonError(String answer, int status) throws IOException {
    assertThat(answer).startsWith("HTTP/1.1 " + status);
    String head = answer.substring(0, answer.indexOf("\r\n\r\n")).toLowerCase(Locale.ROOT);
    assertThat(head).contains("content-type: application/json").contains("x-content-type-options: nosniff")
        .contains("content-security-policy: ");
    JsonNode body = new ObjectMapper().readTree(answer.substring(answer.indexOf("\r\n\r\n") + 4));
    assertThat(body.get("error").asText()).startsWith("the request was refused");
    assertThat(body.get("status").asInt()).isEqualTo(status);
  }

  @Test
  void headersTooLargeIsJson() throws IOException {
    String big = "x".repeat(20_000);
    assertJsonError(raw("GET /api/variants HTTP/1.1\r\nHost: x\r\nX-Big: " + big + "\r\n\r\n"), 431);
  }

  @Test
  void aMalformedRequestIsJson() throws IOException {
    assertJsonError(raw("GET /api/variants HTTP/1.1\r\nHost: x\r\nBad Header Without Colon\r\n\r\n"), 400);
  }
}
