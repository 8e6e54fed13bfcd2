package tabla.core.dice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Result;

/** Verifiable dice: the published test vector, and that verification catches every kind of tampering. */
class DiceCommitmentTest {
  static final String ZERO_SEED = "00".repeat(32);

  /** A game as a server records it: a roll-off of single dice until they differ, then pairs. */
  static List<Roll> playGame(CommittedDice dice, int pairs) {
    List<Roll> record = new ArrayList<>();
    while (true) {
      Roll white = Roll.single(dice.nextIndex(), dice.rollOne());
      Roll black = Roll.single(dice.nextIndex(), dice.rollOne());
      record.add(white);
      record.add(black);
      if (white.first() != black.first()) break;
    }
    for (int i = 0; i < pairs; i++) record.add(Roll.pair(dice.nextIndex(), dice.roll()));
    return record;
  }

  // ---- the specification's test vector (checked independently with the Python line in CommittedDice)

  @Test
  void zeroSeedTestVector() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    assertThat(dice.commitment())
        .isEqualTo("66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925");
    List<String> rolls = new ArrayList<>();
    for (int n = 0; n < 10; n++) {
      Dice d = dice.roll();
      rolls.add(d.first() + "-" + d.second());
    }
    assertThat(rolls).containsExactly("4-2", "1-3", "3-5", "3-2", "6-3", "6-5", "4-2", "2-2", "3-6", "2-5");
    // Roll 37's first HMAC byte is 254, so it is skipped: this vector pins the rejection rule.
    assertThat(FairDice.rollFor(ZERO_SEED, 37).get()).isEqualTo(new Dice(3, 4));
  }

  @Test
  void counterModeBlocksTestVector() {
    // 80 values need three 32-byte blocks (j = 0, 1, 2), which a real roll almost never does.
    int[] expected = {4, 2, 4, 2, 5, 4, 2, 2, 2, 2, 3, 2, 2, 1, 4, 6, 2, 5, 2, 3, 2, 6, 6, 2, 4, 2, 6, 1,
        6, 1, 3, 3, 3, 4, 4, 2, 1, 3, 1, 4, 2, 2, 2, 4, 3, 3, 6, 2, 4, 3, 1, 3, 3, 1, 2, 2, 2, 1, 5, 4, 5,
        5, 1, 5, 3, 4, 4, 1, 2, 5, 1, 4, 5, 2, 6, 4, 5, 2, 6, 4};
    assertThat(FairDice.dieValues(new byte[32], 0, 80)).containsExactly(expected);
  }

  @Test
  void singleDieIsTheFirstDieOfThePairWithTheSameNumber() {
    CommittedDice singles = CommittedDice.fromHex(ZERO_SEED).get();
    for (int n = 0; n < 10; n++) {
      assertThat(singles.rollOne()).isEqualTo(FairDice.rollFor(ZERO_SEED, n).get().first());
    }
  }

  @Test
  void commitmentIsSha256OfTheSeedBytes() throws Exception {
    CommittedDice dice = new CommittedDice();
    byte[] seed = HexFormat.of().parseHex(dice.revealSeed());
    assertThat(seed).hasSize(32);
    assertThat(dice.commitment())
        .isEqualTo(HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(seed)))
        .matches("[0-9a-f]{64}");
  }

  @Test
  void freshSeedsDiffer() {
    assertThat(new CommittedDice().commitment()).isNotEqualTo(new CommittedDice().commitment());
  }

  // ---- verification

  @Test
  void aRecordedGameVerifies() {
    CommittedDice dice = new CommittedDice();
    String commitment = dice.commitment();
    List<Roll> record = playGame(dice, 60);
    assertThat(FairDice.verify(commitment, dice.revealSeed(), record).get()).isEqualTo(record.size());
  }

  @Test
  void anEmptyRecordVerifiesAgainstTheRightSeed() {
    CommittedDice dice = new CommittedDice();
    assertThat(FairDice.verify(dice.commitment(), dice.revealSeed(), List.of()).get()).isZero();
  }

  @Test
  void alteringAnyOneRollFailsNamingThatRoll() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    List<Roll> record = playGame(dice, 40);
    String commitment = dice.commitment();
    String seed = dice.revealSeed();
    for (int i = 0; i < record.size(); i++) {
      Roll r = record.get(i);
      // Change one die to the next face: the smallest possible alteration.
      Roll altered = r.isSingle() ? Roll.single(i, r.first() % 6 + 1) : new Roll(i, r.first(), r.second() % 6 + 1);
      List<Roll> tampered = new ArrayList<>(record);
      tampered.set(i, altered);
      Result<Integer> result = FairDice.verify(commitment, seed, tampered);
      assertThat(result.isOk()).as("altered roll %d", i).isFalse();
      assertThat(result.error()).startsWith(altered + " does not match the seed, which gives " + r);
    }
  }

  @Test
  void swappingTheDiceOfARollFails() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    List<Roll> record = playGame(dice, 10);
    int i = record.size() - 1;
    Roll last = record.get(i);
    assertThat(last.first()).isNotEqualTo(last.second()); // the zero seed's roll here is not a double
    record.set(i, new Roll(i, last.second(), last.first()));
    assertThat(FairDice.verify(dice.commitment(), dice.revealSeed(), record).error()).contains("roll " + i + ":");
  }

  @Test
  void aWrongSeedFails() {
    CommittedDice dice = new CommittedDice();
    List<Roll> record = playGame(dice, 20);
    String otherSeed = new CommittedDice().revealSeed();
    assertThat(FairDice.verify(dice.commitment(), otherSeed, record).error())
        .startsWith("the seed does not match the commitment");
  }

  @Test
  void anotherSeedWithItsOwnCommitmentFailsOnTheRolls() {
    // A cheating server cannot swap in a seed and commitment after the fact: the rolls give it away.
    CommittedDice dice = new CommittedDice();
    List<Roll> record = playGame(dice, 20);
    CommittedDice other = new CommittedDice();
    assertThat(FairDice.verify(other.commitment(), other.revealSeed(), record).error())
        .contains("does not match the seed");
  }

  @Test
  void aMissingRollFails() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    List<Roll> record = playGame(dice, 10);
    String seed = dice.revealSeed();
    List<Roll> skipped = new ArrayList<>(record);
    skipped.remove(5);
    assertThat(FairDice.verify(dice.commitment(), seed, skipped).error())
        .isEqualTo("rolls must be numbered 0, 1, 2, … with none missing: entry 5 is numbered 6");
    // Renumbering the rest to hide the gap moves later dice onto numbers that give other dice.
    List<Roll> renumbered = new ArrayList<>();
    for (Roll r : skipped) renumbered.add(new Roll(renumbered.size(), r.first(), r.second()));
    assertThat(FairDice.verify(dice.commitment(), seed, renumbered).error()).startsWith("roll 5: ");
  }

  @Test
  void malformedInputsAreErrorsNotExceptions() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    String commitment = dice.commitment();
    assertThat(FairDice.verify(commitment, "00", List.of()).error()).startsWith("a seed is 64 hex digits");
    assertThat(FairDice.verify(commitment, "zz".repeat(32), List.of()).error()).startsWith("a seed is 64 hex digits");
    assertThat(FairDice.verify(commitment, null, List.of()).isOk()).isFalse();
    assertThat(FairDice.verify(null, ZERO_SEED, List.of()).isOk()).isFalse();
    // Upper-case hex is the same number.
    assertThat(FairDice.verify(commitment.toUpperCase(), ZERO_SEED, List.of()).isOk()).isTrue();
    assertThat(CommittedDice.fromHex("abc").isOk()).isFalse();
    assertThat(FairDice.rollFor(ZERO_SEED, -1).isOk()).isFalse();
  }

  @Test
  void noRollAfterTheSeedIsRevealed() {
    CommittedDice dice = new CommittedDice();
    dice.roll();
    String seed = dice.revealSeed();
    assertThat(dice.revealSeed()).isEqualTo(seed);
    assertThatThrownBy(dice::roll).isInstanceOf(IllegalStateException.class).hasMessageContaining("revealed");
    assertThatThrownBy(dice::rollOne).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void rollsNumberEveryEventSinglesIncluded() {
    CommittedDice dice = CommittedDice.fromHex(ZERO_SEED).get();
    assertThat(dice.nextIndex()).isZero();
    dice.rollOne();
    dice.rollOne();
    assertThat(dice.roll()).isEqualTo(FairDice.rollFor(ZERO_SEED, 2).get()).isEqualTo(new Dice(3, 5));
    assertThat(dice.nextIndex()).isEqualTo(3);
  }

  @Test
  void seedMustBe32Bytes() {
    assertThatThrownBy(() -> new CommittedDice(new byte[16])).isInstanceOf(IllegalArgumentException.class);
  }
}
