package tabla.server.kernel.http;

import java.util.Map;
import tabla.server.kernel.RefusalCode;

/**
 * A refused HTTP request: the status and a sentence for the user. Only HTTP adapters (routes) and the kernel's HTTP
 * helpers use it; services and stores throw {@link tabla.server.kernel.Refused}, which {@link Refusals} maps here.
 */
public final class ApiError extends RuntimeException {
  private final int status;
  private final transient Object extra;
  private final long retryAfterSeconds;
  private final RefusalCode code;
  private final transient Map<String, Object> args;

  public ApiError(int status, String message) {
    this(status, message, null);
  }

  public ApiError(int status, String message, Object extra) {
    this(status, null, Map.of(), message, extra, 0);
  }

  /** A refusal with its machine-readable code and the values of its sentence (see {@link RefusalCode}). */
  public ApiError(int status, RefusalCode code, Map<String, Object> args, String message) {
    this(status, code, args, message, null, 0);
  }

  /** As {@link #ApiError(int, RefusalCode, Map, String)}, with something to send along (e.g. a game's snapshot). */
  public ApiError(int status, RefusalCode code, Map<String, Object> args, String message, Object extra) {
    this(status, code, args, message, extra, 0);
  }

  private ApiError(int status, RefusalCode code, Map<String, Object> args, String message, Object extra, long retryAfterSeconds) {
    super(message, null, false, false);
    this.status = status;
    this.code = code;
    this.args = Map.copyOf(args);
    this.extra = extra;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public int status() {
    return status;
  }

  /** Something to send along with the error, e.g. a fresh snapshot on a version conflict. */
  public Object extra() {
    return extra;
  }

  /** The Retry-After header's seconds, or 0 for none. */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** The refusal's code, or null for none (the client shows the sentence). */
  public RefusalCode code() {
    return code;
  }

  /** The values in the sentence, by the names the code's translations use; empty for none. */
  public Map<String, Object> args() {
    return args;
  }

  static ApiError of(int status, RefusalCode code, Map<String, Object> args, String message, Object extra, long retryAfterSeconds) {
    return new ApiError(status, code, args, message, extra, retryAfterSeconds);
  }

  public static ApiError badRequest(String why) {
    return new ApiError(400, why);
  }

  public static ApiError notFound(String what) {
    return new ApiError(404, what + " not found");
  }

  public static ApiError forbidden(String why) {
    return new ApiError(403, why);
  }

  /** A refusal that passes (429 too many, 503 unavailable): the client may try again after {@code seconds}. */
  public static ApiError retryLater(int status, String why, long seconds) {
    return new ApiError(status, null, Map.of(), why, null, Math.max(1, seconds));
  }

  /** As {@link #retryLater(int, String, long)}, with the refusal's code and the values of its sentence. */
  public static ApiError retryLater(int status, RefusalCode code, Map<String, Object> args, String why, long seconds) {
    return new ApiError(status, code, args, why, null, Math.max(1, seconds));
  }
}
