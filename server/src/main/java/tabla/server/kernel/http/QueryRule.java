package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.util.List;
import java.util.Map;

/**
 * Query parameters hold no control characters, as JSON bodies do not ({@link Json#hasControl}): a NUL in
 * /api/admin/users?q= reached PostgreSQL, which refuses it, and came back as a 500 (issue 30). Refused before any
 * route: 400 and a sentence.
 */
public final class QueryRule {
  private QueryRule() {}

  public static void before(Context ctx) {
    for (Map.Entry<String, List<String>> p : ctx.queryParamMap().entrySet()) {
      if (Json.hasControl(p.getKey())) throw ApiError.badRequest("control characters are not allowed in a query");
      for (String v : p.getValue()) {
        if (Json.hasControl(v)) {
          throw ApiError.badRequest("control characters are not allowed in the query parameter '" + p.getKey() + "'");
        }
      }
    }
  }
}
