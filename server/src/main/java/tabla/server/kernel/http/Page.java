package tabla.server.kernel.http;

import io.javalin.http.Context;
import java.util.List;

/**
 * One page of a list: {@code ?limit=} (1 to {@code max}, default {@code dflt}) and {@code ?offset=} (0 to
 * {@link #MAX_OFFSET}). The answer names the next page's offset, or null after the last.
 */
public record Page(int limit, int offset) {
  /** Deep pages cost the database a scan of everything before them; nobody reads that far. */
  public static final int MAX_OFFSET = 100_000;

  public static Page of(Context ctx, int dflt, int max) {
    return new Page(number(ctx, "limit", dflt, 1, max), number(ctx, "offset", 0, 0, MAX_OFFSET));
  }

  /** Rows to ask for: one more than the page, to know whether another follows. */
  public int fetch() {
    return limit + 1;
  }

  /** The page's rows out of {@link #fetch()} rows read. */
  public <T> List<T> rows(List<T> read) {
    return read.size() > limit ? read.subList(0, limit) : read;
  }

  /** The offset of the next page, or null when {@code read} (of {@link #fetch()} rows) was the last. */
  public Integer next(List<?> read) {
    return read.size() > limit ? offset + limit : null;
  }

  private static int number(Context ctx, String name, int dflt, int min, int max) {
    String v = ctx.queryParam(name);
    if (v == null) return dflt;
    try {
      int n = Integer.parseInt(v);
      if (n >= min && n <= max) return n;
    } catch (NumberFormatException e) {
      // below
    }
    throw ApiError.badRequest("'" + name + "' must be a whole number from " + min + " to " + max);
  }
}
