package tabla.server.fibs;

/**
 * FIBS's move text ("24-18 13-11", "bar-22 6-off", or the same with spaces: "24 18 13 11") in Tabla's notation from
 * the mover's side ("24/18 13/11"). FIBS numbers the points absolutely, as the board: line does: the O player (seat 0)
 * moves from 24 down to 1, the X player (seat 1) from 1 up to 24, so seat 1's points are turned round.
 */
final class MoveText {
  private MoveText() {}

  /** Tabla's notation, or null when the text is no list of from-to pairs. */
  static String toTabla(String fibs, int seat) {
    String[] t = fibs.trim().toLowerCase(java.util.Locale.ROOT).split("[\\s\\-]+");
    if (t.length < 2 || t.length > 8 || t.length % 2 != 0) return null;
    StringBuilder b = new StringBuilder();
    for (int i = 0; i < t.length; i += 2) {
      String from = point(t[i], seat, true);
      String to = point(t[i + 1], seat, false);
      if (from == null || to == null) return null;
      if (b.length() > 0) b.append(' ');
      b.append(from).append('/').append(to);
    }
    return b.toString();
  }

  private static String point(String s, int seat, boolean from) {
    if (s.equals("bar") || s.equals("b")) return from ? "bar" : null;
    if (s.equals("off") || s.equals("o") || s.equals("home")) return from ? null : "off";
    if (!s.matches("\\d{1,2}")) return null;
    int n = Integer.parseInt(s);
    // the numbers FIBS gives the bar and the home: 25 and 0 for O, 0 and 25 for X
    int bar = seat == 0 ? 25 : 0;
    if (n == bar) return from ? "bar" : null;
    if (n == 25 - bar) return from ? null : "off";
    if (n < 1 || n > 24) return null;
    return String.valueOf(seat == 0 ? n : 25 - n);
  }
}
