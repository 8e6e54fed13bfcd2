package tabla.server.ops;

import io.javalin.http.Context;

/**
 * Headers every answer carries. The page loads only its own scripts, styles and images (no inline
 * script anywhere, so none is allowed), talks only to its own origin (WebSockets included), and may not be
 * framed by another site (clickjacking). Over https, browsers are also told to stay on https.
 */
public final class SecurityHeaders {
  public static final String CSP = String.join("; ",
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data:",
      "font-src 'self'",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      "frame-ancestors 'none'");

  private final boolean https;

  public SecurityHeaders(boolean https) {
    this.https = https;
  }

  public void apply(Context ctx) {
    ctx.header("Content-Security-Policy", CSP);
    ctx.header("X-Frame-Options", "DENY");
    ctx.header("X-Content-Type-Options", "nosniff");
    ctx.header("Referrer-Policy", "same-origin");
    ctx.header("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    ctx.header("Cross-Origin-Opener-Policy", "same-origin");
    if (https) ctx.header("Strict-Transport-Security", "max-age=31536000");
    if (ctx.path().startsWith("/api/")) ctx.header("Cache-Control", "no-store");
  }
}
