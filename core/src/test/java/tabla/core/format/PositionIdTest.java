package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tabla.core.Corpus;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Our Position ID codec against GNU Backgammon 1.07: gnubg_positionids.tsv holds boards from random
 * games played inside gnubg plus a few hand-made edge boards, each with gnubg.positionid(board) and
 * the ID of the swapped board (see README-ids.md); the corpus IDs of src/test/resources/corpus were all written
 * by gnubg too.
 */
class PositionIdTest {

  /** One line of gnubg_positionids.tsv: gnubg's board tuple (not on roll first, then on roll). */
  record Vector(String id, String swappedId, int[] opp, int[] onRoll, String description) {
    String name() {
      return id + " " + description;
    }

    /** The board as our Position: index 1..24 points, 25 bar, 0 borne off. */
    Position position() {
      return Position.of(side(onRoll), side(opp)).get();
    }

    private static int[] side(int[] gnubg) {
      int[] s = new int[Position.SIDE];
      int on = 0;
      for (int i = 0; i < 25; i++) {
        s[i + 1] = gnubg[i];
        on += gnubg[i];
      }
      s[Position.OFF] = Position.CHECKERS - on;
      return s;
    }
  }

  static List<Vector> vectors() {
    List<Vector> out = new ArrayList<>();
    try (InputStream in = PositionIdTest.class.getResourceAsStream("/gnubg_positionids.tsv")) {
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) continue;
        String[] f = line.split("\t");
        int[] opp = new int[25];
        int[] me = new int[25];
        for (int i = 0; i < 25; i++) {
          opp[i] = Integer.parseInt(f[2 + i]);
          me[i] = Integer.parseInt(f[27 + i]);
        }
        out.add(new Vector(f[0], f[1], opp, me, f[52]));
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out;
  }

  /**
   * An ID from raw runs, written independently of the codec: for each count a run of 1-bits then a
   * 0-bit, LSB first into 10 bytes, base64 without padding. {@code extraBits} are set afterwards.
   */
  static String rawId(int[] counts, int... extraBits) {
    byte[] b = new byte[10];
    int bit = 0;
    for (int n : counts) {
      for (int k = 0; k < n; k++, bit++) b[bit >> 3] |= (byte) (1 << (bit & 7));
      bit++;
    }
    for (int x : extraBits) b[x >> 3] |= (byte) (1 << (x & 7));
    return Base64.getEncoder().withoutPadding().encodeToString(b);
  }

  /** 50 counts: the side not on roll (points 1..24, bar), then the side on roll. */
  static int[] counts(int[] opp, int[] onRoll) {
    int[] c = new int[50];
    System.arraycopy(opp, 0, c, 0, 25);
    System.arraycopy(onRoll, 0, c, 25, 25);
    return c;
  }

  // ---- the start position ----

  @Test
  void startPosition() {
    assertThat(PositionId.encode(Position.START)).isEqualTo("4HPwATDgc/ABMA");
    assertThat(PositionId.decode("4HPwATDgc/ABMA").get()).isEqualTo(Position.START);
    assertThat(PositionId.encode(Position.START.swap())).isEqualTo("4HPwATDgc/ABMA");
  }

  @Test
  void rawEncoderAgreesWithGnubgOnTheStart() {
    int[] side = new int[25];
    side[5] = 5;
    side[7] = 3;
    side[12] = 5;
    side[23] = 2;
    assertThat(rawId(counts(side, side))).isEqualTo("4HPwATDgc/ABMA");
  }

  // ---- gnubg's boards ----

  @Test
  void vectorsAreThere() {
    assertThat(vectors()).hasSizeGreaterThanOrEqualTo(50);
  }

  @TestFactory
  Stream<DynamicTest> gnubgBoards() {
    return vectors().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> {
      Position pos = v.position();
      assertThat(PositionId.encode(pos)).as("encode").isEqualTo(v.id());
      Result<Position> back = PositionId.decode(v.id());
      assertThat(back.isOk()).as("decode: %s", back.error()).isTrue();
      assertThat(back.get()).isEqualTo(pos);
      assertThat(back.get().opponentSide()[Position.OFF] + back.get().moverSide()[Position.OFF])
          .isEqualTo(30 - sum(v.opp()) - sum(v.onRoll()));
    }));
  }

  /** swap() of a decoded position encodes to the ID gnubg gives the swapped board, and back. */
  @TestFactory
  Stream<DynamicTest> swapMatchesGnubgsSwappedBoard() {
    return vectors().stream().map(v -> DynamicTest.dynamicTest(v.name(), () -> {
      Position pos = PositionId.decode(v.id()).get();
      assertThat(PositionId.encode(pos.swap())).isEqualTo(v.swappedId());
      assertThat(PositionId.decode(v.swappedId()).get()).isEqualTo(pos.swap());
      assertThat(pos.swap().swap()).isEqualTo(pos);
      assertThat(rawId(counts(v.onRoll(), v.opp()))).as("raw swapped").isEqualTo(v.swappedId());
    }));
  }

  private static int sum(int[] a) {
    int s = 0;
    for (int x : a) s += x;
    return s;
  }

  // ---- every ID of the corpus (positions and results, all written by gnubg) ----

  @TestFactory
  Stream<DynamicTest> corpusIdsRoundTrip() {
    return Corpus.all().stream().map(e -> DynamicTest.dynamicTest(e.name(), () -> {
      Set<String> ids = new LinkedHashSet<>();
      ids.add(e.positionId());
      ids.addAll(e.plays());
      for (String id : ids) {
        Result<Position> r = PositionId.decode(id);
        assertThat(r.isOk()).as("decode %s: %s", id, r.error()).isTrue();
        assertThat(PositionId.encode(r.get())).isEqualTo(id);
        assertThat(r.get().moverCheckers()).as("mover checkers in %s", id).isEqualTo(15);
        assertThat(r.get().opponentCheckers()).as("opponent checkers in %s", id).isEqualTo(15);
        assertThat(PositionId.decode(PositionId.encode(r.get().swap())).get()).isEqualTo(r.get().swap());
      }
    }));
  }

  @Test
  void corpusHasManyIds() {
    Set<String> ids = new java.util.HashSet<>();
    Corpus.all().forEach(e -> {
      ids.add(e.positionId());
      ids.addAll(e.plays());
    });
    assertThat(ids).hasSizeGreaterThan(15_000);
  }

  // ---- IDs that must be refused ----

  static void refused(String id, String... words) {
    Result<Position> r = PositionId.decode(id);
    assertThat(r.isOk()).as("%s must be refused, got %s", id, r.isOk() ? r.get() : null).isFalse();
    assertThat(r.error()).as("reason for %s", id).isNotBlank();
    for (String w : words) assertThat(r.error()).as("reason for %s", id).containsIgnoringCase(w);
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "4HPwATDgc/ABM", "4HPwATDgc/ABMAA", "4HPwATDgc/ABMA==", "4HPwATDgc/ABMAAAAA"})
  void wrongLength(String id) {
    refused(id, "14 characters");
  }

  @Test
  void nullIsRefused() {
    refused(null, "14 characters");
  }

  @ParameterizedTest
  @ValueSource(strings = {"4HPwATDgc-ABMA", "4HPwATDgc_ABMA", "4HPwATDgc/AB=A", "4HPwATDgc ABMA", "4HPwATDgc/ABM.",
      "4HPwATDgc/ABMÄ", "4HPw\nTDgc/ABMA"})
  void illegalCharacter(String id) {
    refused(id, "bad character");
  }

  @Test
  void moreThanFifteenCheckersForASide() {
    int[] opp = new int[25];
    int[] me = new int[25];
    opp[5] = 16; // sixteen on one point
    refused(rawId(counts(opp, me)), "more than 15");
    opp[5] = 15;
    opp[10] = 1; // fifteen plus one elsewhere
    refused(rawId(counts(opp, me)), "more than 15");
    opp = new int[25];
    me[24] = 16; // sixteen of the side on roll on the bar
    refused(rawId(counts(opp, me)), "more than 15");
  }

  @Test
  void runsOutOfBitsBeforeTheLastSeparator() {
    refused("/////////////w", "too many checkers"); // all 80 bits set, padding clear
    // 15 + 15 checkers use all 80 bits; a 31st leaves no room for the last separators
    int[] opp = new int[25];
    int[] me = new int[25];
    opp[24] = 15;
    me[24] = 15;
    assertThat(PositionId.decode(rawId(counts(opp, me))).isOk()).isTrue();
  }

  @Test
  void bothSidesOnOnePoint() {
    int[] opp = new int[25];
    int[] me = new int[25];
    opp[0] = 2; // the opponent's 1 point is the mover's 24 point
    me[23] = 2;
    refused(rawId(counts(opp, me)), "both sides");
    opp = new int[25];
    me = new int[25];
    opp[12] = 1; // opponent's 13 = mover's 12
    me[11] = 1;
    refused(rawId(counts(opp, me)), "both sides");
  }

  @Test
  void strayBitsAfterTheLastChecker() {
    int[] opp = new int[25];
    int[] me = new int[25];
    opp[5] = 3;
    me[0] = 1;
    String good = rawId(counts(opp, me)); // 4 + 50 = 54 bits used
    assertThat(PositionId.decode(good).isOk()).isTrue();
    for (int bit : new int[] {54, 60, 79}) refused(rawId(counts(opp, me), bit), "stray bits");
    // an empty board followed by ones: the same position as all zeros, but not its canonical ID
    refused(rawId(new int[50], 50, 51, 52), "stray bits");
  }

  @Test
  void paddingBitsOfTheLastCharacter() {
    // 14 characters carry 84 bits; the last 4 are padding and must be zero
    for (String id : new String[] {"4HPwATDgc/ABMB", "4HPwATDgc/ABMC", "4HPwATDgc/ABMI", "4HPwATDgc/ABMP"}) {
      refused(id, "padding");
    }
  }
}
