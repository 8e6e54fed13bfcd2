package tabla.server.kernel.http;

import io.javalin.http.Context;

/** A route's numeric {@code {id}}: a path that names no number is a thing that does not exist, so 404 naming it. */
public final class PathId {
  private PathId() {}

  /** {@code what} names the thing in the answer: "seek", "record", … */
  public static long read(Context ctx, String what) {
    String id = ctx.pathParam("id");
    try {
      return Long.parseLong(id);
    } catch (NumberFormatException e) {
      throw ApiError.notFound(what + " '" + id + "'");
    }
  }
}
