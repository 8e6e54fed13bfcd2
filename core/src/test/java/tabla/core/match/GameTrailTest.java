package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static tabla.core.match.Script.run;
import static tabla.core.match.Script.start;

import java.util.List;
import java.util.OptionalInt;
import java.util.SplittableRandom;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;

/** {@link Game#trail}: the state after each event, which the replay shows (issue 11: the web computes no cube). */
class GameTrailTest {

  @Test
  void trail_followsTheCube_throughAnAutomaticDoubleADoubleAndABeaver() {
    Rules rules = Rules.money().toBuilder().automaticDoubles(1).beavers(true).jacoby(false).build();
    Game g = run(start(rules), "rolloff 2 2", "rolloff 3 1", "move 8/5 6/5", "double", "beaver").game();
    List<Game> trail = g.trail();
    assertThat(trail).hasSameSizeAs(g.events());
    assertThat(trail).extracting(Game::cube).containsExactly(2, 2, 2, 2, 8);
    assertThat(trail.get(3).phase()).isEqualTo(Phase.DOUBLE_OFFERED); // the offer: 2 → 4, not yet taken
    assertThat(trail.get(3).cubeOwner()).isEmpty();
    assertThat(trail.get(4).cubeOwner()).isEqualTo(OptionalInt.of(0)); // the beaver keeps the cube
    assertThat(trail.get(trail.size() - 1)).isEqualTo(g);
  }

  /** A roll that cannot be played is passed by the game itself: the pass shares the roll's state. */
  @Test
  void trail_givesAPassTheStateOfTheRollThatCausedIt() {
    Game g = start(Rules.money()).game();
    SplittableRandom rnd = new SplittableRandom(7);
    boolean passed = false;
    while (!g.isOver() && !passed) {
      g = g.apply(randomAction(g, rnd)).get();
      List<Game.Event> ev = g.events();
      passed = ev.size() >= 2 && ev.get(ev.size() - 1).action() instanceof Action.Move m && m.play().isPass();
    }
    assertThat(passed).as("seed 7 reaches a pass").isTrue();
    List<Game> trail = g.trail();
    assertThat(trail.get(trail.size() - 1)).isEqualTo(g).isSameAs(trail.get(trail.size() - 2));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"backgammon", "plakoto", "fevga", "grasshopper"})
  void trail_endsInTheGameItself_alongRandomGames(String variant) {
    SplittableRandom rnd = new SplittableRandom(variant.hashCode());
    Rules rules = Rules.money().toBuilder().variant(variant).jacoby(false).build();
    for (int n = 0; n < 5; n++) {
      Game g = start(rules).game();
      while (!g.isOver()) g = g.apply(randomAction(g, rnd)).get();
      List<Game> trail = g.trail();
      assertThat(trail).hasSameSizeAs(g.events());
      assertThat(trail.get(trail.size() - 1)).isEqualTo(g);
      for (int i = 0; i < trail.size(); i++) assertThat(trail.get(i).events().get(i)).isEqualTo(g.events().get(i));
    }
  }

  private static Action randomAction(Game g, SplittableRandom rnd) {
    return switch (g.phase()) {
      case OPENING -> new Action.RollOff(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
      case ROLL -> new Action.Roll(new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)));
      default -> new Action.Move(g.legalPlays().get(rnd.nextInt(g.legalPlays().size())));
    };
  }
}
