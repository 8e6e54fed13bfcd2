package tabla.bot.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;
import tabla.bot.Rolls;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.format.PositionId;

/** A roll's luck has mean 0 over the 36 rolls, and good rolls are lucky. */
class RollLuckTest {
  static final RollLuck LUCK = new RollLuck(Evaluator.bundled());

  @Test
  void theLuckOfTheRollsAveragesToZero() {
    for (String id : new String[] {"4HPwATDgc/ABMA", "jGfwAQXgc/ABIg", "s/cOAAAOZ/AATA", "2F7IASKGz+ADQA"}) {
      Position p = PositionId.decode(id).get();
      double mean = 0;
      for (int[] r : Rolls.all()) mean += r[2] * LUCK.of(p, r[0], r[1]) / 36.0;
      assertThat(mean).as(id).isCloseTo(0, within(1e-6));
      assertThat(LUCK.of(p, 1, 2)).as(id + ": one roll, either order").isEqualTo(LUCK.of(p, 2, 1));
    }
  }

  @Test
  void aBigDoubleInARaceIsLuckyAndALowRollIsNot() {
    // A race (no contact): 6-6 gains the most pips, 2-1 the fewest.
    Position race = PositionId.decode("y3eLAABz34MAAA").get();
    assertThat(race.isRace()).isTrue();
    assertThat(LUCK.of(race, 6, 6)).isPositive();
    assertThat(LUCK.of(race, 2, 1)).isNegative();
  }
}
