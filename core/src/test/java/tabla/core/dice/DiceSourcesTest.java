package tabla.core.dice;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;

/** Seeded and scripted dice are deterministic; every source stays within 1..6. */
class DiceSourcesTest {

  static List<Integer> draw(DiceSource source, int pairs) {
    List<Integer> values = new ArrayList<>();
    for (int i = 0; i < pairs; i++) {
      Dice d = source.roll();
      values.add(d.first());
      values.add(d.second());
      values.add(source.rollOne());
    }
    return values;
  }

  @Test
  void sameSeedSameRolls() {
    assertThat(draw(new SeededDice(42), 1000)).isEqualTo(draw(new SeededDice(42), 1000));
    assertThat(draw(new SeededDice(42), 1000)).isNotEqualTo(draw(new SeededDice(43), 1000));
    assertThat(new SeededDice(42).seed()).isEqualTo(42);
  }

  @Test
  void seededRollsAreFixedAcrossVersions() {
    // Recorded on JDK 17. Self-play failures are reported by seed; if a JDK or a change here ever
    // alters what a seed rolls, this says so before old seeds silently name different games.
    assertThat(draw(new SeededDice(1), 3)).containsExactly(3, 1, 2, 2, 4, 1, 1, 6, 4);
  }

  @Test
  void sameCommittedSeedSameRolls() {
    byte[] seed = new byte[32];
    seed[0] = 7;
    assertThat(draw(new CommittedDice(seed), 200)).isEqualTo(draw(new CommittedDice(seed), 200));
  }

  @Test
  void everySourceStaysWithinOneToSix() {
    for (DiceSource s : List.of(new SecureDice(), new SeededDice(5), new CommittedDice())) {
      assertThat(draw(s, 10_000)).allMatch(v -> v >= 1 && v <= 6).contains(1, 2, 3, 4, 5, 6);
    }
  }

  @Test
  void scriptPlaysBackInOrder() {
    ScriptedDice dice = ScriptedDice.of(new Dice(6, 5), new Dice(3, 3), new Dice(1, 2));
    assertThat(dice.remaining()).isEqualTo(3);
    assertThat(dice.roll()).isEqualTo(new Dice(6, 5));
    assertThat(dice.roll()).isEqualTo(new Dice(3, 3));
    assertThat(dice.roll()).isEqualTo(new Dice(1, 2)); // order kept: 1 then 2, not "2-1"
    assertThat(dice.remaining()).isZero();
  }

  @Test
  void scriptWithARollOff() {
    List<Roll> record = List.of(Roll.single(0, 4), Roll.single(1, 4), Roll.single(2, 6), Roll.single(3, 2),
        Roll.pair(4, new Dice(5, 5)));
    ScriptedDice dice = new ScriptedDice(record);
    assertThat(List.of(dice.rollOne(), dice.rollOne(), dice.rollOne(), dice.rollOne())).containsExactly(4, 4, 6, 2);
    assertThat(dice.roll()).isEqualTo(new Dice(5, 5));
  }

  @Test
  void replayOfACommittedGameGivesTheSameDice() {
    CommittedDice live = new CommittedDice();
    List<Roll> record = DiceCommitmentTest.playGame(live, 30);
    ScriptedDice replay = new ScriptedDice(record);
    for (Roll r : record) {
      if (r.isSingle()) assertThat(replay.rollOne()).isEqualTo(r.first());
      else assertThat(replay.roll()).isEqualTo(r.dice());
    }
  }

  @Test
  void exhaustedScriptSaysSo() {
    ScriptedDice dice = ScriptedDice.of(new Dice(2, 1));
    dice.roll();
    assertThatThrownBy(dice::roll)
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("scripted dice exhausted: all 1 scripted rolls are used, and a pair was asked for");
    assertThatThrownBy(dice::rollOne).hasMessageContaining("exhausted");
  }

  @Test
  void askingForTheWrongKindSaysSo() {
    assertThatThrownBy(() -> ScriptedDice.of(new Dice(6, 1)).rollOne())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("scripted entry 0 (roll 0: 6-1) is not a single die");
    assertThatThrownBy(() -> new ScriptedDice(List.of(Roll.single(0, 3))).roll())
        .hasMessage("scripted entry 0 (roll 0: 3) is not a pair");
  }

  @Test
  void rollRecordsValidateAndPrintInRolledOrder() {
    assertThat(Roll.pair(7, new Dice(5, 6))).hasToString("roll 7: 5-6");
    assertThat(Roll.single(0, 4)).hasToString("roll 0: 4");
    assertThat(Roll.single(0, 4).isSingle()).isTrue();
    assertThatThrownBy(() -> new Roll(0, 7, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Roll(-1, 1, 1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> Roll.single(0, 3).dice()).isInstanceOf(IllegalStateException.class);
  }
}
