package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.start;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;

/**
 * A roll with no legal play: passed by the game at once, or, when the roller asked ({@code Roll.waitForPass},
 * auto-pass off), held until he passes himself; either way the same game follows (issue 13).
 */
class WaitForPassTest {

  @Test
  void aRollWithNoPlay_waitsForThePlayersPass_whenHeAsked_andTheGameGoesOnAsIfPassedByItself() {
    SplittableRandom rnd = new SplittableRandom(7);
    Game held = start(Rules.money()).game();
    Game auto = held;
    List<Action> autoActions = new ArrayList<>();
    while (!(held.phase() == Phase.MOVE && held.legalPlays().isEmpty())) {
      assertThat(held.isOver()).as("seed 7 reaches a roll with no play").isFalse();
      Action a = switch (held.phase()) {
        case OPENING -> new Action.RollOff(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        case ROLL -> new Action.Roll(new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)), true);
        default -> new Action.Move(held.legalPlays().get(rnd.nextInt(held.legalPlays().size())));
      };
      held = held.apply(a).get();
      if (a instanceof Action.Roll r) a = new Action.Roll(r.dice()); // the same roll, passed by the game
      auto = auto.apply(a).get();
      autoActions.add(a);
    }
    int roller = held.mover();
    // held: the dice are on the board, the roller still to act; nothing but a pass is accepted
    assertThat(held.toAct(roller)).isTrue();
    assertThat(held.apply(new Action.Roll(new Dice(3, 1))).isOk()).isFalse();
    assertThat(held.apply(new Action.Double()).isOk()).isFalse();
    // by itself: the same roll has passed already, the opponent rolls
    assertThat(auto.phase()).isEqualTo(Phase.ROLL);
    assertThat(auto.toAct(1 - roller)).isTrue();

    Game passed = held.apply(new Action.Move(new Play(List.of(), held.position()))).get();
    assertThat(passed.phase()).isEqualTo(Phase.ROLL);
    assertThat(passed.toAct(1 - roller)).isTrue();
    assertThat(passed.position()).isEqualTo(auto.position());
    assertThat(passed.events()).hasSameSizeAs(auto.events());
    // the pass is the player's own event now: the trail gives it its own state, and ends in the game
    List<Game> trail = passed.trail();
    assertThat(trail).hasSameSizeAs(passed.events());
    assertThat(trail.get(trail.size() - 1)).isEqualTo(passed);
    assertThat(trail.get(trail.size() - 2).phase()).isEqualTo(Phase.MOVE);
    // a game stored before (every roll without the flag) plays again as it did
    Game again = start(Rules.money()).game();
    for (Action a : autoActions) again = again.apply(a).get();
    assertThat(again).isEqualTo(auto);
  }
}
