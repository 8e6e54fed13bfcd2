package tabla.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.util.concurrent.CompletableFuture;

/**
 * One simulated, registered user of the load test: its session cookie and CSRF token, kept by hand so that
 * thousands of users share one {@link HttpClient} (one selector thread) instead of a client each.
 */
final class LoadUser {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final String COOKIE = "tabla_session";

  /** What the server answered: the status and the JSON body (an empty object when there was none). */
  record Answer(int status, JsonNode json) {
    boolean ok() {
      return status < 300;
    }
  }

  private final HttpClient http;
  private final String url;
  private final String cookie;
  private final String csrf;

  private LoadUser(HttpClient http, String url, String cookie, String csrf) {
    this.http = http;
    this.url = url;
    this.cookie = cookie;
    this.csrf = csrf;
  }

  /** Registers {@code name} on the server at {@code url}. */
  static LoadUser register(HttpClient http, String url, String name) throws Exception {
    HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(url + "/api/register"))
        .header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"" + name + "\",\"password\":\"load-test-pw\"}")).build(),
        HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 201) throw new IllegalStateException("register " + name + " → " + r.statusCode() + " " + r.body());
    String session = r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith(COOKIE + "="))
        .map(c -> c.substring(0, c.indexOf(';') < 0 ? c.length() : c.indexOf(';'))).findFirst()
        .orElseThrow(() -> new IllegalStateException("register " + name + ": no session cookie"));
    return new LoadUser(http, url, session, JSON.readTree(r.body()).get("csrf").asText());
  }

  /** The session's CSRF token: actions over the game socket carry it (docs/api.md). */
  String csrf() {
    return csrf;
  }

  CompletableFuture<Answer> post(String path, String body) {
    HttpRequest r = HttpRequest.newBuilder(URI.create(url + path)).header("Cookie", cookie).header("X-CSRF-Token", csrf)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build();
    return http.sendAsync(r, HttpResponse.BodyHandlers.ofString()).thenApply(LoadUser::answer);
  }

  CompletableFuture<Answer> get(String path) {
    HttpRequest r = HttpRequest.newBuilder(URI.create(url + path)).header("Cookie", cookie).GET().build();
    return http.sendAsync(r, HttpResponse.BodyHandlers.ofString()).thenApply(LoadUser::answer);
  }

  /** Opens this user's WebSocket on a game. */
  CompletableFuture<WebSocket> watch(long gameId, WebSocket.Listener listener) {
    return http.newWebSocketBuilder().header("Cookie", cookie)
        .buildAsync(URI.create(url.replaceFirst("^http", "ws") + "/ws/games/" + gameId), listener);
  }

  private static Answer answer(HttpResponse<String> r) {
    try {
      return new Answer(r.statusCode(), r.body().isBlank() ? JSON.createObjectNode() : JSON.readTree(r.body()));
    } catch (Exception e) {
      return new Answer(r.statusCode(), JSON.createObjectNode().put("error", r.body()));
    }
  }
}
