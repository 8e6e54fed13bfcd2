package tabla.server.ops;

import tabla.server.kernel.SiteSettings;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.util.Map;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.Auth;

/**
 * The operator's side of HTTP: /healthz, /readyz, /metrics; and around every request the security
 * headers, the Secure-cookie flag, the request log line (tabla.access) and the request metrics.
 */
public final class OpsRoutes {
  static final Logger ACCESS = LoggerFactory.getLogger("tabla.access");
  private static final String STARTED = "tabla.started";

  private final Metrics metrics;
  private final Readiness readiness;
  private final Sockets sockets;
  private final SecurityHeaders headers;
  private final boolean secureCookies;

  public OpsRoutes(SiteSettings site, Metrics metrics, Readiness readiness, Sockets sockets) {
    this.metrics = metrics;
    this.readiness = readiness;
    this.sockets = sockets;
    this.headers = new SecurityHeaders(site.secureCookies());
    this.secureCookies = site.secureCookies();
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  public void register(JavalinDefaultRoutingApi routes) {
    routes.before(this::before);
    routes.after(this::after);
    routes.get("/healthz", ctx -> ctx.json(Map.of("status", "up")));
    routes.get("/readyz", ctx -> {
      Optional<String> problem = readiness.problem();
      ctx.status(problem.isEmpty() ? 200 : 503)
          .json(problem.isEmpty() ? Map.of("status", "ready") : Map.of("status", "not ready", "error", problem.get()));
    });
    routes.get("/metrics", ctx -> ctx.contentType("text/plain; version=0.0.4; charset=utf-8").result(metrics.scrape()));
  }

  private void before(Context ctx) {
    ctx.attribute(STARTED, System.nanoTime());
    ctx.attribute(Auth.SECURE_ATTR, secureCookies);
    headers.apply(ctx);
  }

  private void after(Context ctx) {
    Long t0 = ctx.attribute(STARTED);
    long nanos = t0 == null ? 0 : System.nanoTime() - t0;
    int status = ctx.statusCode();
    String route = route(ctx);
    metrics.request(ctx.method().name(), route, status, nanos);
    if (status == 200 && ctx.method() == HandlerType.POST && "/api/games/{id}/actions".equals(route)) {
      metrics.actionAccepted();
    }
    if (ACCESS.isInfoEnabled()) {
      ACCESS.info("{} {} {} {} {}ms", ctx.ip(), ctx.method().name(), ctx.path(), status, nanos / 1_000_000);
    }
  }

  /** The route template that served the request ("/api/games/{id}"), "static" or "unmatched": a bounded set. */
  static String route(Context ctx) {
    try {
      io.javalin.router.Endpoint e = ctx.endpoints().lastHttpEndpoint();
      String p = e == null ? null : e.path;
      return p == null || p.isEmpty() || p.equals("*") ? fallback(ctx) : p;
    } catch (RuntimeException e) {
      return fallback(ctx);
    }
  }

  private static String fallback(Context ctx) {
    return ctx.statusCode() == 404 ? "unmatched" : "static";
  }
}
