package tabla.coach;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.bot.eval.VariantNet;
import tabla.bot.variant.NetEvaluation;
import tabla.bot.variant.VariantPlayer;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Gul bara's escalating doubles seen by the network and the search: a position where the mover still plays
 * 3-3 … 6-6 is not one where he rolls, and a play after which he plays on is valued with the double he plays.
 */
class GulBaraPlaysOnTest {
  private static final Variant GULBARA = Variants.of("gulbara");

  /** A small network trained a little on Gul bara (enough for its plays-on inputs to have weights). */
  private static VariantNet trained() throws Exception {
    VariantTrainer t = new VariantTrainer(new Trainer.Settings(5, 8, 2, 6, 0.7, 0.1, 1), VariantNet.fresh(GULBARA, 8, 5));
    t.run(0, 2, p -> {});
    return t.network();
  }

  /** The game's fourth roll, 2-2, for player 1 (set up as after both players' first rolls; player 0 rolled the third). */
  private static Game fourthRollTwoTwo() {
    Rules rules = Rules.match(25).toBuilder().variant("gulbara").cube(false).build();
    Game g = Game.setUp(rules, new Game.Seat(0, 0, false, false), GULBARA.start(), 0, 1);
    g = g.apply(new Action.Roll(new Dice(6, 5))).get();
    g = g.apply(new Action.Move(g.legalPlays().get(0))).get();
    g = g.apply(new Action.Roll(new Dice(2, 2))).get();
    assertThat(g.mover()).isEqualTo(1);
    return g;
  }

  @Test
  void theNetworkTellsAPositionWithADoubleToPlayOnFromOneWhereTheMoverRolls() throws Exception {
    VariantNet net = trained();
    Position p = fourthRollTwoTwo().position();
    float[] rolls = new float[5];
    float[] threes = new float[5];
    float[] sixes = new float[5];
    net.evaluate(p, null, net.scratch(), rolls);
    net.evaluate(p, new Dice(3, 3), net.scratch(), threes);
    net.evaluate(p, new Dice(6, 6), net.scratch(), sixes);
    assertThat(threes[0]).isNotEqualTo(rolls[0]);
    assertThat(threes[0]).isNotEqualTo(sixes[0]);
    float[] plain = new float[5];
    net.evaluate(p, net.scratch(), plain);
    assertThat(plain).containsExactly(rolls);
  }

  @Test
  void aPlayAfterWhichTheMoverPlaysOnIsValuedWithTheNextDoubleAtEachDepth() throws Exception {
    NetEvaluation eval = new NetEvaluation(trained());
    Game g = fourthRollTwoTwo();
    List<Play> plays = g.legalPlays();
    assertThat(plays).hasSizeGreaterThan(1);
    for (Play p : plays) assertThat(GULBARA.playsOn(g.dice(), p, g.progress())).isEqualTo(new Dice(3, 3));

    VariantPlayer zero = new VariantPlayer(eval, 0, 1, 0, 0, 0);
    for (VariantPlayer.Scored s : zero.rank(g, plays)) {
      double withThrees = eval.playingOn(s.play().result(), new Dice(3, 3));
      assertThat(s.equity()).isCloseTo(withThrees, offset(1e-9));
      assertThat(withThrees).isNotCloseTo(eval.afterPlay(s.play().result()), offset(1e-6));
    }

    // 1-ply: his best play of the 3s (each valued with the 4s to come), not the opponent's rolls.
    VariantPlayer one = new VariantPlayer(eval, 1, 3, 10, 0, 0);
    Play first = plays.get(0);
    List<Play> threes = GULBARA.legalPlays(first.result(), new Dice(3, 3), g.progress());
    double best = Double.NEGATIVE_INFINITY;
    for (Play t : threes) best = Math.max(best, eval.playingOn(t.result(), new Dice(4, 4)));
    assertThat(one.equityAfter(g, first)).isCloseTo(best, offset(1e-9));
  }
}
