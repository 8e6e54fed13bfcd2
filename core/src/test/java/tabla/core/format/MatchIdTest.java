package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tabla.core.Result;

/**
 * Our Match ID codec against GNU Backgammon 1.07. The vectors in gnubg_matchids.tsv were made by
 * driving gnubg through match, cube, dice, double and resignation states with its own commands; the
 * expected fields come from gnubg's posinfo(), cubeinfo() and `show score`, not from the ID bits
 * (see README-ids.md).
 *
 * <p>gnubg 1.07 also writes a 67th bit (bit 66 counting from 0, the lowest bit of the last
 * character's 4-value: "...E"): 1 when the Jacoby rule is <em>off</em>, so in every match and in money
 * play without Jacoby. It is column noJacobyBit of the data file.
 */
class MatchIdTest {

  /** One line of gnubg_matchids.tsv. */
  record Vector(String id, MatchId expected, int noJacobyBit, String description) {
    String name() {
      return id + " " + description;
    }
  }

  static List<Vector> vectors() {
    List<Vector> out = new ArrayList<>();
    try (InputStream in = MatchIdTest.class.getResourceAsStream("/gnubg_matchids.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) continue;
        String[] f = line.split("\t");
        int[] v = new int[14];
        for (int i = 0; i < 14; i++) v[i] = Integer.parseInt(f[i + 1]);
        MatchId m = new MatchId(v[0], v[1], v[2], v[3] == 1, v[4], v[5], v[6] == 1, v[7], v[8], v[9], v[10], v[11],
            v[12], v[13] == 1);
        out.add(new Vector(f[0], m, v[13], f[15]));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  // ---- bit surgery on an ID, independent of the codec under test ----

  static byte[] bytes(String id) {
    return Base64.getDecoder().decode(id);
  }

  static String id(byte[] b) {
    return Base64.getEncoder().withoutPadding().encodeToString(b);
  }

  /** {@code id} with {@code width} bits from bit {@code from} (LSB first, as gnubg packs them) set to {@code value}. */
  static String withField(String id, int from, int width, int value) {
    byte[] b = bytes(id);
    for (int i = 0; i < width; i++) {
      int n = from + i;
      if (((value >> i) & 1) != 0) b[n >> 3] |= (byte) (1 << (n & 7));
      else b[n >> 3] &= (byte) ~(1 << (n & 7));
    }
    return id(b);
  }

  static String withoutJacobyBit(String id) {
    return withField(id, 66, 1, 0);
  }

  // ---- gnubg's vectors ----

  @Test
  void vectorsCoverWhatTheyShould() {
    List<Vector> all = vectors();
    assertThat(all).hasSizeGreaterThanOrEqualTo(300);
    assertThat(all).extracting(v -> v.expected().matchLength()).contains(0, 1, 3, 7, 25);
    assertThat(all).extracting(v -> v.expected().cubeValue()).contains(1, 2, 4, 8, 16, 32, 64);
    assertThat(all).extracting(v -> v.expected().cubeOwner()).contains(0, 1, MatchId.CENTERED);
    assertThat(all).extracting(v -> v.expected().gameState()).contains(1, 2, 3, 4);
    assertThat(all).extracting(v -> v.expected().resignation()).contains(0, 1, 2, 3);
    assertThat(all).extracting(v -> v.expected().crawford()).contains(true, false);
    assertThat(all).extracting(v -> v.expected().doubleOffered()).contains(true, false);
    assertThat(all).anyMatch(v -> v.expected().onRoll() != v.expected().turn());
    assertThat(all).anyMatch(v -> v.expected().die1() == 0);
    assertThat(all).anyMatch(v -> v.noJacobyBit() == 0);
    assertThat(all).anyMatch(v -> v.noJacobyBit() == 1);
  }

  /** Our encoder gives exactly gnubg's ID for the fields gnubg reports, its "Jacoby off" bit included. */
  @TestFactory
  Stream<DynamicTest> encodesLikeGnubg() {
    return vectors().stream().map(v -> DynamicTest.dynamicTest(v.name(),
        () -> assertThat(v.expected().encode()).isEqualTo(v.id())));
  }

  /** Without the extra bit (older IDs, money play with Jacoby) the other fields decode the same. */
  @TestFactory
  Stream<DynamicTest> decodesGnubgIdsWithoutTheJacobyBit() {
    return vectors().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> {
      MatchId m = MatchId.decode(withoutJacobyBit(v.id())).get();
      assertThat(m.noJacoby()).isFalse();
      assertThat(m.encode()).isEqualTo(withoutJacobyBit(v.id()));
      assertThat(m.cubeValue()).isEqualTo(v.expected().cubeValue());
      assertThat(m.score1()).isEqualTo(v.expected().score1());
    }));
  }

  /**
   * Every ID exactly as gnubg 1.07 writes it decodes to the expected fields and encodes back to the
   * same string. This needs the codec to accept and carry gnubg's bit 66 ("Jacoby off"), which is set
   * in every match ID gnubg writes.
   */
  @TestFactory
  Stream<DynamicTest> decodesAndReencodesEveryGnubgIdExactly() {
    return vectors().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> {
      Result<MatchId> r = MatchId.decode(v.id());
      assertThat(r.isOk()).as("decode gnubg's %s (noJacobyBit %d): %s", v.id(), v.noJacobyBit(), r.error()).isTrue();
      assertThat(r.get()).isEqualTo(v.expected());
      assertThat(r.get().encode()).as("re-encoded").isEqualTo(v.id());
    }));
  }

  @Test
  void knownExamples() {
    // gnubg 1.07, money: player 0 (on roll, not rolled) has doubled; player 1 must answer
    MatchId m = MatchId.decode("MBkAAAAAAAAA").get();
    assertThat(m).isEqualTo(new MatchId(1, 3, 0, false, 1, 1, true, 0, 0, 0, 0, 0, 0));
    // beaver: the cube already at 2 and owned by the beaverer, the double still pending, the doubler to answer
    assertThat(MatchId.decode("EREAAAAAAAAA").get())
        .isEqualTo(new MatchId(2, 1, 0, false, 1, 0, true, 0, 0, 0, 0, 0, 0));
    // gnubg 1.07, money: player 0 to roll
    assertThat(new MatchId(1, 3, 0, false, 1, 0, false, 0, 0, 0, 0, 0, 0).encode()).isEqualTo("MAEAAAAAAAAA");
  }

  // ---- IDs that must be refused ----

  private static final String GOOD = "cAnqAAAAAAAA"; // 7-point match 0-0, player 1 rolled 4-2 (bit 66 clear)

  @Test
  void theBaseOfTheBadCasesIsGood() {
    assertThat(MatchId.decode(GOOD).get())
        .isEqualTo(new MatchId(1, 3, 1, false, 1, 1, false, 0, 4, 2, 7, 0, 0));
  }

  static void refused(String id, String... words) {
    Result<MatchId> r = MatchId.decode(id);
    assertThat(r.isOk()).as("%s must be refused", id).isFalse();
    assertThat(r.error()).as("reason for %s", id).isNotBlank();
    for (String w : words) assertThat(r.error()).as("reason for %s", id).containsIgnoringCase(w);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "cAnqAAAAAAA", "cAnqAAAAAAAAA", "cAnqAAAAAAAAAAAA", "cAnq"})
  void wrongLength(String id) {
    refused(id, "12 characters");
  }

  @Test
  void nullIsRefused() {
    refused(null, "12 characters");
  }

  @ParameterizedTest
  @ValueSource(strings = {"cAnqAAAAAAA=", "cAnq-AAAAAAA", "cAnq_AAAAAAA", "cAnq AAAAAAA", "cAnqAAAAAAA.", "cAnqAAAAAAAé",
      "cAnq\tAAAAAAA"})
  void badCharacters(String id) {
    refused(id, "bad character");
  }

  @Test
  void cubeOwnerTwo() {
    refused(withField(GOOD, 4, 2, 2), "cube owner");
  }

  @ParameterizedTest
  @ValueSource(ints = {5, 6, 7})
  void gameStateBeyondFour(int state) {
    refused(withField(GOOD, 8, 3, state), "game state");
  }

  @Test
  void dieSeven() {
    refused(withField(GOOD, 15, 3, 7), "dice");
    refused(withField(GOOD, 18, 3, 7), "dice");
    refused(withField(withField(GOOD, 15, 3, 7), 18, 3, 7), "dice");
  }

  @Test
  void oneDieZeroAndTheOtherNot() {
    refused(withField(GOOD, 15, 3, 0), "dice");
    refused(withField(GOOD, 18, 3, 0), "dice");
    // both zero is "not rolled" and fine
    assertThat(MatchId.decode(withField(withField(GOOD, 15, 3, 0), 18, 3, 0)).isOk()).isTrue();
  }

  /** Bits 67..71 are unused by gnubg 1.07 (it ignores them on input and writes zeros). */
  @ParameterizedTest
  @ValueSource(ints = {67, 68, 69, 70, 71})
  void nonZeroTrailingBits(int bit) {
    refused(withField(GOOD, bit, 1, 1), "stray bits");
  }

  @Test
  void theConstructorRefusesWhatDecodeRefuses() {
    assertThatThrownBy(() -> new MatchId(3, 3, 0, false, 1, 0, false, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("power of two");
    assertThatThrownBy(() -> new MatchId(1, 2, 0, false, 1, 0, false, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("cube owner");
    assertThatThrownBy(() -> new MatchId(1, 3, 0, false, 5, 0, false, 0, 0, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("game state");
    assertThatThrownBy(() -> new MatchId(1, 3, 0, false, 1, 0, false, 0, 3, 0, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dice");
    assertThatThrownBy(() -> new MatchId(1, 3, 0, false, 1, 0, false, 0, 7, 1, 0, 0, 0))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("dice");
  }

  /** Every field value fits its bits: a full sweep of single fields round-trips through encode and decode. */
  @Test
  void everyFieldValueRoundTrips() {
    List<MatchId> ms = new ArrayList<>();
    for (int log = 0; log <= 15; log++) ms.add(new MatchId(1 << log, 0, 0, false, 1, 0, false, 0, 0, 0, 0, 0, 0));
    for (int owner : new int[] {0, 1, 3}) ms.add(new MatchId(1, owner, 1, true, 1, 1, false, 0, 0, 0, 1, 0, 0));
    for (int state = 0; state <= 4; state++) ms.add(new MatchId(1, 3, 1, false, state, 0, false, 0, 0, 0, 0, 0, 0));
    for (int res = 0; res <= 3; res++) ms.add(new MatchId(1, 3, 0, false, 1, 1, false, res, 6, 5, 0, 0, 0));
    for (int d1 = 1; d1 <= 6; d1++) {
      for (int d2 = 1; d2 <= 6; d2++) ms.add(new MatchId(1, 3, 0, false, 1, 0, false, 0, d1, d2, 0, 0, 0));
    }
    for (int n : new int[] {0, 1, 2, 255, 256, 16383, 32767}) {
      ms.add(new MatchId(2, 0, 0, false, 1, 0, true, 0, 0, 0, n, n / 2, n));
    }
    for (MatchId m : ms) {
      assertThat(MatchId.decode(m.encode()).get()).as("%s", m).isEqualTo(m);
    }
  }
}
