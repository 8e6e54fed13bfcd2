package tabla.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tabla.core.format.Notation;

/** Number of distinct plays (by resulting position) for each roll from the starting position. */
class OpeningRollsTest {

  @ParameterizedTest(name = "{0}-{1}: {2} plays")
  @CsvSource({
    "2,1,15", "3,1,16", "4,1,14", "5,1,8", "6,1,10",
    "3,2,17", "4,2,18", "5,2,8", "6,2,14",
    "4,3,17", "5,3,9", "6,3,14",
    "5,4,9", "6,4,14", "6,5,7",
    "1,1,42", "2,2,75", "3,3,73", "4,4,52", "5,5,4", "6,6,11"
  })
  void distinctPlayCount(int high, int low, int expected) {
    assertThat(Backgammon.legalPlays(Position.START, new Dice(high, low))).hasSize(expected);
    assertThat(Backgammon.legalPlays(Position.START, new Dice(low, high))).hasSize(expected);
  }

  @Test
  void threeOneMakesTheFivePoint() {
    List<String> plays = Backgammon.legalPlays(Position.START, new Dice(3, 1)).stream()
        .map(Notation::write).toList();
    assertThat(plays).contains("8/5 6/5").doesNotHaveDuplicates();
  }
}
