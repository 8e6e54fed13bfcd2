package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.Position;

/** The widened contact network: exactly the board-only one until trained, and its new inputs really read. */
class ContactNetTest {
  static final Evaluator SHIPPED = Evaluator.bundled();
  /** Networks that read the board's inputs only (the shipped contact network less its contact inputs' rows). */
  static final Evaluator BOARD_ONLY = new Evaluator(SHIPPED.contact.resized(Features.COUNT), SHIPPED.race);
  static final Position MIDDLE = Position.of(Position.side(24, 2, 13, 4, 8, 3, 6, 4, 5, 2),
      Position.side(24, 1, 21, 2, 13, 4, 8, 2, 6, 4, 5, 2)).get();

  @Test
  void widenedEvaluatesAsTheBoardOnlyContactNet() {
    ContactNet c = ContactNet.widen(BOARD_ONLY);
    float[] ours = new float[5];
    float[] theirs = new float[5];
    Evaluator exact = BOARD_ONLY; // exact sigmoid, no database, as widen's
    for (Position p : new Position[] {Position.START, MIDDLE, MIDDLE.swap()}) {
      c.evaluate(p, c.scratch(), ours);
      exact.evaluate(p, exact.scratch(), theirs);
      for (int k = 0; k < 5; k++) assertThat(ours[k]).isCloseTo(theirs[k], within(1e-6f));
    }
  }

  @Test
  void moreHiddenUnitsStartWhereTheNetworkWasAndThenLearn() {
    ContactNet narrow = ContactNet.widen(SHIPPED);
    ContactNet wide = ContactNet.widen(SHIPPED, 32, 5);
    assertThat(wide.hidden()).isEqualTo(narrow.hidden() + 32);
    float[] a = new float[5];
    float[] b = new float[5];
    for (Position p : new Position[] {Position.START, MIDDLE, MIDDLE.swap()}) {
      narrow.evaluate(p, narrow.scratch(), a);
      wide.evaluate(p, wide.scratch(), b);
      assertThat(b).containsExactly(a);
    }
    float[] target = {1, 1, 0, 0, 0};
    for (int i = 0; i < 20; i++) wide.learn(MIDDLE, wide.scratch(), target, 0.1f);
    boolean newUnitsUsed = false;
    for (int j = narrow.hidden() * Network.OUTPUTS; j < wide.net.w2.length; j++) newUnitsUsed |= wide.net.w2[j] != 0f;
    assertThat(newUnitsUsed).isTrue();
    float[] played = new float[5];
    Evaluator withIt = new Evaluator(wide.net, SHIPPED.race);
    wide.evaluate(MIDDLE, wide.scratch(), b);
    withIt.evaluate(MIDDLE, withIt.scratch(), played);
    assertThat(played).containsExactly(b);
  }

  @Test
  void theExtraInputsAreEncodedAfterTheBoardsAndLearned() throws Exception {
    Features f = new Features(ContactNet.COUNT);
    ContactNet.encode(Position.START, f);
    // At the start the mover's home points (the 6-point only: 1/6) sit at the first side's base + 5.
    boolean homeSeen = false;
    for (int k = 0; k < f.size; k++) {
      if (f.index[k] == Features.COUNT + 5) homeSeen = f.value[k] == 1f / 6;
    }
    assertThat(homeSeen).isTrue();
    ContactNet c = ContactNet.widen(BOARD_ONLY);
    float[] target = {1, 1, 0, 0, 0};
    for (int i = 0; i < 20; i++) c.learn(MIDDLE, c.scratch(), target, 0.1f);
    assertThat(c.net.unusedFrom(Features.COUNT)).isFalse();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    c.write(bytes);
    ContactNet back = ContactNet.read(new ByteArrayInputStream(bytes.toByteArray()), false);
    float[] a = new float[5];
    float[] b = new float[5];
    c.evaluate(MIDDLE, c.scratch(), a);
    back.evaluate(MIDDLE, back.scratch(), b);
    assertThat(b).containsExactly(a);
  }

  /** {@code c} with the contact inputs' weights drawn at random from {@code seed} (so that each of them counts). */
  static ContactNet randomized(ContactNet c, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = Features.COUNT * c.net.hidden; i < c.net.w1.length; i++) c.net.w1[i] = (float) r.nextDouble(-0.5, 0.5);
    return c;
  }

  @Test
  void anEvaluatorWithAFittedContactNetEvaluatesAsIt() {
    ContactNet c = randomized(ContactNet.widen(BOARD_ONLY), 7);
    Evaluator withIt = new Evaluator(c.net, SHIPPED.race); // exact sigmoid, no database, as the fit's
    Evaluator shipped = BOARD_ONLY;
    float[] ours = new float[5];
    float[] evaluator = new float[5];
    float[] before = new float[5];
    for (Position p : new Position[] {Position.START, MIDDLE, MIDDLE.swap()}) {
      c.evaluate(p, c.scratch(), ours);
      withIt.evaluate(p, withIt.scratch(), evaluator);
      shipped.evaluate(p, shipped.scratch(), before);
      assertThat(evaluator).containsExactly(ours);
      assertThat(Evaluator.equity(evaluator)).isNotCloseTo(Evaluator.equity(before), within(1e-3));
    }
  }

  @Test
  void aWeightsFileCarriesTheFittedContactNet() throws Exception {
    ContactNet c = randomized(ContactNet.widen(BOARD_ONLY), 11);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BOARD_ONLY.withContact(c).write(bytes);
    Evaluator back = Evaluator.read(new ByteArrayInputStream(bytes.toByteArray()));
    assertThat(back.readsContactInputs()).isTrue();
    assertThat(BOARD_ONLY.readsContactInputs()).isFalse();
    assertThat(SHIPPED.readsContactInputs()).as("version 3 of the shipped networks").isTrue();
    float[] a = new float[5];
    float[] b = new float[5];
    c.evaluate(MIDDLE, c.scratch(), a);
    back.evaluate(MIDDLE, back.scratch(), b);
    assertThat(b).containsExactly(a);
    // and a fit can go on from it: widening it again copies it
    ContactNet again = ContactNet.widen(back);
    again.evaluate(MIDDLE, again.scratch(), b);
    assertThat(b).containsExactly(a);
  }

  @Test
  void aContactNetOfAnotherWidthIsRefused() {
    assertThatThrownBy(() -> new Evaluator(SHIPPED.contact.resized(ContactNet.COUNT + 1), SHIPPED.race))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("inputs");
    assertThatThrownBy(() -> new Evaluator(SHIPPED.contact, SHIPPED.race.resized(ContactNet.COUNT)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("race");
  }
}
