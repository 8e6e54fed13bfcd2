package tabla.core.variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Cloning Backgammon (BrainKing "Клонираща табла", tp 92, by Jos Boudestein; rules.md §1.7): standard
 * backgammon, except that each time a player hits, an additional checker is placed on his <em>own</em>
 * bar. The clone is an ordinary bar checker (rules.md §1.7 [inf]): it must enter before any other
 * move, and win, gammon and backgammon are judged on all of a player's checkers, however many.
 *
 * <p>Option {@code clone} (rules.md §1.7 leaves open whether the rest of the turn must enter it):
 * {@code immediate} (default: the clone appears with the hit, so the bar-first rule binds the dice
 * still to play) or {@code end-of-turn} (clones appear after the play, one per hit).
 *
 * <p>Option {@code max}, the most checkers a side may own (default {@code 30}; also 20, 25, 40, 50, 60,
 * 100): the text sets no cap, but counts must fit the position's cells and random games must end. A
 * hit by a side already at the cap makes no clone.
 */
public final class Cloning extends StepVariant {
  private static final List<String> CLONE = List.of("immediate", "end-of-turn");
  private static final List<String> MAX = List.of("30", "20", "25", "40", "50", "60", "100");
  private final boolean atEnd;
  private final int max;

  public Cloning() {
    this(false, 30);
  }

  private Cloning(boolean atEnd, int max) {
    this.atEnd = atEnd;
    this.max = max;
  }

  @Override
  public String name() {
    Map<String, String> o = new LinkedHashMap<>();
    if (atEnd) o.put("clone", "end-of-turn");
    if (max != 30) o.put("max", String.valueOf(max));
    return Options.spec("cloning", o);
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("clone", CLONE, "max", MAX);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("cloning", List.of("clone", "max")).flatMap(x -> x.choice("cloning", "clone", CLONE)
        .flatMap(c -> x.choice("cloning", "max", MAX).map(m -> new Cloning(c.equals("end-of-turn"), Integer.parseInt(m)))));
  }

  @Override
  public Position start() {
    return Position.START;
  }

  /** The most checkers a side may own. */
  public int max() {
    return max;
  }

  private static int mine(Board b) {
    int n = 0;
    for (int p = Position.OFF; p <= Position.BAR; p++) n += b.me(p);
    return n;
  }

  @Override
  protected void afterStep(Board a, Move m) {
    if (!atEnd && m.hit() && mine(a) < max) a.addMe(Position.BAR, 1);
  }

  @Override
  protected List<Play> finish(Position start, List<Play> plays) {
    if (!atEnd) return plays;
    // One clone per hit, placed after the play. Plays reaching the same board made the same hits (a hit
    // checker cannot come back in the hitter's turn), so the clones keep the plays apart.
    List<Play> out = new ArrayList<>(plays.size());
    for (Play play : plays) {
      int hits = 0;
      for (Move m : play.moves()) if (m.hit()) hits++;
      int clones = Math.min(hits, max - start.moverCheckers());
      if (clones <= 0) {
        out.add(play);
        continue;
      }
      int[] me = play.result().moverSide();
      me[Position.BAR] += clones;
      out.add(new Play(play.moves(), Position.of(me, play.result().opponentSide()).get()));
    }
    return out;
  }

  /** Counts may grow with hits: each side owns between 15 and {@link #max()} checkers; no shared point. */
  @Override
  public Result<Position> validate(Position p) {
    for (int n : new int[] {p.moverCheckers(), p.opponentCheckers()}) {
      if (n < Position.CHECKERS || n > max) {
        return Result.err(name() + " needs " + Position.CHECKERS + " to " + max + " checkers a side, found " + n);
      }
    }
    for (int q = 1; q <= 24; q++) {
      if (p.mover(q) > 0 && p.opponent(geometry().other(q)) > 0) {
        return Result.err("point " + q + " holds checkers of both sides");
      }
    }
    return Result.ok(p);
  }
}
