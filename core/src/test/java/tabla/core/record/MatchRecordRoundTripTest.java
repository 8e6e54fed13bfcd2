package tabla.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Random matches from the engine survive writing and reading in both formats. */
class MatchRecordRoundTripTest {
  private static final int SEEDS = 25;
  private static final RecordInfo NAMES = RecordInfo.of("White Player", "Black Player");

  static Stream<Arguments> matches() {
    Rules money = Rules.money();
    Stream<Rules> rules = Stream.of(Rules.match(7), Rules.match(3), Rules.match(1),
        Rules.match(5).toBuilder().crawford(false).build(), Rules.match(5).toBuilder().cube(false).build(),
        money, money.toBuilder().jacoby(false).build(), money.toBuilder().beavers(true).build(),
        money.toBuilder().beavers(true).raccoons(true).build(),
        money.toBuilder().cube(false).jacoby(false).build());
    return rules.flatMap(r -> IntStream.range(0, SEEDS).mapToObj(s -> Arguments.of(r, s)));
  }

  @ParameterizedTest(name = "{0} seed {1}")
  @MethodSource("matches")
  void sgfKeepsEveryRecordedAction(Rules rules, int seed) {
    Match m = RandomPlay.play(rules, seed, 4, seed % 4 == 3);
    String text = SgfFormat.write(m, NAMES).get();
    MatchRecord back = SgfFormat.read(text).get();
    assertThat(RandomPlay.recorded(back.match())).isEqualTo(RandomPlay.recorded(m));
    assertThat(back.info()).isEqualTo(NAMES);
    // Beavers and raccoons show only when used: RU has no word for them (as in gnubg).
    Rules read = back.match().rules();
    assertThat(read.toBuilder().beavers(rules.beavers()).raccoons(rules.raccoons()).build()).isEqualTo(rules);
    assertThat(SgfFormat.write(back.match(), back.info()).get()).isEqualTo(text);
  }

  @ParameterizedTest(name = "{0} seed {1}")
  @MethodSource("matches")
  void matKeepsEveryRecordedAction(Rules rules, int seed) {
    Match m = RandomPlay.play(rules, seed, 4, seed % 4 == 3);
    String text = MatFormat.write(m, NAMES).get();
    MatchRecord back = MatFormat.read(text).get();
    assertThat(RandomPlay.recorded(back.match())).isEqualTo(RandomPlay.recorded(m));
    assertThat(back.match().score(0)).isEqualTo(m.score(0));
    assertThat(back.match().score(1)).isEqualTo(m.score(1));
    assertThat(back.match().rules().matchLength()).isEqualTo(rules.matchLength());
    assertThat(MatFormat.write(back.match(), back.info()).get()).isEqualTo(text);
  }
}
