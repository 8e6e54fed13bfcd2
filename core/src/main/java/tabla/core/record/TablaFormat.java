package tabla.core.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Tabla's own match record, for what .sgf and .mat cannot hold (every variant but backgammon, and
 * rules such as Holland or arithmetic stakes). Plain text, one action per line, replayed through the
 * engine on reading, so a record that breaks a rule is refused with its line number:
 *
 * <pre>
 * Tabla-Record: 1
 * Variant: plakoto
 * Rules: length=5 cube=false crawford=true … opening=WINNER_REROLLS
 * Player0: Alice
 * Player1: Bob
 *
 * Game 1
 * - rolloff 3 5
 * 1 roll 5 3
 * 1 move 24/19 24/21
 * 0 roll 6 6
 * 0 move pass
 * 0 double
 * 1 take
 * Result: player 1 wins 2 points
 * Forfeit: player 0 loses on time
 * </pre>
 *
 * Dice are written in the order rolled; a play in Tabla's notation (as {@link Notation#write}); each line
 * starts with the player who acts (0 or 1; {@code -} for the roll-off). "Game" and "Result" lines are
 * checked against the replay. A match that ended off the board (a fallen flag) ends with a "Forfeit" line.
 * Lines starting with {@code ;} are comments.
 */
public final class TablaFormat {
  public static final String MAGIC = "Tabla-Record: 1";

  private TablaFormat() {}

  public static String write(Match match, RecordInfo info) {
    return write(match, info, null);
  }

  /** As {@link #write(Match, RecordInfo)}, ending with the forfeit that ended the match, if any. */
  public static String write(Match match, RecordInfo info, Forfeit forfeit) {
    StringBuilder sb = new StringBuilder(MAGIC).append('\n');
    Rules r = match.rules();
    sb.append("Variant: ").append(r.variant().name()).append('\n');
    sb.append("Rules: length=").append(r.matchLength()).append(" cube=").append(r.cube()).append(" crawford=")
        .append(r.crawford()).append(" holland=").append(r.holland()).append(" jacoby=").append(r.jacoby())
        .append(" beavers=").append(r.beavers()).append(" raccoons=").append(r.raccoons())
        .append(" automaticDoubles=").append(r.automaticDoubles()).append(" maxCube=").append(r.maxCube())
        .append(" stakes=").append(r.stakes()).append(" scoring=").append(r.scoring())
        .append(" barBackgammonTimesFour=").append(r.barBackgammonTimesFour()).append(" opening=")
        .append(r.opening()).append(r.beaverRefusable() ? " beaverRefusable=true" : "")
        // Options added later are written only when set, so older records and readers stay as they were.
        .append(r.noGammonWithCube() ? " noGammonWithCube=true" : "")
        .append(r.drawPoints() != 0 ? " drawPoints=" + r.drawPoints() : "")
        .append(r.nextGame() != Rules.NextGame.ROLL_OFF ? " nextGame=" + r.nextGame() : "").append('\n');
    header(sb, "Player0", info.player0());
    header(sb, "Player1", info.player1());
    header(sb, "Event", info.event());
    header(sb, "Date", info.date());
    int no = 0;
    for (Game g : match.games()) {
      if (g.events().isEmpty()) continue; // the next game, not started
      sb.append("\nGame ").append(++no).append('\n');
      for (Game.Event e : g.events()) sb.append(e.player().isEmpty() ? "-" : String.valueOf(e.player().getAsInt())).append(' ')
          .append(action(e.action())).append('\n');
      if (g.isOver()) {
        sb.append("Result: ").append(g.result().isDraw() ? "draw" : "player " + g.result().winner().getAsInt() + " wins "
            + g.result().points() + " points").append('\n');
      }
    }
    if (forfeit != null) sb.append("Forfeit: ").append(forfeit.text()).append('\n');
    return sb.toString();
  }

  private static void header(StringBuilder sb, String key, String value) {
    if (value != null && !value.isBlank()) sb.append(key).append(": ").append(value.replace('\n', ' ')).append('\n');
  }

  /** One action as a record line writes it after the player: "roll 5 3", "move 24/19 24/21", "double". */
  public static String action(Action a) {
    if (a instanceof Action.RollOff r) return "rolloff " + r.die0() + " " + r.die1();
    if (a instanceof Action.Roll r) return "roll " + r.dice().first() + " " + r.dice().second();
    if (a instanceof Action.Move m) return "move " + (m.play().isPass() ? Notation.PASS : Notation.write(m.play()));
    if (a instanceof Action.Resign r) return "resign " + r.level();
    if (a instanceof Action.AcceptResign) return "accept";
    if (a instanceof Action.RejectResign) return "reject";
    return a.getClass().getSimpleName().toLowerCase(); // double, take, drop, beaver, raccoon
  }

  /** Reads a record and replays it; the error names the line and what is wrong there. */
  public static Result<MatchRecord> read(String text) {
    String[] lines = text.split("\r?\n", -1);
    if (lines.length == 0 || !lines[0].trim().equals(MAGIC)) return Result.err("line 1: not a Tabla record (" + MAGIC + ")");
    Map<String, String> head = new LinkedHashMap<>();
    int i = 1;
    for (; i < lines.length && !lines[i].isBlank(); i++) {
      String l = lines[i].trim();
      if (l.startsWith(";")) continue;
      int colon = l.indexOf(':');
      if (colon < 0) return Result.err("line " + (i + 1) + ": expected 'Key: value' in the header");
      head.put(l.substring(0, colon).trim(), l.substring(colon + 1).trim());
    }
    Result<Rules> rules = rules(head);
    if (!rules.isOk()) return Result.err("header: " + rules.error());
    Result<Match> start = Match.start(rules.get());
    if (!start.isOk()) return Result.err("header: " + start.error());
    Match m = start.get();
    int games = 0;
    int[] consumed = {0, 1}; // events of the current game accounted for by lines; that game's number
    Forfeit forfeit = null;
    for (; i < lines.length; i++) {
      String l = lines[i].trim();
      if (l.isEmpty() || l.startsWith(";")) continue;
      String at = "line " + (i + 1) + ": ";
      if (forfeit != null) return Result.err(at + "nothing may follow the forfeit that ended the match");
      if (l.startsWith("Forfeit:")) {
        if (m.isOver()) return Result.err(at + "the match was already over on the board");
        Result<Forfeit> f = Forfeit.parse(l.substring(8));
        if (!f.isOk()) return Result.err(at + f.error());
        forfeit = f.get();
        continue;
      }
      if (l.startsWith("Game ")) {
        games++;
        if (!l.equals("Game " + games)) return Result.err(at + "expected 'Game " + games + "'");
        if (m.isOver()) return Result.err(at + "the match is already over");
        continue;
      }
      if (l.startsWith("Result:")) {
        Game done = lastFinished(m);
        String want = done == null ? null : done.result().isDraw() ? "draw"
            : "player " + done.result().winner().getAsInt() + " wins " + done.result().points() + " points";
        if (!l.substring(7).trim().equals(want)) {
          return Result.err(at + "the record says '" + l.substring(7).trim() + "'; replayed, "
              + (want == null ? "no game is over" : want));
        }
        continue;
      }
      if (m.games().size() != consumed[1]) consumed = new int[] {0, m.games().size()};
      Result<Match> next = apply(m, l, consumed);
      if (!next.isOk()) return Result.err(at + next.error());
      m = next.get();
    }
    RecordInfo info = new RecordInfo(head.get("Player0"), head.get("Player1"), head.get("Event"), null, null,
        head.get("Date"), null, null, null, null);
    return Result.ok(new MatchRecord(m, info, forfeit));
  }

  private static Game lastFinished(Match m) {
    List<Game> gs = m.games();
    for (int k = gs.size() - 1; k >= 0; k--) {
      if (gs.get(k).isOver()) return gs.get(k);
    }
    return null;
  }

  private static Result<Match> apply(Match m, String line, int[] consumed) {
    String[] w = line.split("\\s+", 3);
    if (w.length < 2) return Result.err("expected 'PLAYER ACTION …', got '" + line + "'");
    Integer player = w[0].equals("-") ? Integer.valueOf(-1) : parsePlayer(w[0]);
    if (player == null) return Result.err("the player is 0, 1 or '-', got '" + w[0] + "'");
    String rest = w.length > 2 ? w[2].trim() : "";
    Game g = m.game();
    if (w[1].equals("move") && rest.equals(Notation.PASS) && passed(g, consumed[0], player)) {
      consumed[0]++;
      return Result.ok(m);
    }
    Result<Action> a = parseAction(g, w[1], rest);
    if (!a.isOk()) return Result.err(a.error());
    Result<Match> next = m.apply(a.get());
    if (!next.isOk()) return next;
    // The engine knows who acts; the record must agree.
    Game after = next.get().games().get(m.games().size() - 1);
    Game.Event made = after.events().get(g.events().size());
    if (made.player().orElse(-1) != player) { // -1: the roll-off
      return Result.err("player " + made.player().orElse(-1) + " acts here, the record says " + player);
    }
    consumed[0] = g.events().size() + 1; // passes the engine makes by itself may follow
    return next;
  }

  /**
   * The engine passes an unplayable turn by itself; the record's "move pass" repeats it, so it must
   * match the next event the engine made that no line has accounted for yet.
   */
  private static boolean passed(Game g, int consumed, int player) {
    List<Game.Event> ev = g.events();
    if (consumed >= ev.size()) return false;
    Game.Event e = ev.get(consumed);
    return e.by(player) && e.action() instanceof Action.Move mv && mv.play().isPass();
  }

  private static Integer parsePlayer(String s) {
    return s.equals("0") ? Integer.valueOf(0) : s.equals("1") ? Integer.valueOf(1) : null;
  }

  private static Result<Action> parseAction(Game g, String verb, String rest) {
    String[] n = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    switch (verb) {
      case "rolloff", "roll" -> {
        if (n.length != 2 || !n[0].matches("[1-6]") || !n[1].matches("[1-6]")) {
          return Result.err(verb + " needs two dice 1-6, got '" + rest + "'");
        }
        int a = Integer.parseInt(n[0]);
        int b = Integer.parseInt(n[1]);
        return Result.ok(verb.equals("roll") ? new Action.Roll(new Dice(a, b)) : new Action.RollOff(a, b));
      }
      case "move" -> {
        List<String> written = new ArrayList<>();
        for (Play p : g.legalPlays()) {
          String s = Notation.write(p);
          if (s.equals(rest)) return Result.ok(new Action.Move(p));
          written.add(s);
        }
        return Result.err("'" + rest + "' is not a legal play here" + (written.isEmpty() ? " (no play is due)"
            : "; legal: " + String.join(", ", written.subList(0, Math.min(8, written.size())))
                + (written.size() > 8 ? " …" : "")));
      }
      case "resign" -> {
        if (n.length != 1 || !n[0].matches("[1-3]")) return Result.err("resign needs a level 1-3");
        return Result.ok(new Action.Resign(Integer.parseInt(n[0])));
      }
      case "double" -> {
        return Result.ok(new Action.Double());
      }
      case "take" -> {
        return Result.ok(new Action.Take());
      }
      case "drop" -> {
        return Result.ok(new Action.Drop());
      }
      case "beaver" -> {
        return Result.ok(new Action.Beaver());
      }
      case "raccoon" -> {
        return Result.ok(new Action.Raccoon());
      }
      case "accept" -> {
        return Result.ok(new Action.AcceptResign());
      }
      case "reject" -> {
        return Result.ok(new Action.RejectResign());
      }
      default -> {
        return Result.err("unknown action '" + verb + "'");
      }
    }
  }

  private static Result<Rules> rules(Map<String, String> head) {
    Result<Variant> variant = Variants.parse(head.getOrDefault("Variant", Variants.STANDARD.name()));
    if (!variant.isOk()) return Result.err(variant.error());
    String text = head.get("Rules");
    if (text == null) return Result.err("no 'Rules:' line");
    Rules.Builder b = Rules.match(1).toBuilder().variant(variant.get());
    for (String kv : text.trim().split("\\s+")) {
      String[] p = kv.split("=", 2);
      if (p.length != 2) return Result.err("rules are written key=value, got '" + kv + "'");
      try {
        switch (p[0]) {
          case "length" -> b.matchLength(Integer.parseInt(p[1]));
          case "cube" -> b.cube(bool(p[1]));
          case "crawford" -> b.crawford(bool(p[1]));
          case "holland" -> b.holland(bool(p[1]));
          case "jacoby" -> b.jacoby(bool(p[1]));
          case "beavers" -> b.beavers(bool(p[1]));
          case "raccoons" -> b.raccoons(bool(p[1]));
          case "beaverRefusable" -> b.beaverRefusable(bool(p[1]));
          case "automaticDoubles" -> b.automaticDoubles(Integer.parseInt(p[1]));
          case "maxCube" -> b.maxCube(Integer.parseInt(p[1]));
          case "stakes" -> b.stakes(Rules.Stakes.valueOf(p[1]));
          case "scoring" -> b.scoring(Rules.Scoring.valueOf(p[1]));
          case "barBackgammonTimesFour" -> b.barBackgammonTimesFour(bool(p[1]));
          case "opening" -> b.opening(Rules.Opening.valueOf(p[1]));
          case "noGammonWithCube" -> b.noGammonWithCube(bool(p[1]));
          case "drawPoints" -> b.drawPoints(Integer.parseInt(p[1]));
          case "nextGame" -> b.nextGame(Rules.NextGame.valueOf(p[1]));
          default -> {
            return Result.err("unknown rule '" + p[0] + "'");
          }
        }
      } catch (IllegalArgumentException e) {
        return Result.err("bad value for " + p[0] + ": '" + p[1] + "'");
      }
    }
    return b.build().validate();
  }

  private static boolean bool(String s) {
    if (s.equals("true")) return true;
    if (s.equals("false")) return false;
    throw new IllegalArgumentException(s);
  }
}
