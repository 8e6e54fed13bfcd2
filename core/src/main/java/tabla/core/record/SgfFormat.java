package tabla.core.record;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Result;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.record.SgfTree.Node;
import tabla.core.record.Transcript.Entry;
import tabla.core.record.Transcript.Ending;
import tabla.core.record.Transcript.GameRecord;
import tabla.core.record.Transcript.Kind;

/**
 * SGF for backgammon (GM[6]) as GNU Backgammon 1.07 saves and loads it: one game tree per game, the
 * root holding MI[length:L][game:G][ws:W][bs:B] (G counts from 0, as gnubg writes it), RU (NoCube,
 * Crawford, CrawfordGame, Jacoby) and RE ("W+2", "B+4R" for a resignation). Player 0 is White.
 *
 * <p>Points are letters: 'a'..'x' are White's points 1..24 and Black's 24..1, 'y' the bar, 'z' off.
 * A turn is W[52mhxv]: the dice, then one from/to pair per die; hits are not marked. Cube actions
 * are W[double], B[take], B[drop]; a beaver (and a raccoon) is another "double", which the other
 * side then takes. A roll left unplayed (before a resignation) is PL[B]DI[65]. Resignations and
 * rejected resignations get no node; an accepted one shows only in RE. Reading keeps the main line
 * and skips gnubg's analysis (A, DA, MR, GS) and comments; set-up positions are refused.
 */
public final class SgfFormat {
  private static final Pattern TURN = Pattern.compile("^([1-6])([1-6])([a-z]*)$");
  private static final Pattern RESULT = Pattern.compile("^([WB])\\+(\\d+)(R?)");
  private static final String APP = "Tabla:0.1";

  private SgfFormat() {}

  // ---------------------------------------------------------------- writing

  public static Result<String> write(Match match, RecordInfo info) {
    String why = Transcript.unsupported(match.rules());
    if (why != null) return Result.err(why);
    Rules rules = match.rules();
    StringBuilder sb = new StringBuilder();
    List<GameRecord> games = Transcript.of(match);
    for (int gi = 0; gi < games.size(); gi++) {
      GameRecord g = games.get(gi);
      sb.append("(;FF[4]GM[6]CA[UTF-8]AP[").append(APP).append("]MI[length:").append(rules.matchLength())
          .append("][game:").append(gi).append("][ws:").append(g.scores()[0]).append("][bs:")
          .append(g.scores()[1]).append(']');
      prop(sb, "PW", info.player0());
      prop(sb, "PB", info.player1());
      if (gi == 0) {
        prop(sb, "WR", info.rating0());
        prop(sb, "BR", info.rating1());
        prop(sb, "DT", info.date());
        prop(sb, "EV", info.event());
        prop(sb, "RO", info.round());
        prop(sb, "PC", info.place());
        prop(sb, "AN", info.annotator());
        prop(sb, "GC", info.comment());
      }
      List<String> ru = new ArrayList<>();
      if (!rules.cube()) ru.add("NoCube");
      if (!rules.isMoney() && rules.crawford()) ru.add("Crawford");
      if (g.crawfordGame()) ru.add("CrawfordGame");
      if (rules.isMoney() && rules.jacoby()) ru.add("Jacoby");
      if (!ru.isEmpty()) prop(sb, "RU", String.join(":", ru));
      if (g.end() != null) {
        prop(sb, "RE", side(g.end().winner()) + "+" + g.end().points() + (g.end().resigned() ? "R" : ""));
      }
      List<Entry> entries = g.entries();
      for (int i = 0; i < entries.size(); i++) {
        Entry e = entries.get(i);
        sb.append("\n;");
        if (e.kind() == Kind.UNPLAYED) {
          sb.append("PL[").append(side(e.player())).append("]DI[").append(e.dice().high()).append(e.dice().low())
              .append(']');
          continue;
        }
        sb.append(side(e.player())).append('[').append(value(e)).append(']');
        boolean beaver = e.kind() == Kind.BEAVER || e.kind() == Kind.RACCOON;
        if (beaver && (i + 1 == entries.size() || entries.get(i + 1).kind() != Kind.RACCOON)) {
          sb.append("\n;").append(side(1 - e.player())).append("[take]"); // gnubg: the redoubled side accepts
        }
      }
      sb.append(")\n");
    }
    return Result.ok(sb.toString());
  }

  private static void prop(StringBuilder sb, String name, String value) {
    if (value != null) sb.append(name).append('[').append(SgfTree.escape(value)).append(']');
  }

  private static char side(int player) {
    return player == 0 ? 'W' : 'B';
  }

  private static String value(Entry e) {
    return switch (e.kind()) {
      case DOUBLE, BEAVER, RACCOON -> "double";
      case TAKE -> "take";
      case DROP -> "drop";
      default -> {
        StringBuilder sb = new StringBuilder().append(e.dice().high()).append(e.dice().low());
        for (Move m : e.moves()) sb.append(letter(e.player(), m.from())).append(letter(e.player(), m.to()));
        yield sb.toString();
      }
    };
  }

  /** A point of {@code player}'s own numbering (25 bar, 0 off) as an SGF letter. */
  static char letter(int player, int point) {
    if (point == Move.BAR) return 'y';
    if (point == Move.OFF) return 'z';
    return (char) ('a' + (player == 0 ? point - 1 : 24 - point));
  }

  static int point(int player, char letter) {
    if (letter == 'y') return Move.BAR;
    if (letter == 'z') return Move.OFF;
    return player == 0 ? letter - 'a' + 1 : 24 - (letter - 'a');
  }

  // ---------------------------------------------------------------- reading

  public static Result<MatchRecord> read(String text) {
    Result<List<List<Node>>> parsed = SgfTree.parse(text);
    if (!parsed.isOk()) return Result.err(parsed.error());
    List<List<Node>> trees = parsed.get();
    Node root = trees.get(0).get(0);
    String gm = root.get("GM");
    if (gm != null && !gm.trim().equals("6")) return err(root.line(), "GM[" + gm + "] is not backgammon (GM[6])");
    Map<String, String> mi = info(root);
    int length;
    try {
      length = Integer.parseInt(mi.getOrDefault("length", "0").trim());
    } catch (NumberFormatException e) {
      return err(root.line(), "cannot read the match length in MI");
    }
    List<String> ru = root.props().containsKey("RU") ? List.of(root.get("RU").split(":")) : List.of();
    for (String token : ru) {
      if (!List.of("NoCube", "Crawford", "CrawfordGame", "Jacoby").contains(token)) {
        return err(root.line(), "the rule or variant '" + token + "' is not supported");
      }
    }
    RecordInfo info = new RecordInfo(root.get("PW"), root.get("PB"), root.get("EV"), root.get("RO"),
        root.get("PC"), root.get("DT"), root.get("AN"), root.get("GC"), root.get("WR"), root.get("BR"));
    List<GameRecord> games = new ArrayList<>();
    boolean[] tricks = {false, false};
    for (List<Node> tree : trees) {
      // gnubg never marks a 1-point match's game as the Crawford game; the engine does (harmless).
      Result<GameRecord> g = game(tree, ru.contains("Crawford") && length > 1, tricks);
      if (!g.isOk()) return Result.err(g.error());
      games.add(g.get());
    }
    boolean cube = !ru.contains("NoCube");
    Rules rules = length > 0
        ? Rules.match(length).toBuilder().cube(cube).crawford(ru.contains("Crawford")).build()
        : Rules.money().toBuilder().cube(cube).jacoby(cube && ru.contains("Jacoby"))
            .beavers(tricks[0] || tricks[1]).raccoons(tricks[1]).build();
    return Replay.run(rules, info, games).map(m -> new MatchRecord(m, info));
  }

  private static Map<String, String> info(Node root) {
    Map<String, String> mi = new HashMap<>();
    for (String v : root.props().getOrDefault("MI", List.of())) {
      int colon = v.indexOf(':');
      if (colon > 0) mi.put(v.substring(0, colon).trim().toLowerCase(), v.substring(colon + 1));
    }
    return mi;
  }

  private static Result<GameRecord> game(List<Node> tree, boolean crawfordRule, boolean[] tricks) {
    Node root = tree.get(0);
    Map<String, String> mi = info(root);
    int[] scores = null;
    if (mi.containsKey("ws") && mi.containsKey("bs")) {
      try {
        scores = new int[] {Integer.parseInt(mi.get("ws").trim()), Integer.parseInt(mi.get("bs").trim())};
      } catch (NumberFormatException e) {
        return err(root.line(), "cannot read the scores in MI");
      }
    }
    String ru = root.get("RU");
    Boolean crawfordGame = crawfordRule ? ru != null && ru.contains("CrawfordGame") : null;
    List<Entry> entries = new ArrayList<>();
    for (Node n : tree) {
      for (String setup : List.of("AB", "AW", "AE", "CO", "CP")) {
        if (n.props().containsKey(setup)) return err(n.line(), "set-up positions (" + setup + ") are not supported");
      }
      String cv = n.get("CV");
      if (cv != null && !cv.trim().equals("1")) return err(n.line(), "a preset cube (CV) is not supported");
      String error = turn(n, entries, tricks);
      if (error != null) return Result.err(error);
    }
    Ending end = null;
    String re = root.get("RE");
    Matcher m = re == null ? null : RESULT.matcher(re.trim());
    if (m != null && m.lookingAt()) {
      end = new Ending(m.group(1).equals("W") ? 0 : 1, Integer.parseInt(m.group(2)), !m.group(3).isEmpty(),
          root.line());
    }
    return Result.ok(new GameRecord(root.line(), scores, crawfordGame, entries, end));
  }

  /** The turn a node holds, added to {@code entries}; null, or why it cannot be read. */
  private static String turn(Node n, List<Entry> entries, boolean[] tricks) {
    String w = n.get("W");
    String b = n.get("B");
    if (w == null && b == null) {
      String di = n.get("DI");
      String pl = n.get("PL");
      if (di == null || pl == null) return null; // root, or a node without play
      Matcher m = TURN.matcher(di.trim());
      if (!m.matches() || !m.group(3).isEmpty()) return "line " + n.line() + ": cannot read the dice DI[" + di + "]";
      Dice d = new Dice(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
      entries.add(new Entry(pl.trim().equals("W") ? 0 : 1, Kind.UNPLAYED, d, List.of(), 0, n.line()));
      return null;
    }
    int player = w != null ? 0 : 1;
    String v = (w != null ? w : b).trim();
    Entry prev = entries.isEmpty() ? null : entries.get(entries.size() - 1);
    switch (v) {
      case "double" -> {
        Kind k = MatFormat.answer(entries, player);
        if (k != null) tricks[k == Kind.RACCOON ? 1 : 0] = true;
        entries.add(Entry.of(player, k == null ? Kind.DOUBLE : k, 0, n.line()));
      }
      case "take" -> {
        boolean acceptsBeaver = prev != null && (prev.kind() == Kind.BEAVER || prev.kind() == Kind.RACCOON);
        if (!acceptsBeaver) entries.add(Entry.of(player, Kind.TAKE, 0, n.line()));
      }
      case "drop" -> entries.add(Entry.of(player, Kind.DROP, 0, n.line()));
      default -> {
        Matcher m = TURN.matcher(v);
        if (!m.matches() || m.group(3).length() % 2 != 0 || m.group(3).length() > 8) {
          return "line " + n.line() + ": cannot read the turn '" + v + "'";
        }
        List<Move> moves = new ArrayList<>();
        String pairs = m.group(3);
        for (int i = 0; i < pairs.length(); i += 2) {
          int from = point(player, pairs.charAt(i));
          int to = point(player, pairs.charAt(i + 1));
          if (from < 1 || from > Move.BAR || to < 0 || to > 24 || to >= from) {
            return "line " + n.line() + ": '" + pairs.substring(i, i + 2) + "' in '" + v + "' is not a forward move";
          }
          moves.add(Move.of(from, to, false));
        }
        Dice d = new Dice(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        entries.add(new Entry(player, Kind.ROLL, d, moves, 0, n.line()));
      }
    }
    return null;
  }

  private static <T> Result<T> err(int line, String why) {
    return Result.err("line " + line + ": " + why);
  }
}
