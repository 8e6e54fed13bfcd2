package tabla.coach;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import org.junit.jupiter.api.Test;
import tabla.bot.Bots;
import tabla.bot.Player;
import tabla.bot.RandomPlayer;
import tabla.bot.eval.VariantNet;
import tabla.bot.variant.NetEvaluation;
import tabla.bot.variant.VariantPlayer;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * The variant trainer is reproducible (threads, resuming), and each shipped variant network loads, is the
 * one the computer plays with, and beats a random player (the strength figures are `./tabla duel`'s).
 */
class VariantNetTest {
  private static final Trainer.Settings SETTINGS = new Trainer.Settings(7, 8, 2, 4, 0.7, 0.1, 1);

  static byte[] train(Variant v, Trainer.Settings s) throws Exception {
    VariantTrainer t = new VariantTrainer(s, VariantNet.fresh(v, s.hidden(), s.seed()));
    t.run(0, s.epochs(), p -> {});
    return bytes(t.network());
  }

  static byte[] bytes(VariantNet n) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    n.write(out);
    return out.toByteArray();
  }

  @Test
  void sameSeedSameWeightsWhateverTheThreadsAndResuming() throws Exception {
    for (String name : new String[] {"nardy", "plakoto", "gulbara"}) {
      Variant v = Variants.of(name);
      byte[] one = train(v, SETTINGS);
      assertThat(train(v, new Trainer.Settings(7, 8, 2, 4, 0.7, 0.1, 2))).as(name).isEqualTo(one);
      VariantTrainer first = new VariantTrainer(SETTINGS, VariantNet.fresh(v, 8, 7));
      first.run(0, 1, p -> {});
      VariantNet saved = VariantNet.readForTraining(v, new ByteArrayInputStream(bytes(first.network())));
      VariantTrainer second = new VariantTrainer(SETTINGS, saved);
      second.run(1, 2, p -> {});
      assertThat(bytes(second.network())).as(name + " resumed").isEqualTo(one);
      assertThat(one).as(name + " learned something").isNotEqualTo(bytes(VariantNet.fresh(v, 8, 7)));
    }
  }

  /** The input count a network file was written with. */
  static int inputs(byte[] file) throws Exception {
    var in = new java.io.DataInputStream(new java.util.zip.GZIPInputStream(new ByteArrayInputStream(file)));
    in.readInt(); // magic
    return in.readInt();
  }

  @Test
  void networksOfTheFirstLayoutStayByteForByteAndOnlyGulBaraUsesThePlaysOnInputs() throws Exception {
    for (String name : new String[] {"nardy", "plakoto", "fevga", "tavla"}) {
      byte[] shipped;
      try (var in = Bots.class.getResourceAsStream("/tabla/bot/variant-" + name + ".bin.gz")) {
        shipped = in.readAllBytes();
      }
      assertThat(inputs(shipped)).as(name).isEqualTo(tabla.bot.eval.VariantFeatures.COUNT_V1);
      VariantNet read = VariantNet.readForTraining(Variants.of(name), new ByteArrayInputStream(shipped));
      assertThat(bytes(read)).as(name + " written back").isEqualTo(shipped);
    }
    // A variant that never plays on trains the first layout's weights (the shipped files' commands still make them).
    assertThat(inputs(train(Variants.of("fevga"), SETTINGS))).isEqualTo(tabla.bot.eval.VariantFeatures.COUNT_V1);
    assertThat(inputs(train(Variants.of("gulbara"), SETTINGS))).isEqualTo(tabla.bot.eval.VariantFeatures.COUNT);
  }

  @Test
  void shippedNetworksLoadAndBeatARandomPlayer() {
    assertThat(Bots.variantNet(Variants.of("nardy"))).isPresent();
    for (String name : Bots.VARIANT_NETWORKS) {
      Variant v = Variants.of(name);
      if (Bots.variantNet(v).isEmpty()) continue; // not trained yet
      assertThat(Bots.forVariant(v, "strong", 1)).isInstanceOf(VariantPlayer.class);
      assertThat(((VariantPlayer) Bots.forVariant(v, "strong", 1)).evaluator()).isInstanceOf(NetEvaluation.class);
      Player net = new VariantPlayer(new NetEvaluation(Bots.variantNet(v).get()), 0, 1, 0, 0, 0);
      double[] ppg = Strength.pointsPerGame(net, new RandomPlayer(5, 0, 1), 8, 40, name);
      assertThat(ppg[0]).as(name + " points per game against random").isGreaterThan(1.0);
    }
  }

  @Test
  void incrementalEvaluationAgreesWithTheFullOne() {
    for (String name : new String[] {"nardy", "plakoto", "fevga", "tavla", "gulbara"}) {
      Variant v = Variants.of(name);
      VariantNet net = VariantNet.fresh(v, 16, 3);
      NetEvaluation e = new NetEvaluation(net);
      java.util.SplittableRandom rnd = new java.util.SplittableRandom(11);
      tabla.core.Position p = v.start();
      int checked = 0;
      for (int ply = 0; ply < 200 && checked < 60; ply++) {
        tabla.core.Dice d = new tabla.core.Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        var plays = v.legalPlays(p, d, tabla.core.variant.Turn.LATER);
        if (plays.isEmpty()) {
          p = p.swap();
          continue;
        }
        double[] fast = e.afterPlays(p, plays);
        for (int i = 0; i < fast.length; i++) {
          assertThat(fast[i]).as(name).isCloseTo(e.afterPlay(plays.get(i).result()), org.assertj.core.data.Offset.offset(1e-4));
        }
        checked++;
        tabla.core.Position next = plays.get(rnd.nextInt(plays.size())).result();
        if (v.ending(next).isPresent()) {
          p = v.start();
        } else {
          p = next.swap();
        }
      }
      assertThat(checked).isEqualTo(60);
    }
  }
}
