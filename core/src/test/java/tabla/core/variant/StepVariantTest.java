package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.Backgammon;
import tabla.core.Corpus;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.PositionId;

/**
 * The shared step generator, left with backgammon's rules, must find exactly the plays of the fast
 * standard generator (itself equal to gnubg's): on the whole corpus and along random games.
 */
class StepVariantTest {
  /** Backgammon written as a step variant with every hook left at its default. */
  static final class StepBackgammon extends StepVariant {
    @Override
    public String name() {
      return "step-backgammon";
    }

    @Override
    public Position start() {
      return Position.START;
    }
  }

  private final StepVariant steps = new StepBackgammon();

  private static Set<Position> results(List<Play> plays) {
    Set<Position> s = new HashSet<>();
    for (Play p : plays) s.add(p.result());
    assertThat(s).hasSameSizeAs(plays); // no play twice
    return s;
  }

  private void same(Position p, Dice d) {
    assertThat(results(steps.legalPlays(p, d))).as("%s %s", PositionId.encode(p), d)
        .isEqualTo(results(Backgammon.legalPlays(p, d)));
  }

  @Test
  void equalsTheStandardGeneratorOnTheCorpus() throws Exception {
    List<Corpus.Entry> entries = Corpus.all();
    assertThat(entries).hasSizeGreaterThan(500);
    for (Corpus.Entry e : entries) same(PositionId.decode(e.positionId()).get(), new Dice(e.d1(), e.d2()));
  }

  @Test
  void equalsTheStandardGeneratorAlongRandomGames() {
    SplittableRandom rnd = new SplittableRandom(61);
    int compared = 0;
    for (int game = 0; game < 60; game++) {
      Position p = Position.START;
      for (int turn = 0; turn < 200; turn++) {
        Dice d = new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        same(p, d);
        compared++;
        List<Play> plays = Backgammon.legalPlays(p, d);
        Position next = plays.isEmpty() ? p : plays.get(rnd.nextInt(plays.size())).result();
        if (Variant.allOff(next)) break;
        p = next.swap();
      }
    }
    assertThat(compared).isGreaterThan(3000);
  }

  @Test
  void keepsTheMovesThatLeadToEachPlay() {
    List<Play> plays = steps.legalPlays(Position.START, new Dice(3, 1));
    List<String> written = new ArrayList<>();
    for (Play p : plays) written.add(p.toString());
    assertThat(written).contains("8/5 6/5", "24/23 24/21", "13/10 6/5");
  }
}
