package tabla.server.fibs;

import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Phase;

/**
 * The {@code board:} line of FIBS's boardstyle 3, as the CLIP specification gives it: 52 fields after "board",
 * colon-separated. The 26 board cells are absolute: seat 0 plays O (positive counts, from point 24 down to 0, home 0,
 * bar 25), seat 1 plays X (negative counts, from 1 up to 25, home 25, bar 0), so both players' boards and every watcher's
 * hold the same cells; only the names, scores, dice and colour fields change with the side it is written for.
 */
public final class FibsBoard {
  private FibsBoard() {}

  /** FIBS's match length of an unlimited match. */
  public static final int UNLIMITED = 9999;

  /** The board of the match's current game from seat {@code seat}'s side. */
  public static String line(Match match, int seat, String you, String opponent) {
    return line(match.game(), seat, you, opponent, startScore(match, match.games().size() - 1));
  }

  /**
   * The score game {@code index} of the match began with, by seat. A match's game carries it; the games of an unlimited
   * match (money play) do not, so their points are summed: FIBS's board shows an unlimited match's running score.
   */
  static int[] startScore(Match m, int index) {
    Game g = m.games().get(index);
    if (!g.rules().isMoney()) return new int[] {g.seat().score0(), g.seat().score1()};
    int[] s = new int[2];
    for (Game before : m.games().subList(0, index)) {
      if (before.result() == null) continue;
      s[0] += before.result().pointsFor(0);
      s[1] += before.result().pointsFor(1);
    }
    return s;
  }

  /**
   * The board of game {@code g} (a state of it: the narration draws each step) from seat {@code seat}'s side;
   * {@code you} is "You" for a player and the watched player's name for a watcher. The score is the one the game
   * began with.
   */
  public static String line(Game g, int seat, String you, String opponent) {
    return line(g, seat, you, opponent, new int[] {g.seat().score0(), g.seat().score1()});
  }

  /** The same with the score the game began with given by seat ({@link #startScore}). */
  static String line(Game g, int seat, String you, String opponent, int[] score) {
    Position p0 = g.positionFor(0);
    int[] cells = new int[26];
    for (int i = 1; i <= 24; i++) cells[i] = p0.mover(i) - p0.opponentAt(i);
    cells[0] = -p0.opponent(Position.BAR);
    cells[25] = p0.mover(Position.BAR);
    int other = 1 - seat;
    StringBuilder b = new StringBuilder(160).append("board:").append(you).append(':').append(opponent).append(':');
    b.append(g.rules().isMoney() ? UNLIMITED : g.rules().matchLength()).append(':');
    b.append(score[seat]).append(':').append(score[other]);
    for (int c : cells) b.append(':').append(c);
    boolean over = g.phase() == Phase.OVER;
    int turn = over || g.onRoll().isEmpty() ? 0 : colour(g.mover());
    b.append(':').append(turn);
    appendDice(b, g, seat);
    appendDice(b, g, other);
    b.append(':').append(g.cube());
    b.append(':').append(mayDouble(g, seat) ? 1 : 0).append(':').append(mayDouble(g, other) ? 1 : 0);
    b.append(':').append(g.phase() == Phase.DOUBLE_OFFERED ? 1 : 0);
    b.append(':').append(colour(seat)).append(':').append(seat == 0 ? -1 : 1);
    b.append(':').append(seat == 0 ? 0 : 25).append(':').append(seat == 0 ? 25 : 0);
    Position mine = g.positionFor(seat);
    b.append(':').append(mine.mover(Position.OFF)).append(':').append(mine.opponent(Position.OFF));
    b.append(':').append(mine.mover(Position.BAR)).append(':').append(mine.opponent(Position.BAR));
    b.append(':').append(g.phase() == Phase.MOVE && g.isOnRoll(seat) ? checkersToMove(g) : 0);
    b.append(":0:").append(g.seat().postCrawford() ? 1 : 0).append(":0");
    return b.toString();
  }

  /** O is 1, X is -1. */
  static int colour(int seat) {
    return seat == 0 ? 1 : -1;
  }

  private static void appendDice(StringBuilder b, Game g, int seat) {
    Dice d = g.phase() == Phase.MOVE && g.isOnRoll(seat) ? g.dice() : null;
    b.append(':').append(d == null ? 0 : d.first()).append(':').append(d == null ? 0 : d.second());
  }

  /** Whether the cube may be turned by {@code seat} in this game at all (centred or owned, not Crawford). */
  static boolean mayDouble(Game g, int seat) {
    return g.rules().cube() && !g.seat().crawfordGame() && (g.cubeCentred() || g.ownsCube(seat));
  }

  /** How many checkers the roll lets the player move: the length of the longest legal play. */
  static int checkersToMove(Game g) {
    int n = 0;
    for (Play p : g.legalPlays()) n = Math.max(n, p.moves().size());
    return n;
  }
}
