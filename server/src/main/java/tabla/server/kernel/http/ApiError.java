package tabla.server.kernel.http;

/**
 * A refused HTTP request: the status and a sentence for the user. Only HTTP adapters (routes) and the kernel's HTTP
 * helpers use it; services and stores throw {@link tabla.server.kernel.Refused}, which {@link Refusals} maps here.
 */
public final class ApiError extends RuntimeException {
  private final int status;
  private final transient Object extra;
  private final long retryAfterSeconds;

  public ApiError(int status, String message) {
    this(status, message, null);
  }

  public ApiError(int status, String message, Object extra) {
    this(status, message, extra, 0);
  }

  private ApiError(int status, String message, Object extra, long retryAfterSeconds) {
    super(message, null, false, false);
    this.status = status;
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

  static ApiError of(int status, String message, Object extra, long retryAfterSeconds) {
    return new ApiError(status, message, extra, retryAfterSeconds);
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
    return new ApiError(status, why, null, Math.max(1, seconds));
  }
}
