package tabla.bot;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Optional;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.dice.DiceSource;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Rules;

/**
 * Resignation offers: the bot resigns the level it is sure to lose when it cannot win, never while it
 * has chances, and does not repeat a refused offer.
 */
class ResignTest {
  private static final SearchPlayer BOT = new SearchPlayer(Evaluator.bundled(), 8, 0.16);
  private static final Rules MONEY = Rules.money().toBuilder().jacoby(false).build();
  // The opponent has one checker left on its 1-point: it bears off next turn whatever it rolls.
  private static final int[] LAST_CHECKER = Position.side(1, 1);

  private static Game onRoll(Rules r, int[] mover) {
    return Game.setUp(r, Game.Seat.MONEY, Position.of(mover, LAST_CHECKER).get(), 0, 1);
  }

  @Test
  void resignsASingleGameWhenSomeCheckersAreOff() {
    assertThat(BOT.resignOffer(onRoll(MONEY, Position.side(6, 10)))).contains(1);
  }

  @Test
  void resignsAGammonWhenNoneIsOff() {
    assertThat(BOT.resignOffer(onRoll(MONEY, Position.side(13, 15)))).contains(2);
  }

  @Test
  void resignsABackgammonWithCheckersInTheWinnersHome() {
    assertThat(BOT.resignOffer(onRoll(MONEY, Position.side(21, 5, 22, 5, 23, 5)))).contains(3);
  }

  @Test
  void underJacobyWithACentredCubeASingleIsEnough() {
    assertThat(BOT.resignOffer(onRoll(Rules.money(), Position.side(13, 15)))).contains(1);
  }

  @Test
  void neverResignsWithChances() {
    assertThat(BOT.resignOffer(Game.setUp(MONEY, Game.Seat.MONEY, Position.START, 0, 1))).isEmpty();
    // An even race.
    Position race = Position.of(Position.side(6, 5, 5, 5, 4, 5), Position.side(6, 5, 5, 5, 4, 5)).get();
    assertThat(BOT.resignOffer(Game.setUp(MONEY, Game.Seat.MONEY, race, 0, 1))).isEmpty();
  }

  @Test
  void aRefusedOfferIsNotRepeated() {
    Game g = onRoll(MONEY, Position.side(6, 10)).apply(new Action.Resign(1)).get().apply(new Action.RejectResign()).get();
    assertThat(BOT.resignOffer(g)).isEqualTo(Optional.empty());
  }

  @Test
  void selfPlayResignsAndTheOtherBotAccepts() {
    DiceSource dice = new DiceSource() {
      @Override
      public Dice roll() {
        return new Dice(6, 5);
      }

      @Override
      public int rollOne() {
        return 1;
      }
    };
    Game g = onRoll(MONEY, Position.side(6, 10));
    Action a = SelfPlay.decide(g, BOT, dice);
    assertThat(a).isEqualTo(new Action.Resign(1));
    Game offered = g.apply(a).get();
    Game over = offered.apply(SelfPlay.decide(offered, new SearchPlayer(Evaluator.bundled(), 8, 0.16), dice)).get();
    assertThat(over.result().end()).isEqualTo(GameResult.End.RESIGNED);
    assertThat(over.result().points()).isEqualTo(1);
  }
}
