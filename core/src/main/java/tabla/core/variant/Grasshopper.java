package tabla.core.variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Grasshopper (BrainKing tp 96, Matt Crispin; rules.md §1.8, bkgm.com/variants/Grasshopper.html): no
 * dice, 14 checkers a side, all off the board at the start ({@link Position#POOL}). Both sides walk the
 * same track through the quadrants A → B → C → D ({@link Geometry#SAME}: the opponent's point q is my q).
 *
 * <p><b>Numbering.</b> Relative, as everywhere (rules.md §0): BrainKing's point b is our 25 − b for both
 * sides, so A (BK 1–6) is 24..19, B (BK 7–12) is 18..13, C (BK 13–18) is 12..7 and D (BK 19–24) is 6..1;
 * off is 0.
 *
 * <p><b>A turn is one action</b>, written as moves:
 * <ul>
 *   <li>enter a checker on a vacant point of A: {@code bar/21} (the pool plays the bar's part);
 *   <li>move one checker out of A, B or C to any vacant point of the next quadrant: {@code 21/16};
 *   <li>build a wall: with two single checkers of mine exactly 6 points apart, move the rear one onto the
 *       front one: {@code 16/10};
 *   <li>move the top checker of a wall as above (to a vacant point of the next quadrant, or onto a single
 *       of mine 6 points ahead, making a new wall): walls in between do not stop it;
 *   <li>bear a wall in D off, both checkers at once: {@code 4/off(2)}. That is one score.
 * </ul>
 * No single checker of either colour may pass a point holding a wall (of either colour) when it moves.
 * A point holds at most two checkers, of one colour. Entering crosses nothing (walls never stand in A).
 * [inf] The top checker's move keeps to the next quadrant, as every move does; the bear-off action is
 * not described by the sources and is ours.
 *
 * <p><b>Object:</b> score twice in succession; the score is extra {@link #SCORE} of each side. A player
 * with no action passes (the engine does it). Every action moves a checker forward (a checker enters,
 * moves on at most three times and goes off: at most 5 actions for each of 14), so a game ends within
 * 140 plays. [inf] Draw rule (BrainKing shows 2.6 % draws; its rule is unknown): when neither player
 * has an action left, the game is drawn. A win counts 1 point; no gammons and no cube (rules.md §1.8).
 *
 * <p>Option {@code reset} (rules.md §1.8 [inf], "twice in succession, not necessarily on consecutive
 * turns"): {@code on} (default: an opponent's score in between cancels mine) or {@code off} (any two
 * scores of mine win).
 */
public final class Grasshopper implements Variant {
  /** The extra cell holding a side's scores in succession. */
  static final int SCORE = 1;

  /** The mover's (or the opponent's) scores in succession; 0 in a position without Grasshopper's cells. */
  public static int scores(Position p, boolean mover) {
    if (p.extras() <= SCORE) return 0;
    return mover ? p.moverExtra(SCORE) : p.opponentExtra(SCORE);
  }
  static final int CHECKERS = 14;
  private static final List<String> RESET = List.of("on", "off");
  private final boolean reset;

  public Grasshopper() {
    this(true);
  }

  private Grasshopper(boolean reset) {
    this.reset = reset;
  }

  @Override
  public String name() {
    return Options.spec("grasshopper", reset ? Map.of() : Map.of("reset", "off"));
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("reset", RESET);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("grasshopper", List.of("reset")).flatMap(x -> x.choice("grasshopper", "reset", RESET))
        .map(v -> new Grasshopper(v.equals("on")));
  }

  @Override
  public Position start() {
    return Position.ofVariant(new int[Position.SIDE], new int[Position.SIDE], new int[] {CHECKERS, 0},
        new int[] {CHECKERS, 0}).get();
  }

  @Override
  public int checkers() {
    return CHECKERS;
  }

  @Override
  public Geometry geometry() {
    return Geometry.SAME;
  }

  @Override
  public boolean cubeAllowed() {
    return false;
  }

  @Override
  public int maxLevel() {
    return 1;
  }

  @Override
  public boolean usesDice() {
    return false;
  }

  @Override
  public List<Play> legalPlays(Position p, Dice d) {
    return plays(p);
  }

  @Override
  public List<Play> legalPlays(Position p, Dice d, Turn turn) {
    return plays(p);
  }

  /** The quadrant of point r: 0 = A (24..19) … 3 = D (6..1). */
  static int quadrant(int r) {
    return (24 - r) / 6;
  }

  private static boolean wall(Position p, int r) {
    return p.mover(r) == 2 || p.opponent(r) == 2;
  }

  private static boolean vacant(Position p, int r) {
    return p.mover(r) == 0 && p.opponent(r) == 0;
  }

  /** Whether a wall stands strictly between from and to, which a single checker may not pass. */
  private static boolean walled(Position p, int from, int to) {
    for (int x = to + 1; x < from; x++) {
      if (wall(p, x)) return true;
    }
    return false;
  }

  private List<Play> plays(Position p) {
    // Distinct actions reach distinct positions, but keyed by result anyway as Play equality is.
    Map<Position, Play> out = new LinkedHashMap<>();
    if (p.moverPool() > 0) {
      for (int to = 24; to >= 19; to--) {
        if (vacant(p, to)) add(p, out, List.of(Move.of(Move.BAR, to, false)));
      }
    }
    for (int from = 24; from >= 7; from--) {
      int n = p.mover(from);
      if (n == 0) continue;
      boolean top = n == 2; // the top checker of a wall jumps walls; a single may not pass them
      int hi = 24 - 6 * (quadrant(from) + 1);
      for (int to = hi; to > hi - 6; to--) {
        if (vacant(p, to) && (top || !walled(p, from, to))) add(p, out, List.of(Move.of(from, to, false)));
      }
      int front = from - 6;
      if (p.mover(front) == 1 && (top || !walled(p, from, front))) add(p, out, List.of(Move.of(from, front, false)));
    }
    for (int r = 6; r >= 1; r--) {
      if (p.mover(r) == 2) add(p, out, List.of(Move.of(r, Move.OFF, false), Move.of(r, Move.OFF, false)));
    }
    return List.copyOf(out.values());
  }

  private void add(Position p, Map<Position, Play> out, List<Move> moves) {
    int[] me = p.moverSide();
    int[] mine = p.moverExtras();
    int[] theirs = p.opponentExtras();
    for (Move m : moves) {
      if (m.from() == Move.BAR) mine[Position.POOL]--;
      else me[m.from()]--;
      me[m.to()]++;
    }
    if (moves.size() == 2) { // a wall borne off: one score
      mine[SCORE]++;
      if (reset) theirs[SCORE] = 0;
    }
    Position after = Position.ofVariant(me, p.opponentSide(), mine, theirs).get();
    out.putIfAbsent(after, new Play(moves, after));
  }

  /** The mover wins on his second score in succession; when neither side can act, a draw. */
  @Override
  public Optional<Ending> ending(Position after) {
    if (after.moverExtra(SCORE) >= 2) return Optional.of(Ending.moverWins(1));
    if (plays(after.swap()).isEmpty() && plays(after).isEmpty()) return Optional.of(Ending.draw());
    return Optional.empty();
  }

  @Override
  public int extraCells() {
    return 2; // the pool and the score
  }

  @Override
  public Result<Position> validate(Position p) {
    if (p.extras() != 2) return Result.err("grasshopper positions keep the pool and the score");
    Result<Position> counts = Variant.super.validate(p); // 14 a side, no point shared
    if (!counts.isOk()) return counts;
    for (int r = 1; r <= 24; r++) {
      if (p.mover(r) > 2 || p.opponent(r) > 2) return Result.err("point " + r + " holds more than a wall");
    }
    if (p.moverExtra(SCORE) > 2 || p.opponentExtra(SCORE) > 2) return Result.err("a score above 2");
    if (p.mover(Position.BAR) > 0 || p.opponent(Position.BAR) > 0) return Result.err("grasshopper has no bar");
    return Result.ok(p);
  }
}
