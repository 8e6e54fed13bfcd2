package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.dice.CommittedDice;
import tabla.core.dice.FairDice;
import tabla.core.dice.Roll;
import tabla.core.dice.SeededDice;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameDice;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Random self-play through the match engine: every match ends, scores add up, rules hold. */
class SelfPlayTest {

  @Test
  void twoHundredSevenPointMatchesWithTheCube() {
    for (int i = 0; i < 200; i++) {
      Match m = SelfPlay.play(Rules.match(7), new RandomPlayer(2 * i, 0.1, 0.7), new RandomPlayer(2 * i + 1, 0.1, 0.7),
          new SeededDice(1000 + i), 0);
      assertThat(m.isOver()).isTrue();
      assertThat(Math.max(m.score(0), m.score(1))).isGreaterThanOrEqualTo(7);
      int[] sum = new int[2];
      boolean crawfordSeen = false;
      for (Game g : m.games()) {
        GameResult r = g.result();
        assertThat(r).isNotNull();
        assertThat(g.seat().score0()).isEqualTo(sum[0]);
        assertThat(g.seat().score1()).isEqualTo(sum[1]);
        sum[0] += r.pointsFor(0);
        sum[1] += r.pointsFor(1);
        if (g.seat().crawfordGame()) {
          crawfordSeen = true;
          assertThat(g.events()).noneMatch(e -> e.action() instanceof Action.Double);
        }
        assertThat(g.seat().postCrawford()).isEqualTo(crawfordSeen && !g.seat().crawfordGame());
      }
      assertThat(sum).containsExactly(m.score(0), m.score(1));
    }
  }

  @Test
  void committedDiceVerifyForEveryRollOfARecordedGame() {
    CommittedDice dice = new CommittedDice();
    String commitment = dice.commitment();
    Match m = SelfPlay.play(Rules.money(), new RandomPlayer(1, 0.05, 0.9), new RandomPlayer(2, 0.05, 0.9), dice, 1);
    Game game = m.games().get(0);
    List<Roll> rolls = GameDice.rolls(game);
    String seed = dice.revealSeed();
    assertThat(FairDice.verify(commitment, seed, rolls).get()).isEqualTo(rolls.size()).isGreaterThan(20);

    // Any altered roll is caught.
    for (int k : new int[] {0, 1, rolls.size() / 2, rolls.size() - 1}) {
      List<Roll> altered = new ArrayList<>(rolls);
      Roll r = rolls.get(k);
      altered.set(k, r.isSingle() ? Roll.single(r.index(), r.first() % 6 + 1)
          : new Roll(r.index(), r.first() % 6 + 1, r.second()));
      assertThat(FairDice.verify(commitment, seed, altered).error()).contains("roll " + r.index());
    }
  }
}
