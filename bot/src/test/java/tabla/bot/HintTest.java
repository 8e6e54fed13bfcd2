package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.format.Notation;

/** The shipped engine knows the opening book's clearest answers. */
class HintTest {
  private static final SearchPlayer ENGINE = new SearchPlayer(Evaluator.bundled(), 8, 0.16);

  static String best(int d1, int d2, int plies) {
    List<SearchPlayer.Scored> r = ENGINE.rank(Backgammon.legalPlays(Position.START, new Dice(d1, d2)), plies);
    return Notation.write(r.get(0).play());
  }

  @Test
  void openingThreeOneMakesTheFivePoint() {
    assertThat(best(3, 1, 1)).isEqualTo("8/5 6/5");
    assertThat(best(3, 1, 0)).isEqualTo("8/5 6/5");
  }

  @Test
  void openingSixOneMakesTheBarPoint() {
    assertThat(best(6, 1, 1)).isEqualTo("13/7 8/7");
  }

  @Test
  void rankingIsBestFirstAndCoversEveryPlay() {
    List<SearchPlayer.Scored> r = ENGINE.rank(Backgammon.legalPlays(Position.START, new Dice(4, 2)), 1);
    assertThat(r).hasSize(18);
    assertThat(Notation.write(r.get(0).play())).isEqualTo("8/4 6/4");
  }
}
