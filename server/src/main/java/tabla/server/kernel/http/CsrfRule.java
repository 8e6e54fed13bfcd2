package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.util.Locale;
import java.util.Map;
import tabla.server.kernel.SiteCode;

/**
 * The CSRF rule of a request that changes something before there is a session to carry a token (sign-up, log-in,
 * guest, password reset): it must be sent as JSON. Another site's page can send a form or text/plain to any address
 * without asking, but a JSON content type only through a CORS preflight, which this site never grants; without the
 * rule a cross-site form could log a visitor into another account or replace their session with a guest (issue 30).
 * The other state-changing requests carry the session's X-CSRF-Token header.
 */
public final class CsrfRule {
  private CsrfRule() {}

  public static void requireJson(Context ctx) {
    String type = ctx.header("Content-Type");
    String media = type == null ? "" : type.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
    if (!media.equals("application/json")) {
      throw new ApiError(415, SiteCode.JSON_ONLY, Map.of(), "send this request as JSON (Content-Type: application/json); forms and plain text "
          + "are refused, so that another site cannot send it for you");
    }
  }
}
