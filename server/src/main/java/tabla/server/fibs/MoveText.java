package tabla.server.fibs;

/**
 * FIBS's move text ("24-18 13-11", "bar-22 6-off", or the same with spaces: "24 18 13 11") in Tabla's notation from
 * the mover's side ("24/18 13/11"). FIBS numbers the points absolutely, as the board: line does: the O player (seat 0)
 * moves from 24 down to 1, the X player (seat 1) from 1 up to 24, so seat 1's points are turned round.
 */
final class MoveText {
  private MoveText() {}

  /**
   * The legal play of {@code g} that FIBS's text names, in Tabla's notation, with the hits it makes (FIBS's text never
   * marks them): the same moves in any order. When none matches exactly, the text as Tabla's notation, for the
   * game's own reader to judge (a checker moved in one step over two dice, say); null when it is no list of pairs.
   */
  static String toTabla(String fibs, int seat, tabla.core.match.Game g) {
    String plain = toTabla(fibs, seat);
    if (plain == null) return null;
    java.util.List<String> wanted = new java.util.ArrayList<>(java.util.List.of(plain.split(" ")));
    java.util.Collections.sort(wanted);
    for (tabla.core.Play p : g.legalPlays()) {
      java.util.List<String> has = new java.util.ArrayList<>();
      for (tabla.core.Move m : p.moves()) {
        has.add((m.from() == 25 ? "bar" : String.valueOf(m.from())) + "/" + (m.to() == 0 ? "off" : String.valueOf(m.to())));
      }
      java.util.Collections.sort(has);
      if (has.equals(wanted)) return tabla.core.format.Notation.write(p);
    }
    return plain;
  }

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
