package tabla.server.kernel.http;

/** The {@code page} query parameter of a paged list: 0 when absent, else 0 to a bound, or a 400 with the bound. */
public final class PageParam {
  private PageParam() {}

  public static int read(String text, int max) {
    if (text == null || text.isBlank()) return 0;
    try {
      int p = Integer.parseInt(text);
      if (p >= 0 && p <= max) return p;
    } catch (NumberFormatException e) {
      // said below
    }
    throw ApiError.badRequest("page must be 0 to " + max);
  }
}
