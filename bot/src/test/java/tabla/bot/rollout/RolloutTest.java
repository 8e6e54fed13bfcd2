package tabla.bot.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.PositionId;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Rollouts against positions whose value is known exactly, variance reduction against none, determinism
 * across threads, and the quasi-random dice's balance.
 */
class RolloutTest {
  private static final Evaluator EVAL = Evaluator.bundled();
  private static final Rules MONEY = Rules.money().toBuilder().jacoby(false).build();
  /** A plain setting: no variance reduction, no bear-off truncation (so the games are really played). */
  private static final RolloutSettings PLAIN = new RolloutSettings(1296, 0, false, false, true, false, 7, 2);

  static Game money(Position p) {
    return Game.setUp(MONEY, Game.Seat.MONEY, p, 0, 1);
  }

  static RolloutResult roll(Position p, RolloutSettings s) {
    Result<RolloutResult> r = Rollout.run(EVAL, money(p), s, x -> {}, () -> false);
    assertThat(r.isOk()).as(r.isOk() ? "" : r.error()).isTrue();
    return r.get();
  }

  /** The exact cubeless equity of a small bear-off for its player on roll (both sides playing to maximise it). */
  static double exact(Position p, Map<Position, Double> memo) {
    Double known = memo.get(p);
    if (known != null) return known;
    PlayGenerator gen = new PlayGenerator();
    double sum = 0;
    for (int d1 = 1; d1 <= 6; d1++) {
      for (int d2 = 1; d2 <= 6; d2++) {
        int n = gen.generate(p, d1, d2);
        Position[] results = new Position[Math.max(n, 1)];
        for (int i = 0; i < n; i++) results[i] = gen.result(i);
        if (n == 0) results[0] = p;
        double best = Double.NEGATIVE_INFINITY;
        for (Position r : results) {
          double v = r.mover(Position.OFF) == r.moverCheckers() ? 1 : -exact(r.swap(), memo);
          best = Math.max(best, v);
        }
        sum += best;
      }
    }
    double v = sum / 36;
    memo.put(p, v);
    return v;
  }

  @Test
  void aLastRollComesOutAtItsExactValue() {
    // 6-point and 5-point to bear off (6-5 and 3-3 … 6-6 do it: 6/36); the opponent is off with any roll.
    Position p = Position.of(Position.side(6, 1, 5, 1), Position.side(1, 1)).get();
    assertThat(exact(p, new HashMap<>())).isCloseTo(2 * 6 / 36.0 - 1, org.assertj.core.data.Offset.offset(1e-12));
    RolloutResult r = roll(p, PLAIN.withTrials(360));
    // The first roll decides and the quasi-random first rolls are each thrown ten times: no error at all.
    assertThat(r.equity()).isCloseTo(2 * 6 / 36.0 - 1, org.assertj.core.data.Offset.offset(1e-9));
    assertThat(r.probabilities()[0]).isCloseTo(6 / 36.0, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void aLongerBearoffComesOutWithinItsStandardErrorOfTheExactValue() {
    Position p = Position.of(Position.side(6, 2, 4, 1), Position.side(5, 1, 3, 1, 2, 1)).get();
    double truth = exact(p, new HashMap<>());
    RolloutResult plain = roll(p, PLAIN);
    assertThat(plain.equityError()).isBetween(0.001, 0.05);
    assertThat(Math.abs(plain.equity() - truth)).isLessThan(3 * plain.equityError());
    RolloutResult reduced = roll(p, PLAIN.withVarianceReduction(true));
    assertThat(Math.abs(reduced.equity() - truth)).isLessThan(3 * reduced.equityError() + 0.002);
  }

  @Test
  void varianceReductionCutsTheStandardError() {
    Position p = PositionId.decode("4HPwATDgc/ABMA").get(); // the opening position, to roll (doubles allowed)
    RolloutSettings s = new RolloutSettings(144, 6, false, false, true, true, 3, 2);
    RolloutResult plain = roll(p, s);
    RolloutResult reduced = roll(p, s.withVarianceReduction(true));
    assertThat(reduced.equityError()).isLessThan(0.5 * plain.equityError());
    assertThat(Math.abs(reduced.equity() - plain.equity())).isLessThan(3 * plain.equityError());
  }

  @Test
  void truncatedAfterOneRollWithTheLuckRemovedEveryTrialIsTheOnePlyValue() {
    // Each trial's result is the evaluation after the roll thrown less that roll's luck: the 21 rolls' average.
    RolloutResult r = roll(PositionId.decode("4HPwATDgc/ABMA").get(), new RolloutSettings(72, 1, false, true, true, true, 3, 2));
    assertThat(r.equityError()).isLessThan(1e-6);
    RolloutResult plain = roll(PositionId.decode("4HPwATDgc/ABMA").get(), new RolloutSettings(36, 1, false, false, true, true, 3, 2));
    // Plain, the 36 stratified first rolls are each thrown once: the same average.
    assertThat(plain.equity()).isCloseTo(r.equity(), org.assertj.core.data.Offset.offset(1e-5));
  }

  @Test
  void theSameSeedGivesTheSameResultWhateverTheThreads() {
    Position p = PositionId.decode("4HPwATDgc/ABMA").get();
    RolloutSettings s = new RolloutSettings(100, 4, false, true, true, true, 11, 1);
    RolloutResult one = roll(p, s);
    RolloutResult three = roll(p, s.withThreads(3));
    assertThat(three.equity()).isEqualTo(one.equity());
    assertThat(three.probabilities()).isEqualTo(one.probabilities());
    assertThat(one.trials()).isEqualTo(100);
    assertThat(roll(p, new RolloutSettings(100, 4, false, true, true, true, 12, 1)).equity()).isNotEqualTo(one.equity());
  }

  @Test
  void aCubefulLastRollIsWorthItsWinningChanceAndTheCubeDoesNotChangeIt() {
    Position p = Position.of(Position.side(6, 1, 5, 1), Position.side(1, 1)).get();
    RolloutResult r = roll(p, new RolloutSettings(72, 0, true, true, true, false, 5, 2));
    // The mover, 1/6 to win, does not double; the opponent, sure to win, doubles and the mover passes.
    assertThat(r.cubeful()).isCloseTo(2 * 6 / 36.0 - 1, org.assertj.core.data.Offset.offset(1e-9));
  }

  @Test
  void quasiRandomFirstRollsAreBalanced() {
    RolloutDice dice = new RolloutDice(99, true);
    int[] first = new int[36];
    int[][] pairs = new int[36][36];
    for (int t = 0; t < 2 * 1296; t++) {
      first[dice.roll(t, 0)]++;
      pairs[dice.roll(t, 0)][dice.roll(t, 1)]++;
    }
    for (int a = 0; a < 36; a++) {
      assertThat(first[a]).isEqualTo(72);
      for (int b = 0; b < 36; b++) assertThat(pairs[a][b]).as(a + "," + b).isEqualTo(2);
    }
    // The later rolls are plain pseudo-random: each of 36 near 1/36 over 36,000 (a loose bound, 6 sigma).
    int[] later = new int[36];
    for (int t = 0; t < 36_000; t++) later[dice.roll(t, 2)]++;
    for (int c : later) assertThat(c).isBetween(1000 - 190, 1000 + 190);
  }

  @Test
  void badSettingsAndGamesNotWaitingForARollAreRefused() {
    Position p = PositionId.decode("4HPwATDgc/ABMA").get();
    assertThat(Rollout.run(EVAL, money(p), PLAIN.withTrials(0), x -> {}, () -> false).isOk()).isFalse();
    assertThat(Rollout.run(EVAL, money(p), PLAIN.withThreads(0), x -> {}, () -> false).isOk()).isFalse();
    Game moving = money(p).apply(new tabla.core.match.Action.Roll(tabla.core.Dice.of(3, 1).get(), false)).get();
    assertThat(Rollout.run(EVAL, moving, PLAIN, x -> {}, () -> false).isOk()).isFalse();
  }

  @Test
  void aStoppedRolloutCountsTheBlocksItFinished() {
    Position p = PositionId.decode("4HPwATDgc/ABMA").get();
    int[] heard = {0};
    RolloutResult r = Rollout.run(EVAL, money(p), new RolloutSettings(36 * 50, 2, false, false, true, true, 1, 1),
        x -> heard[0] = x.done(), () -> heard[0] >= 72).get();
    assertThat(r.complete()).isFalse();
    assertThat(r.trials()).isEqualTo(72);
  }
}
