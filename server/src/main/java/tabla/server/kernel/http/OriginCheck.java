package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.net.URI;
import java.util.Locale;

/**
 * A WebSocket upgrade is refused (403) when a browser says it comes from another site's page: a socket opened there
 * carries the player's cookie and would receive their private chat (issue 30). Allowed: the same origin as the
 * request's Host, the site's public URL (TABLA_PUBLIC_URL), and no Origin at all (programs, not browsers; a browser
 * always sends one on a socket).
 */
public final class OriginCheck {
  private final String publicOrigin;

  /** {@code publicUrl}: the site's address as its visitors see it, or null. */
  public OriginCheck(URI publicUrl) {
    this.publicOrigin = publicUrl == null ? null : origin(publicUrl);
  }

  public void beforeUpgrade(Context ctx) {
    String origin = ctx.header("Origin");
    if (origin != null && !allowed(origin, ctx.header("Host"))) {
      throw ApiError.forbidden("this socket was opened from another site's page");
    }
  }

  /** Whether a socket from {@code origin} to a request whose Host header is {@code host} is allowed. */
  boolean allowed(String origin, String host) {
    URI o;
    try {
      o = new URI(origin.trim());
    } catch (java.net.URISyntaxException e) {
      return false;
    }
    if (o.getScheme() == null || o.getHost() == null) return false; // "null", a file: page
    String seen = origin(o);
    if (seen.equals(publicOrigin)) return true;
    if (host == null || host.isBlank()) return false;
    int port = o.getPort() >= 0 ? o.getPort() : defaultPort(o.getScheme());
    String h = host.trim().toLowerCase(Locale.ROOT);
    String expected = o.getHost().toLowerCase(Locale.ROOT);
    return h.equals(expected + ":" + port) || (port == defaultPort(o.getScheme()) && h.equals(expected));
  }

  /** scheme://host:port, lower case, the port always said. */
  private static String origin(URI u) {
    String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
    int port = u.getPort() >= 0 ? u.getPort() : defaultPort(scheme);
    return scheme + "://" + (u.getHost() == null ? "" : u.getHost().toLowerCase(Locale.ROOT)) + ":" + port;
  }

  private static int defaultPort(String scheme) {
    return switch (scheme.toLowerCase(Locale.ROOT)) {
      case "https", "wss" -> 443;
      default -> 80;
    };
  }
}
