package tabla.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tabla.core.format.PositionId;

/** Our legal plays equal GNU Backgammon's, record for record, for every corpus file. */
class CorpusTest {

  static List<String> resultIds(Position pos, int d1, int d2) {
    List<String> ids = new ArrayList<>();
    for (Play p : Backgammon.legalPlays(pos, new Dice(d1, d2))) ids.add(PositionId.encode(p.result()));
    ids.sort(null);
    return ids;
  }

  @TestFactory
  Stream<DynamicTest> everyCorpusRecordMatchesGnubg() {
    return check(Corpus.all());
  }

  /** 3,000 more positions from gnubg's gen_corpus.sh (250 random games, seed 777). */
  @TestFactory
  Stream<DynamicTest> extraGnubgPositionsMatch() throws Exception {
    return check(Corpus.read(Path.of(getClass().getResource("/gnubg_extra_seed777.jsonl").toURI())));
  }

  private static Stream<DynamicTest> check(List<Corpus.Entry> entries) {
    return entries.stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
      Position pos = PositionId.decode(e.positionId()).get();
      assertThat(resultIds(pos, e.d1(), e.d2())).containsExactlyElementsOf(e.plays());
      // The dice order must not matter.
      assertThat(resultIds(pos, e.d2(), e.d1())).containsExactlyElementsOf(e.plays());
    }));
  }

  @Test
  void corpusIsThere() {
    assertThat(Corpus.all()).hasSizeGreaterThanOrEqualTo(1000);
  }
}
