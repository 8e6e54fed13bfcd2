package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.util.LinkedHashMap;
import java.util.Map;
import tabla.server.kernel.Refused;

/**
 * The one place where a refusal becomes an HTTP answer: its status, its JSON body ({@code error}, the English sentence;
 * {@code code} and {@code args} where the refuser names a {@link tabla.server.kernel.RefusalCode}) and its Retry-After
 * header.
 */
public final class Refusals {
  private Refusals() {}

  public static int status(Refused.Kind kind) {
    return switch (kind) {
      case INVALID -> 400;
      case UNAUTHENTICATED -> 401;
      case FORBIDDEN -> 403;
      case NOT_FOUND -> 404;
      case CONFLICT -> 409;
      case GONE -> 410;
      case TOO_LARGE -> 413;
      case TOO_MANY -> 429;
      case UNAVAILABLE -> 503;
    };
  }

  /** The HTTP error for a domain refusal, for adapters that throw rather than answer. */
  public static ApiError toHttp(Refused r) {
    return ApiError.of(status(r.kind()), r.code(), r.args(), r.getMessage(), r.extra(), r.retryAfterSeconds());
  }

  public static void answer(Refused r, Context ctx) {
    answer(toHttp(r), ctx);
  }

  public static void answer(ApiError e, Context ctx) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("error", e.getMessage()); // English, for every client; "code" and "args" let a page say it in its language
    if (e.code() != null) body.put("code", e.code().code());
    if (!e.args().isEmpty()) body.put("args", e.args());
    if (e.extra() != null) body.put("snapshot", e.extra());
    if (e.retryAfterSeconds() > 0) ctx.header("Retry-After", String.valueOf(e.retryAfterSeconds()));
    ctx.status(e.status()).json(body);
  }
}
