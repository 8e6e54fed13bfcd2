package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.dice.DiceSource;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** Match cube decisions: post-Crawford trailer, the Crawford game, a gammonless race at the same score. */
class MatchCubeTest {
  private static final SearchPlayer BOT = new SearchPlayer(Evaluator.bundled(), 8, 0.16);
  private static final Rules FIVE = Rules.match(5);
  // Mover: 4 checkers on 1-2 (6 pips); opponent 5 left on 6 and 5: a race the mover all but wins, no gammon.
  private static final Position WON_RACE = Position.of(Position.side(1, 2, 2, 2), Position.side(6, 3, 5, 2)).get();

  private static final DiceSource FIXED = new DiceSource() {
    @Override
    public Dice roll() {
      return new Dice(3, 1);
    }

    @Override
    public int rollOne() {
      return 1;
    }
  };

  @Test
  void postCrawfordTheTrailerDoublesAtOnceAndTheLeaderTakesAnEvenGame() {
    // Player 0 has 2 points (3-away), player 1 has 4 (1-away), after the Crawford game: a drop would
    // leave the trailer 2-away, which is as good as a double for the match; so the leader takes.
    Game g = Game.setUp(FIVE, new Game.Seat(2, 4, false, true), Position.START, 0, 1);
    assertThat(BOT.wantsToDouble(g)).isTrue();
    assertThat(BOT.answerDouble(g.apply(new Action.Double()).get())).isInstanceOf(Action.Take.class);
  }

  @Test
  void postCrawfordAtFourAwayTheLeaderUsesTheFreeDrop() {
    // 4-away against 1-away: dropping leaves the trailer 3-away, worth about as much as 4-away; taking
    // risks a gammon that wins the trailer the match. The table gives both 0.30; the gammons decide.
    Game g = Game.setUp(FIVE, new Game.Seat(1, 4, false, true), Position.START, 0, 1);
    assertThat(BOT.wantsToDouble(g)).isTrue();
    assertThat(BOT.answerDouble(g.apply(new Action.Double()).get())).isInstanceOf(Action.Drop.class);
  }

  @Test
  void theLeaderNeverDoublesInTheCrawfordGame() {
    Game g = Game.setUp(FIVE, new Game.Seat(4, 1, true, false), WON_RACE, 0, 1);
    assertThat(SelfPlay.decide(g, BOT, FIXED)).isInstanceOf(Action.Roll.class);
  }

  @Test
  void aWonRaceIsADoubleAndAPassAtTwoAwayTwoAway() {
    Game g = Game.setUp(FIVE, new Game.Seat(3, 3, false, false), WON_RACE, 0, 1);
    assertThat(SelfPlay.decide(g, BOT, FIXED)).isInstanceOf(Action.Double.class);
    assertThat(BOT.answerDouble(g.apply(new Action.Double()).get())).isInstanceOf(Action.Drop.class);
  }

  @Test
  void theStartIsNoDoubleAndATakeAtFourAwayFourAway() {
    Game g = Game.setUp(FIVE, new Game.Seat(1, 1, false, false), Position.START, 0, 1);
    assertThat(BOT.wantsToDouble(g)).isFalse();
    assertThat(BOT.answerDouble(g.apply(new Action.Double()).get())).isInstanceOf(Action.Take.class);
  }
}
