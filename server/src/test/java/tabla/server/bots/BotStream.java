package tabla.server.bots;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import tabla.server.ApiClient;

/** A test's reader of one bot NDJSON stream: its lines as they come, on a thread of its own. */
final class BotStream implements AutoCloseable {
  /** Queued when the server ended the stream. */
  static final String END = "\u0000end";

  final int status;
  final String contentType;
  final String errorBody;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  private final InputStream body;

  private BotStream(HttpResponse<InputStream> r) throws IOException {
    status = r.statusCode();
    contentType = r.headers().firstValue("Content-Type").orElse("");
    body = r.body();
    if (status != 200) {
      errorBody = new String(body.readAllBytes(), StandardCharsets.UTF_8);
      return;
    }
    errorBody = null;
    Thread t = new Thread(() -> {
      try (BufferedReader in = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8))) {
        for (String line; (line = in.readLine()) != null; ) lines.add(line);
      } catch (IOException e) {
        // closed by the test
      }
      lines.add(END);
    }, "bot-stream-reader");
    t.setDaemon(true);
    t.start();
  }

  static BotStream open(URI base, String path, String secret) {
    try {
      HttpRequest req = HttpRequest.newBuilder(base.resolve(path)).header("Authorization", "Bearer " + secret).GET()
          .build();
      return new BotStream(HttpClient.newHttpClient().send(req, HttpResponse.BodyHandlers.ofInputStream()));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  /** The next line (an empty one is a keep-alive; {@link #END} when the server ended the stream), or null. */
  String line(long millis) {
    try {
      return lines.poll(millis, TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** The next JSON line, keep-alives skipped; null at the end or after {@code millis}. */
  JsonNode json(long millis) {
    long until = System.currentTimeMillis() + millis;
    while (System.currentTimeMillis() < until) {
      String l = line(until - System.currentTimeMillis());
      if (l == null || l.equals(END)) return null;
      if (l.isEmpty()) continue;
      try {
        return ApiClient.JSON.readTree(l);
      } catch (IOException e) {
        throw new AssertionError("not one JSON text a line: " + l, e);
      }
    }
    return null;
  }

  @Override
  public void close() {
    try {
      body.close();
    } catch (IOException e) {
      // gone already
    }
  }
}
