package tabla.server.http;

/** A refused request: the HTTP status and a sentence for the user. Thrown by handlers, mapped to JSON. */
public final class ApiError extends RuntimeException {
  private final int status;
  private final transient Object extra;

  public ApiError(int status, String message) {
    this(status, message, null);
  }

  public ApiError(int status, String message, Object extra) {
    super(message, null, false, false);
    this.status = status;
    this.extra = extra;
  }

  public int status() {
    return status;
  }

  /** Something to send along with the error, e.g. a fresh snapshot on a version conflict. */
  public Object extra() {
    return extra;
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
}
