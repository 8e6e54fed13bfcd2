package tabla.server.cluster;

import io.javalin.http.Context;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import tabla.server.games.Ownership;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.http.ApiError;

/**
 * Sends a request for a game that another node runs to that node, and its answer back. The owner holds the room
 * in memory and applies its actions one at a time under the room's lock; forwarding keeps it the only writer of
 * the game, so a second node never has to load the room, guess its state, or lose a race at the fence. It costs
 * one hop on loopback or the local network for the requests that land on another node than the game's.
 *
 * <p>A forwarded request carries the cluster's secret in {@link #NODE_HEADER}; the owner serves it itself and never
 * forwards it again (the load balancer removes that header from what clients send).
 */
public final class Forwarding {
  public static final String NODE_HEADER = "X-Tabla-Node";
  /** What a forwarded request may take at the owner (an action is stored in milliseconds; the computer thinks apart). */
  static final Duration TIMEOUT = Duration.ofSeconds(10);
  private static final List<String> PASSED = List.of("Cookie", "X-CSRF-Token", "Content-Type", "Accept", "Accept-Language");
  private static final List<String> RETURNED = List.of("Content-Type", "Retry-After", "Cache-Control", "Content-Disposition");

  private final GameLeases leases;
  private final String secret;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  private final Affinity affinity;
  private final java.util.concurrent.atomic.AtomicLong forwarded = new java.util.concurrent.atomic.AtomicLong();

  Forwarding(GameLeases leases, String secret, Affinity affinity) {
    this.leases = leases;
    this.secret = secret;
    this.affinity = affinity;
  }

  /** Whether a request came from another node of this cluster (then it is served here). */
  public boolean fromNode(Context ctx) {
    return secret.equals(ctx.header(NODE_HEADER));
  }

  /**
   * Before the routes of /api/games/{id}/…: a game another node runs is answered by that node, unless HAProxy sent
   * the request here as the game's node, which then takes the game ({@link Affinity}).
   */
  public void before(Context ctx) {
    long id = gameId(ctx.path());
    if (id < 0 || fromNode(ctx)) return;
    Ownership.Owner owner = leases.ownerElsewhere(id);
    if (owner == null || affinity.pullIfHome(ctx, id)) return; // served here
    forwarded.incrementAndGet();
    HttpResponse<byte[]> answer = send(owner, ctx.method().name(), ctx.path(), ctx.queryString(), ctx.bodyAsBytes(),
        header -> ctx.header(header), forwardedFor(ctx));
    ctx.status(answer.statusCode());
    for (String h : RETURNED) answer.headers().firstValue(h).ifPresent(v -> ctx.header(h, v));
    ctx.result(answer.body());
    ctx.skipRemainingHandlers();
  }

  /** The requests sent to another node by {@link #before} so far (not the sockets' snapshots). */
  long forwarded() {
    return forwarded.get();
  }

  /** The game of a path /api/games/{id}[/…], or -1 for another path (/api/games/computer). */
  static long gameId(String path) {
    String[] parts = path.split("/");
    if (parts.length < 4 || !parts[1].equals("api") || !parts[2].equals("games")) return -1;
    try {
      return Long.parseLong(parts[3]);
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private static String forwardedFor(Context ctx) {
    String prior = tabla.server.kernel.ClientAddress.joined(
        java.util.Collections.list(ctx.req().getHeaders("X-Forwarded-For"))); // every line: the proxy's is last
    String peer = ctx.req().getRemoteAddr();
    return prior == null || prior.isBlank() ? peer : prior + ", " + peer;
  }

  /**
   * One request to the owner as the user who sent it (their cookie); a 503 to try again when the owner does not
   * answer: it died, and another node takes the game over within seconds.
   */
  HttpResponse<byte[]> send(Ownership.Owner owner, String method, String path, String query, byte[] body,
      java.util.function.UnaryOperator<String> headers, String forwardedFor) {
    HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(owner.url() + path + (query == null ? "" : "?" + query)))
        .timeout(TIMEOUT).method(method, body == null || body.length == 0 ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofByteArray(body))
        .header(NODE_HEADER, secret).header("X-Forwarded-For", forwardedFor);
    for (String h : PASSED) {
      String v = headers.apply(h);
      if (v != null) b.header(h, v);
    }
    try {
      return http.send(b.build(), HttpResponse.BodyHandlers.ofByteArray());
    } catch (IOException e) {
      throw ApiError.retryLater(503, SiteCode.GAME_MOVING, Map.of(),
          "the server running this game stopped; another takes it over within seconds: try again", 2);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw ApiError.retryLater(503, "the request was interrupted; try again", 1);
    }
  }
}
