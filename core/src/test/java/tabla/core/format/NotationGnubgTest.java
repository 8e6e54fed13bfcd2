package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import tabla.core.Backgammon;
import tabla.core.Corpus;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;

/**
 * Our notation against gnubg's own move strings: gnubg_notation.jsonl (gnubg 1.07's hint output for
 * every position of standard_movegen.jsonl, made with scripts/gnubg/gnubg_moves.sh) and the
 * hand-made validation file. We write exactly gnubg's string and read it back to the same play.
 */
class NotationGnubgTest {

  static List<Corpus.Entry> entries() throws URISyntaxException {
    List<Corpus.Entry> all = new ArrayList<>(
        Corpus.read(Path.of(NotationGnubgTest.class.getResource("/gnubg_notation.jsonl").toURI())));
    all.addAll(Corpus.read("validation_plays.jsonl"));
    return all.stream().filter(e -> !e.moves().isEmpty()).toList();
  }

  @TestFactory
  Stream<DynamicTest> writesAndReadsGnubgMoveStrings() throws URISyntaxException {
    return entries().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
      Position pos = PositionId.decode(e.positionId()).get();
      Dice dice = new Dice(e.d1(), e.d2());
      Map<String, Play> byId = new HashMap<>();
      for (Play p : Backgammon.legalPlays(pos, dice)) byId.put(PositionId.encode(p.result()), p);
      for (List<String> m : e.moves()) {
        String gnubg = m.get(0);
        Play ours = byId.get(m.get(1));
        assertThat(ours).as("gnubg's %s is one of our plays", gnubg).isNotNull();
        assertThat(Notation.write(ours)).as("written like gnubg").isEqualTo(gnubg);
        Play read = Notation.parse(pos, dice, gnubg).get();
        assertThat(PositionId.encode(read.result())).as("reading %s", gnubg).isEqualTo(m.get(1));
      }
    }));
  }
}
