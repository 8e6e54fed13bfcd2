package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;

/** The n-ply lookahead against a plain recursive rewrite, the opening book, and the bear-off database. */
class TwoPlyTest {
  static final Evaluator EVAL = Evaluator.bundled();
  static final SearchPlayer ENGINE = SearchPlayer.withPlies(EVAL, 2);

  /** The mover's equity after {@code afterPlay} at {@code plies}, written the slow, obvious way. */
  static double slow(Position afterPlay, int plies) {
    float[] p = new float[5];
    if (plies == 0 || afterPlay.mover(Position.OFF) == afterPlay.moverCheckers()) {
      EVAL.afterPlay(afterPlay, EVAL.scratch(), p);
      return Evaluator.equity(p);
    }
    Position opp = afterPlay.swap();
    double sum = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) {
        List<Play> replies = Backgammon.legalPlays(opp, new Dice(a, b));
        double v;
        if (replies.isEmpty()) {
          v = plies == 1 ? onRollStatic(afterPlay) : slowOnRoll(afterPlay, plies - 1);
        } else {
          Play best = null;
          double bestEq = Double.NEGATIVE_INFINITY;
          for (Play r : replies) {
            double e = slow(r.result(), 0);
            if (e > bestEq) {
              bestEq = e;
              best = r;
            }
          }
          v = -slow(best.result(), plies - 1);
        }
        sum += (a == b ? 1 : 2) * v;
      }
    }
    return sum / 36;
  }

  static double onRollStatic(Position p) {
    float[] o = new float[5];
    EVAL.evaluate(p, EVAL.scratch(), o);
    return Evaluator.equity(o);
  }

  /** The player on roll's equity looking {@code plies} ahead: each roll's best 0-ply play, looked at plies - 1. */
  static double slowOnRoll(Position p, int plies) {
    double sum = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) {
        List<Play> plays = Backgammon.legalPlays(p, new Dice(a, b));
        double v;
        if (plays.isEmpty()) {
          v = -(plies == 1 ? onRollStatic(p.swap()) : slowOnRoll(p.swap(), plies - 1));
        } else {
          Play best = null;
          double bestEq = Double.NEGATIVE_INFINITY;
          for (Play r : plays) {
            double e = slow(r.result(), 0);
            if (e > bestEq) {
              bestEq = e;
              best = r;
            }
          }
          v = slow(best.result(), plies - 1);
        }
        sum += (a == b ? 1 : 2) * v;
      }
    }
    return sum / 36;
  }

  @Test
  void lookaheadMatchesAPlainRecursiveRewrite() {
    // The opening 3-1 made, and a position with a checker on the bar against a 4-point board.
    Position made = Backgammon.play(Position.START, new Dice(3, 1), "8/5 6/5").get().result();
    Position bar = Position.of(Position.side(25, 1, 13, 5, 8, 3, 6, 5, 24, 1),
        Position.side(6, 3, 5, 2, 4, 2, 3, 2, 8, 2, 13, 4)).get();
    for (Position after : List.of(made, bar)) {
      for (int plies = 0; plies <= 2; plies++) {
        assertThat(ENGINE.equityAfter(after, plies)).as("%s at %d-ply", after, plies)
            .isCloseTo(slow(after, plies), within(1e-9));
      }
    }
  }

  @Test
  void openingThreeOneAtTwoPly() {
    Position start = PositionId.decode("4HPwATDgc/ABMA").get();
    List<SearchPlayer.Scored> r = ENGINE.rank(Backgammon.legalPlays(start, new Dice(3, 1)), 2);
    assertThat(Notation.write(r.get(0).play())).isEqualTo("8/5 6/5");
    assertThat(r).hasSize(16);
    assertThat(Notation.write(ENGINE.best(Backgammon.legalPlays(start, new Dice(6, 1))))).isEqualTo("13/7 8/7");
  }

  @Test
  void bearoffLookaheadAgreesWithTheDatabase() {
    // Both sides home: every ply is answered by the database; looking ahead changes little.
    Position after = Position.of(Position.side(1, 2, 2, 2, 3, 3, 5, 1), Position.side(1, 3, 3, 2, 4, 2, 6, 2)).get();
    double zero = ENGINE.equityAfter(after, 0);
    assertThat(ENGINE.equityAfter(after, 1)).isCloseTo(zero, within(0.02));
    assertThat(ENGINE.equityAfter(after, 2)).isCloseTo(zero, within(0.02));
  }

  @Test
  void depthIsChecked() {
    assertThat(SearchPlayer.withPlies(EVAL, 0).plies()).isZero();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> SearchPlayer.withPlies(EVAL, 3))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
