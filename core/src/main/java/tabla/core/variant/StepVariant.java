package tabla.core.variant;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;

/**
 * A variant whose checker play the shared generator builds from single steps: the variant says
 * which dice a roll gives and in which orders ({@link #sequences}), what one checker may do with one
 * die ({@link #steps}, by default backgammon's movement with hooks for contact, entry and bear-off),
 * and may filter the finished plays. The generator tries every sequence, keeps the plays that use
 * the most dice (then the larger die when only one of two different dice can be played) and merges
 * plays that reach the same position. Slower than the standard {@code PlayGenerator}, which standard
 * backgammon keeps, and simple: these games are played, not searched millions of times.
 */
public abstract class StepVariant implements Variant {
  /** One single move and the board it leaves. */
  public record Step(Move move, Board after) {}

  /** How a landing point treats a checker of mine. */
  protected enum Landing {
    OPEN,
    /** Open, and the opposing blot there is hit (or pinned, in Plakoto). */
    CONTACT,
    BLOCKED
  }

  /** Extra cells per side in this variant's positions (1 = the pool of checkers not yet entered). */
  protected int extras() {
    return 0;
  }

  @Override
  public final int extraCells() {
    return extras();
  }

  /** The dice a roll gives, as the orders in which they may be played. Doubles play four times. */
  protected List<int[]> sequences(Dice d, Turn turn) {
    if (d.isDouble()) {
      int x = d.first();
      return List.<int[]>of(new int[] {x, x, x, x});
    }
    return List.of(new int[] {d.first(), d.second()}, new int[] {d.second(), d.first()});
  }

  @Override
  public List<Play> legalPlays(Position p, Dice d) {
    return legalPlays(p, d, Turn.LATER);
  }

  @Override
  public List<Play> legalPlays(Position p, Dice d, Turn turn) {
    Search s = new Search();
    List<int[]> seqs = sequences(d, turn);
    for (int i = 0; i < seqs.size(); i++) s.run(Board.of(p, geometry(), extras()), seqs.get(i), i, 0, new ArrayList<>(), 0);
    List<Play> plays = new ArrayList<>();
    boolean largerOnly = s.max == 1 && !d.isDouble() && s.usedLarger(d.high());
    for (Found f : s.found.values()) {
      if (f.used == s.max && (!largerOnly || f.firstDie == d.high())) plays.add(new Play(f.moves, f.end));
    }
    return s.max == 0 ? List.of() : finish(p, plays);
  }

  /** A last look at the finished plays (rules that judge a whole play, e.g. Fevga's prime). */
  protected List<Play> finish(Position start, List<Play> plays) {
    return plays;
  }

  /**
   * Every legal single move with die {@code die} from {@code b}: backgammon's by default — the bar
   * first, then checkers waiting to enter (if {@link #mayEnterFromPool}), then the points from the back,
   * bearing off when {@link #mayBearOff} — each landing judged by {@link #landing} and finished by
   * {@link #land}, {@link #afterStep} and {@link #stepAllowed}.
   */
  protected void steps(Board b, int die, List<Step> out) {
    if (b.me(Position.BAR) > 0) {
      enter(b, Position.BAR, die, out);
      return;
    }
    if (b.pool() > 0 && mayEnterFromPool(b)) enter(b, -1, die, out);
    for (int from = 24; from >= 1; from--) {
      if (b.me(from) - b.frozen(from) <= 0 || !mayMove(b, from)) continue;
      int to = from - die;
      if (to >= 1) {
        add(b, from, to, out);
      } else if (mayBearOff(b) && (to == 0 || b.highest() == from)) {
        Board a = b.copy();
        a.addMe(from, -1);
        a.addMe(Position.OFF, 1);
        finishStep(a, Move.of(from, Move.OFF, false), out);
      }
    }
  }

  /** Entering from the bar ({@code from} = 25) or from the pool ({@code from} = −1) with die d. */
  private void enter(Board b, int from, int die, List<Step> out) {
    int to = Position.BAR - die;
    Landing l = landing(b, to);
    if (l == Landing.BLOCKED) return;
    Board a = b.copy();
    if (from == Position.BAR) a.addMe(Position.BAR, -1);
    else a.setMyExtra(Position.POOL, a.pool() - 1);
    a.addMe(to, 1);
    if (l == Landing.CONTACT) land(a, to);
    finishStep(a, Move.of(Position.BAR, to, l == Landing.CONTACT), out);
  }

  private void add(Board b, int from, int to, List<Step> out) {
    Landing l = landing(b, to);
    if (l == Landing.BLOCKED) return;
    Board a = b.copy();
    a.addMe(from, -1);
    a.addMe(to, 1);
    if (l == Landing.CONTACT) land(a, to);
    afterMove(a, from, to);
    finishStep(a, Move.of(from, to, l == Landing.CONTACT), out);
  }

  private void finishStep(Board a, Move m, List<Step> out) {
    afterStep(a, m);
    if (stepAllowed(a)) out.add(new Step(m, a));
  }

  /** Backgammon's contact: open when empty or mine, a blot is hit, two or more block. */
  protected Landing landing(Board b, int to) {
    int n = b.themAt(to);
    return n == 0 ? Landing.OPEN : n == 1 ? Landing.CONTACT : Landing.BLOCKED;
  }

  /** What contact does, my checker already standing on {@code to}: backgammon sends the blot to the bar. */
  protected void land(Board a, int to) {
    a.addThemAt(to, -1);
    a.addThem(Position.BAR, 1);
  }

  /** Whether the checkers on {@code from} may move at all (Plakoto: not when pinned). */
  protected boolean mayMove(Board b, int from) {
    return true;
  }

  /** Whether a checker not yet entered may enter now (Race: yes, once the bar is empty). */
  protected boolean mayEnterFromPool(Board b) {
    return true;
  }

  /** Whether bearing off is allowed: every checker home. */
  protected boolean mayBearOff(Board b) {
    return b.allHome();
  }

  /** After a checker moved from one point to another (not entering, not bearing off). */
  protected void afterMove(Board a, int from, int to) {}

  /** After any single move, before it is judged (Cloning's new checker). */
  protected void afterStep(Board a, Move m) {}

  /** Whether the board a step leaves is allowed (block rules). */
  protected boolean stepAllowed(Board a) {
    return true;
  }

  private record Found(List<Move> moves, Position end, int used, int firstDie) {}

  /** One generation: a depth-first walk over the dice sequences that skips states already seen. */
  private final class Search {
    final Map<Position, Found> found = new LinkedHashMap<>();
    final Map<Long, Set<Board>> seen = new HashMap<>();
    int max;

    boolean usedLarger(int high) {
      for (Found f : found.values()) {
        if (f.used == 1 && f.firstDie == high) return true;
      }
      return false;
    }

    /**
     * The dice played so far (how many; the first when it was the only one) and those still to play,
     * written so that it reads back: depth, first die or 7, the dice to play, their number.
     */
    static long key(int[] seq, int depth, int firstDie) {
      long k = depth * 8L + (depth == 1 ? firstDie : 7);
      for (int i = depth; i < seq.length; i++) k = k * 8 + seq[i];
      return k * 16 + (seq.length - depth);
    }

    void run(Board b, int[] seq, int seqNo, int depth, List<Move> moves, int firstDie) {
      // The same board with the same dice still to play, after as many dice, has the same future, in
      // any sequence (Acey-deucey's 1-2 then 2-1 meet again before the chosen double). The first die
      // is part of the key after one die: the larger-die rule reads it.
      // (Only worth it for doubles and longer: two dice cannot meet the same board twice in one order.)
      if (seq.length > 2 && !seen.computeIfAbsent(key(seq, depth, firstDie), k -> new HashSet<>()).add(b)) return;
      List<Step> next = new ArrayList<>();
      if (depth < seq.length) steps(b, seq[depth], next);
      if (next.isEmpty()) {
        if (depth == 0) return;
        max = Math.max(max, depth);
        Position end = b.toPosition();
        Found old = found.get(end);
        // Keep the deepest way there; between equals, the one that started with the larger die.
        if (old == null || old.used < depth || (old.used == depth && firstDie > old.firstDie)) found.put(end, new Found(List.copyOf(moves), end, depth, firstDie));
        return;
      }
      for (Step s : next) {
        moves.add(s.move());
        run(s.after(), seq, seqNo, depth + 1, moves, depth == 0 ? seq[0] : firstDie);
        moves.remove(moves.size() - 1);
      }
    }
  }
}
