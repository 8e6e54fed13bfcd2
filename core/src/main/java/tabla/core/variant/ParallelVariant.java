package tabla.core.variant;

import java.util.List;
import java.util.Optional;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;

/**
 * What Fevga, Long Nardy and Gul bara share (rules.md §0, §1.10, §2.1, §2.2): both sides start with
 * fifteen checkers on their own 24 and move the same way round the board (the opponent's start is my
 * 12); a point holding any opposing checker is closed, so nothing is ever hit; bear-off as in
 * backgammon; a game counts 1, or 2 (mars) when the loser has borne off none; no cube.
 *
 * <p>Two optional rules of the Nardy family live here because two variants use them:
 * <ul>
 *   <li>the <b>head rule</b> (§2.1): at most one checker leaves the head (24) per turn, two on a
 *       player's first roll of 6-6, 4-4 or 3-3 (the ones a single checker cannot play in full because
 *       the opponent's head blocks it);
 *   <li>the <b>block rule</b> (§2.1): no six or more consecutive points held unless an opposing checker
 *       is already past them. Checked after every single move, so a block may not stand even for part
 *       of a turn (the shared generator then drops the step and the most-dice rule applies to the rest).
 *       "Consecutive" is along the opponent's track (his points 24 → 1), since that is what the block
 *       would stop: my 12 and 13 are his 24 and 1, not neighbours for him.
 * </ul>
 */
abstract class ParallelVariant extends StepVariant implements TavliCount {
  /** My point where the opponent's head (his 24) lies. */
  static final int OPPONENT_HEAD = 12;

  /** How many checkers may leave the head this turn: 0 = no head rule. */
  private final int headAllowance;
  private final boolean blockRule;
  /** The doubles that let two checkers off the head on a player's first roll (head rule only). */
  private final List<Integer> firstDoubles;

  ParallelVariant(int headAllowance, boolean blockRule, List<Integer> firstDoubles) {
    this.headAllowance = headAllowance;
    this.blockRule = blockRule;
    this.firstDoubles = firstDoubles;
  }

  /** The same variant with another head allowance (2 for the first-roll doubles). */
  abstract ParallelVariant withHeadAllowance(int allowance);

  @Override
  public final Position start() {
    int[] side = Position.side(24, Position.CHECKERS);
    return Position.ofVariant(side, side, new int[0], new int[0]).get();
  }

  @Override
  public final Geometry geometry() {
    return Geometry.PARALLEL;
  }

  /**
   * The roll-off only decides who starts; the starter rolls both dice, so he may open with a double
   * (Long Nardy, the Italian text 1.3 and its note "al primo lancio del bianco 5-5…"; Fevga and Gul bara
   * as Tavli games, rules.md §2.2–2.3). The first-roll doubles of the head rule then apply to either player.
   */
  @Override
  public boolean winnerRerolls() {
    return true;
  }


  @Override
  public List<Play> legalPlays(Position p, Dice d, Turn turn) {
    if (headAllowance == 1 && d.isDouble() && firstDoubles.contains(d.first()) && firstRoll(p, turn)
        && stoppedByHisHead(p, d.first())) {
      return withHeadAllowance(2).legalPlays(p, d, turn);
    }
    return super.legalPlays(p, d, turn);
  }

  /**
   * Whether a single checker leaving the head with die {@code die} is stopped by the opponent's head (my
   * 12) before it has played four times: the one reason the Italian text (§3.1) gives for the second
   * checker ("le pedine dell'avversario in piedi sulla testa interferiscono"). A checker of his that stops
   * it sooner is not that reason: after White's opening 5-5, Black's 4-4 "tolgono una pedina dalla testa
   * giocando un quattro, poiché l'ostacolo creato impedisce loro di andare oltre".
   */
  static boolean stoppedByHisHead(Position p, int die) {
    for (int k = 1, to = 24 - die; k <= 4 && to >= 1; k++, to -= die) {
      if (p.opponent(Geometry.PARALLEL.other(to)) > 0) return to == OPPONENT_HEAD;
    }
    return false;
  }

  /**
   * The mover's first roll of the game: all fifteen still on the head and, when the game is known, his
   * first roll ({@link Turn#LATER}, a position looked at without its game, decides by the head alone).
   */
  static boolean firstRoll(Position p, Turn turn) {
    return p.mover(24) == Position.CHECKERS && (turn.equals(Turn.LATER) || turn.moverRolls() == 1);
  }

  @Override
  protected Landing landing(Board b, int to) {
    return b.themAt(to) > 0 ? Landing.BLOCKED : Landing.OPEN; // a single checker owns its point
  }

  @Override
  protected boolean mayMove(Board b, int from) {
    return from != 24 || headAllowance == 0 || b.turnCount() < headAllowance;
  }

  @Override
  protected void afterMove(Board a, int from, int to) {
    if (from == 24) a.addTurnCount(1); // checkers that left the head this turn
  }

  @Override
  protected boolean stepAllowed(Board a) {
    return !blockRule || blockAllowed(a);
  }

  /** No run of six or more of my points on the opponent's track without one of his checkers past it. */
  static boolean blockAllowed(Board a) {
    int run = 0;
    for (int q = 24; q >= 1; q--) {
      if (a.me(a.geometry().other(q)) > 0) {
        run++;
        continue;
      }
      // His q is free of mine, so the run (if any) ended at q + 1: is any checker of his past it?
      if (run >= 6 && !hisCheckerBelow(a, q + 1)) return false;
      run = 0;
    }
    return run < 6 || a.them(Position.OFF) > 0;
  }

  /** Whether the opponent has a checker on one of his points below {@code q}, or borne off. */
  private static boolean hisCheckerBelow(Board a, int q) {
    for (int r = q - 1; r >= 0; r--) {
      if (a.them(r) > 0) return true;
    }
    return false;
  }

  @Override
  public Optional<Ending> ending(Position after) {
    if (!Variant.allOff(after)) return Optional.empty();
    return Optional.of(Ending.moverWins(level(after)));
  }

  /** 1, or 2 (mars) when the loser has borne off none; Long Nardy's koks adds 3. */
  int level(Position winnerView) {
    return winnerView.opponent(Position.OFF) > 0 ? 1 : 2;
  }
}
