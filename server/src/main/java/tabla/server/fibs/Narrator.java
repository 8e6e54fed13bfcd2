package tabla.server.fibs;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;

/**
 * Tells a match's events in FIBS's words, as a player or a watcher sees them: the opening roll, "You roll 3 and 1.",
 * "alice moves 24-21 13-12 .", doubles, resignations, the end of each game and of the match, each step followed by its
 * {@code board:} line. A {@link Cursor} says how far a viewer has been told; each call tells what came since, so a
 * viewer never misses an event even when several arrive together (an action and the opening roll it triggers).
 */
final class Narrator {
  private Narrator() {}

  /** How far a viewer has been told: events of game {@code game} (0-based) before {@code event}. */
  record Cursor(int game, int event) {
    /** Nothing told yet: the whole match will be. */
    static final Cursor START = new Cursor(0, 0);

    /** Everything up to now counts as told (a watcher arriving mid-game gets the board only). */
    static Cursor now(Match m) {
      return new Cursor(m.games().size() - 1, m.game().events().size());
    }
  }

  /** What is told and the cursor after it. */
  record Told(List<String> lines, Cursor cursor) {}

  /**
   * The lines for the events of {@code m} after {@code from}, for the viewer on seat {@code seat}'s side:
   * {@code player} true when the viewer is that seat's player (then "You"), false for a watcher of that seat.
   */
  static Told tell(Match m, String name0, String name1, Cursor from, int seat, boolean player) {
    List<String> out = new ArrayList<>();
    String[] names = {name0, name1};
    int gi = from.game();
    int ei = from.event();
    List<Game> games = m.games();
    while (gi < games.size()) {
      Game g = games.get(gi);
      List<Game.Event> events = g.events();
      if (ei < events.size()) {
        List<Game> trail = g.trail();
        int[] score = FibsBoard.startScore(m, gi);
        for (int i = ei; i < events.size(); i++) {
          if (i == 0 && player) out.add("Starting a new game with " + names[1 - seat] + ".");
          Game before = i == 0 ? Game.start(g.rules(), g.seat()) : trail.get(i - 1);
          event(out, events.get(i), before, trail.get(i), names, seat, player, m, score);
        }
        ei = events.size();
      }
      if (gi == games.size() - 1) break;
      gi++;
      ei = 0;
    }
    return new Told(out, new Cursor(gi, ei));
  }

  private static void event(List<String> out, Game.Event e, Game before, Game after, String[] names, int seat,
      boolean player, Match m, int[] score) {
    Action a = e.action();
    int by = e.player().orElse(-1);
    boolean me = player && by == seat;
    String who = me ? "You" : by < 0 ? "" : names[by];
    String opp = names[1 - seat];
    String you = player ? "You" : names[seat];
    if (a instanceof Action.RollOff r) {
      int mine = seat == 0 ? r.die0() : r.die1();
      int theirs = seat == 0 ? r.die1() : r.die0();
      out.add(you + " rolled " + mine + ", " + opp + " rolled " + theirs);
      if (mine == theirs) return;
      int first = r.die0() > r.die1() ? 0 : 1;
      out.add(player && first == seat ? "It's your turn to move." : names[first] + " makes the first move.");
      out.add(FibsBoard.line(after, seat, you, opp, score));
      return;
    }
    if (a instanceof Action.Roll r) {
      out.add(who + (me ? " roll " : " rolls ") + r.dice().first() + " and " + r.dice().second() + ".");
      out.add(FibsBoard.line(after, seat, you, opp, score));
      if (me && after.phase() == Phase.MOVE) {
        int n = FibsBoard.checkersToMove(after);
        out.add("Please move " + n + (n == 1 ? " piece." : " pieces."));
      }
      return;
    }
    if (a instanceof Action.Move mv) {
      if (mv.play().isPass()) out.add(who + " can't move.");
      else if (!me) out.add(who + " moves " + moves(mv.play(), by) + " .");
      out.add(FibsBoard.line(after, seat, you, opp, score));
    } else if (a instanceof Action.Double) {
      if (me) out.add("You double. Please wait for " + opp + " to accept or reject.");
      else if (player) out.add(who + " doubles. Type 'accept' or 'reject'.");
      else out.add(who + " doubles.");
    } else if (a instanceof Action.Take) {
      out.add(who + (me ? " accept" : " accepts") + " the double. The cube shows " + after.cube() + ".");
      out.add(FibsBoard.line(after, seat, you, opp, score));
    } else if (a instanceof Action.Drop) {
      int pts = after.result() == null ? before.cube() : after.result().points();
      if (me) out.add("You give up. " + opp + " wins " + points(pts) + ".");
      else if (player) out.add(who + " gives up. You win " + points(pts) + ".");
      else out.add(who + " gives up. " + names[1 - by] + " wins " + points(pts) + ".");
    } else if (a instanceof Action.Resign r) {
      int pts = r.level() * before.cube();
      if (me) out.add("You want to resign. " + opp + " will win " + points(pts) + ".");
      else if (player) out.add(who + " wants to resign. You will win " + points(pts) + ". Type 'accept' or 'reject'.");
      else out.add(who + " wants to resign. " + names[1 - by] + " will win " + points(pts) + ".");
    } else if (a instanceof Action.AcceptResign) {
      int pts = after.result() == null ? 0 : after.result().points();
      out.add(me ? "You accept and win " + points(pts) + "." : who + " accepts and wins " + points(pts) + ".");
    } else if (a instanceof Action.RejectResign) {
      out.add(me ? "You reject. The game continues." : who + " rejects. The game continues.");
      out.add(FibsBoard.line(after, seat, you, opp, score));
    } else {
      out.add(who + " " + a.getClass().getSimpleName().toLowerCase() + "s."); // beavers: not in FIBS's games
    }
    if (after.phase() == Phase.OVER && before.phase() != Phase.OVER) gameOver(out, after, a, names, seat, player, m);
  }

  /** The end of a game: who won it (unless a drop or resignation said so), then the score or the match's end. */
  private static void gameOver(List<String> out, Game g, Action last, String[] names, int seat, boolean player,
      Match m) {
    if (g.result() == null || g.result().winner().isEmpty()) return;
    int w = g.result().winner().getAsInt();
    int pts = g.result().points();
    if (!(last instanceof Action.Drop) && !(last instanceof Action.AcceptResign)) {
      if (player && w == seat) out.add("You win the game and get " + points(pts) + ". Congratulations.");
      else out.add(names[w] + " wins the game and gets " + points(pts) + "." + (player ? " Sorry." : ""));
    }
    if (g.rules().isMoney()) return;
    int s0 = g.seat().score0() + g.result().pointsFor(0);
    int s1 = g.seat().score1() + g.result().pointsFor(1);
    int len = g.rules().matchLength();
    if (s0 >= len || s1 >= len) {
      int hi = Math.max(s0, s1);
      int lo = Math.min(s0, s1);
      if (player && w == seat) out.add("You win the " + len + " point match " + hi + "-" + lo + " .");
      else out.add(names[w] + " wins the " + len + " point match " + hi + "-" + lo + " .");
    } else {
      String a = player && seat == 0 ? "You" : names[0];
      String b = player && seat == 1 ? "You" : names[1];
      out.add("score in " + len + " point match: " + a + "-" + s0 + " " + b + "-" + s1);
    }
  }

  static String points(int n) {
    return n + (n == 1 ? " point" : " points");
  }

  /** A play in FIBS's absolute numbering (seat 0's points; seat 1 counts up): "24-18 13-11", "bar-22", "6-off". */
  static String moves(Play p, int seat) {
    StringBuilder b = new StringBuilder();
    for (Move mv : p.moves()) {
      if (b.length() > 0) b.append(' ');
      b.append(point(mv.from(), seat)).append('-').append(point(mv.to(), seat));
    }
    return b.toString();
  }

  private static String point(int own, int seat) {
    if (own == Move.BAR) return "bar";
    if (own == Move.OFF) return "off";
    return String.valueOf(seat == 0 ? own : 25 - own);
  }
}
