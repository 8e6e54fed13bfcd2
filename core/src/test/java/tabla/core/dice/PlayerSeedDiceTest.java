package tabla.core.dice;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

/**
 * Version 2 of the verifiable dice (server seed and both players' seeds), checked against a
 * re-implementation of the derivation as docs/dice.md states it, written here from the text with the
 * JDK's HMAC alone (none of the production code), and the published test vector.
 */
class PlayerSeedDiceTest {
  static final HexFormat HEX = HexFormat.of();
  static final String S = "00".repeat(32);
  static final String P0 = "01".repeat(32);
  static final String P1 = "02".repeat(32);

  // ---- the derivation, from docs/dice.md

  static byte[] hmac(byte[] key, byte[]... parts) throws Exception {
    Mac m = Mac.getInstance("HmacSHA256");
    m.init(new SecretKeySpec(key, "HmacSHA256"));
    for (byte[] p : parts) m.update(p);
    return m.doFinal();
  }

  /**
   * The first {@code k} die values of roll {@code n} from server seed s and player seeds p0, p1: a pair
   * (k = 2) from the game key, a single die (k = 1, the roll-off) from the server seed.
   */
  static List<Integer> reference(String s, String p0, String p1, long n, int k) throws Exception {
    byte[] key = k == 1 ? HEX.parseHex(s) : hmac(HEX.parseHex(s), HEX.parseHex(p0), HEX.parseHex(p1));
    List<Integer> out = new ArrayList<>();
    for (int j = 0; out.size() < k; j++) {
      byte[] msg = ByteBuffer.allocate(12).putLong(n).putInt(j).array();
      for (byte b : hmac(key, msg)) {
        int v = b & 0xff;
        if (v < 252 && out.size() < k) out.add(v % 6 + 1);
      }
    }
    return out;
  }

  static List<List<Integer>> referenceRolls(String s, String p0, String p1, int count) throws Exception {
    List<List<Integer>> out = new ArrayList<>();
    for (int n = 0; n < count; n++) out.add(reference(s, p0, p1, n, 2));
    return out;
  }

  static List<List<Integer>> productionRolls(String s, String p0, String p1, int count) {
    CommittedDice d = CommittedDice.fromHex(s).get().withPlayerSeeds(p0, p1).get();
    List<List<Integer>> out = new ArrayList<>();
    for (int n = 0; n < count; n++) {
      var r = d.roll();
      out.add(List.of(r.first(), r.second()));
    }
    return out;
  }

  @Test
  void testVectorOfTheDocumentation() throws Exception {
    // docs/dice.md: S = 32 zero bytes, P0 = 32 bytes 0x01, P1 = 32 bytes 0x02
    assertThat(referenceRolls(S, P0, P1, 10).stream().map(r -> r.get(0) + "-" + r.get(1)).toList())
        .containsExactly(DocVector.ROLLS);
    assertThat(productionRolls(S, P0, P1, 10)).isEqualTo(referenceRolls(S, P0, P1, 10));
  }

  @Test
  void theProductionDiceAreTheDocumentedDerivationForManySeeds() throws Exception {
    java.util.SplittableRandom rnd = new java.util.SplittableRandom(13);
    for (int i = 0; i < 50; i++) {
      String s = seed(rnd);
      String p0 = seed(rnd);
      String p1 = seed(rnd);
      assertThat(productionRolls(s, p0, p1, 40)).as("seeds %s %s %s", s, p0, p1).isEqualTo(referenceRolls(s, p0, p1, 40));
    }
  }

  @Test
  void theRollOffDiceComeFromTheServerSeedAndPairsFromAllThree() throws Exception {
    CommittedDice d = CommittedDice.fromHex(S).get().withPlayerSeeds(P0, P1).get();
    List<Roll> game = DiceCommitmentTest.playGame(d, 30);
    for (Roll r : game) {
      List<Integer> want = reference(S, P0, P1, r.index(), r.isSingle() ? 1 : 2);
      assertThat(r.isSingle() ? List.of(r.first()) : List.of(r.first(), r.second())).as("roll %d", r.index()).isEqualTo(want);
    }
    // the seeds may come after the roll-off, until the first pair
    CommittedDice late = CommittedDice.fromHex(S).get();
    late.rollOne();
    late.rollOne();
    assertThat(late.withPlayerSeeds(P0, P1).isOk()).isTrue();
    var pair = late.roll();
    assertThat(List.of(pair.first(), pair.second())).isEqualTo(reference(S, P0, P1, 2, 2));
  }

  @Test
  void changingAnyOfTheThreeSeedsChangesTheRolls() throws Exception {
    List<List<Integer>> base = referenceRolls(S, P0, P1, 20);
    String flipped = "80" + "00".repeat(31); // one bit
    assertThat(referenceRolls(flipped, P0, P1, 20)).isNotEqualTo(base);
    assertThat(referenceRolls(S, flipped, P1, 20)).isNotEqualTo(base);
    assertThat(referenceRolls(S, P0, flipped, 20)).isNotEqualTo(base);
    assertThat(referenceRolls(S, P1, P0, 20)).as("the players' seeds in the other order").isNotEqualTo(base);
    assertThat(productionRolls(S, P0, flipped, 20)).isNotEqualTo(productionRolls(S, P0, P1, 20));
  }

  @Test
  void verifyChecksAllThreeSeedsAndTheCommitment() throws Exception {
    CommittedDice d = CommittedDice.fromHex(S).get().withPlayerSeeds(P0, P1).get();
    List<Roll> game = DiceCommitmentTest.playGame(d, 30);
    String commitment = HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(new byte[32]));
    assertThat(FairDice.verify(commitment, S, P0, P1, game).get()).isEqualTo(game.size());
    assertThat(FairDice.verify(commitment, S, P1, P0, game).error()).contains("does not match");
    assertThat(FairDice.verify(commitment, S, P0, "03".repeat(32), game).error()).contains("does not match");
    assertThat(FairDice.verify(commitment, "01".repeat(32), P0, P1, game).error()).contains("does not match the commitment");
    assertThat(FairDice.verify(commitment, S, "xyz", P1, game).error()).startsWith("player 0's seed");
    // version 1 (the server seed alone) gives other rolls
    assertThat(FairDice.verify(commitment, S, game).isOk()).isFalse();
  }

  @Test
  void seedsComeBeforeTheFirstPairAndOnlyOnce() {
    CommittedDice d = CommittedDice.fromHex(S).get();
    assertThat(d.playerSeed(0)).isNull();
    d.roll();
    assertThat(d.withPlayerSeeds(P0, P1).error()).contains("before the game's first pair");
    CommittedDice resumed = CommittedDice.fromHex(S).get();
    resumed.resumeAt(5, true);
    assertThat(resumed.withPlayerSeeds(P0, P1).isOk()).isFalse();
    CommittedDice e = CommittedDice.fromHex(S).get();
    assertThat(e.withPlayerSeeds(P0, P1).isOk()).isTrue();
    assertThat(e.playerSeed(1)).isEqualTo(P1);
    assertThat(e.withPlayerSeeds(P0, P1).error()).contains("already");
    assertThat(CommittedDice.fromHex(S).get().withPlayerSeeds("12", P1).error()).startsWith("player 0's seed");
  }

  static String seed(java.util.SplittableRandom rnd) {
    byte[] b = new byte[32];
    for (int i = 0; i < b.length; i++) b[i] = (byte) rnd.nextInt(256);
    return HEX.formatHex(b);
  }

  /** The test vector printed by the Python line in docs/dice.md. */
  static final class DocVector {
    static final String[] ROLLS = {"2-1", "4-1", "4-5", "6-4", "3-2", "1-5", "5-2", "2-5", "3-2", "1-5"};
  }
}
