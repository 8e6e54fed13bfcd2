package tabla.core.dice;

import java.nio.ByteBuffer;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import tabla.core.Dice;
import tabla.core.Result;

/**
 * The verifiable-dice derivation and its checker: the one place that turns a seed and a roll number
 * into die values, shared by {@link CommittedDice} (which rolls) and {@link #verify} (which checks),
 * so the two cannot drift apart. The derivation is specified in {@link CommittedDice}.
 */
public final class FairDice {
  /** Bytes at or above this are skipped: 252 = 6 × 42 is the largest multiple of 6 in a byte. */
  static final int REJECT_FROM = 252;

  private static final HexFormat HEX = HexFormat.of();

  private FairDice() {}

  /**
   * Checks a finished game's dice in one call: that {@code seedHex} is the seed behind
   * {@code commitmentHex}, and that every recorded roll is the one the seed gives. The rolls must be
   * numbered 0, 1, 2, … in order with none missing, because a server that could silently drop a
   * roll could throw away rolls it did not like.
   *
   * @return the number of rolls verified, or an error naming the first thing that does not match
   */
  public static Result<Integer> verify(String commitmentHex, String seedHex, List<Roll> rolls) {
    Result<byte[]> parsed = parseSeed(seedHex);
    if (!parsed.isOk()) return Result.err(parsed.error());
    byte[] seed = parsed.get();
    String actual = commitment(seed);
    if (commitmentHex == null || !actual.equalsIgnoreCase(commitmentHex.strip())) {
      return Result.err("the seed does not match the commitment: SHA-256 of the seed is " + actual
          + ", the commitment is " + commitmentHex);
    }
    Mac mac = keyedMac(seed);
    return check(mac, mac, rolls);
  }

  /**
   * Version 2 (player seeds): checks that {@code serverSeedHex} is the seed behind {@code commitmentHex},
   * and every recorded roll: single dice (the roll-off) by the server seed, pairs by the game key of the
   * server seed and both player seeds (see {@link CommittedDice}, "Version 2").
   */
  public static Result<Integer> verify(String commitmentHex, String serverSeedHex, String seed0Hex, String seed1Hex,
      List<Roll> rolls) {
    Result<byte[]> server = parseSeed(serverSeedHex);
    if (!server.isOk()) return Result.err("server seed: " + server.error());
    Result<byte[]> p0 = parseSeed(seed0Hex);
    if (!p0.isOk()) return Result.err("player 0's seed: " + p0.error());
    Result<byte[]> p1 = parseSeed(seed1Hex);
    if (!p1.isOk()) return Result.err("player 1's seed: " + p1.error());
    String actual = commitment(server.get());
    if (commitmentHex == null || !actual.equalsIgnoreCase(commitmentHex.strip())) {
      return Result.err("the server seed does not match the commitment: SHA-256 of the seed is " + actual
          + ", the commitment is " + commitmentHex);
    }
    return check(keyedMac(server.get()), keyedMac(gameKey(server.get(), p0.get(), p1.get())), rolls);
  }

  /** Every roll numbered 0, 1, 2, … with none missing; singles derived with {@code singles}, pairs with {@code pairs}. */
  private static Result<Integer> check(Mac singles, Mac pairs, List<Roll> rolls) {
    int[] values = new int[2];
    for (int i = 0; i < rolls.size(); i++) {
      Roll recorded = rolls.get(i);
      if (recorded.index() != i) {
        return Result.err("rolls must be numbered 0, 1, 2, … with none missing: entry " + i
            + " is numbered " + recorded.index());
      }
      derive(recorded.isSingle() ? singles : pairs, i, values, recorded.isSingle() ? 1 : 2);
      Roll expected = new Roll(i, values[0], recorded.isSingle() ? Roll.NO_DIE : values[1]);
      if (!expected.equals(recorded)) {
        return Result.err(recorded + " does not match the seed, which gives " + expected);
      }
    }
    return Result.ok(rolls.size());
  }

  /**
   * The key every roll of a game derives from once the players have given their seeds: HMAC-SHA256
   * keyed with the server seed over player 0's seed followed by player 1's (32 bytes each).
   */
  public static byte[] gameKey(byte[] serverSeed, byte[] seed0, byte[] seed1) {
    if (seed0.length != CommittedDice.SEED_BYTES || seed1.length != CommittedDice.SEED_BYTES) {
      throw new IllegalArgumentException("a player's seed is " + CommittedDice.SEED_BYTES + " bytes");
    }
    Mac mac = keyedMac(serverSeed);
    mac.update(seed0);
    return mac.doFinal(seed1);
  }

  /** The pair the seed gives for roll {@code n}; a single-die roll {@code n} is its first die. */
  public static Result<Dice> rollFor(String seedHex, long n) {
    if (n < 0) return Result.err("roll number must be >= 0, got " + n);
    return parseSeed(seedHex).map(seed -> {
      int[] v = dieValues(seed, n, 2);
      return new Dice(v[0], v[1]);
    });
  }

  /** The commitment to a seed: SHA-256 of its bytes, as 64 lowercase hex digits. */
  public static String commitment(byte[] seed) {
    try {
      return HEX.formatHex(MessageDigest.getInstance("SHA-256").digest(seed));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java platform must provide SHA-256", e);
    }
  }

  /**
   * The first {@code count} die values of roll {@code n}'s byte stream. Roll {@code n} uses one
   * value (a single die) or two (a pair); more are only useful to check the counter-mode blocks.
   */
  public static int[] dieValues(byte[] seed, long n, int count) {
    if (n < 0) throw new IllegalArgumentException("roll number must be >= 0, got " + n);
    int[] out = new int[count];
    derive(keyedMac(seed), n, out, count);
    return out;
  }

  /** A fresh secret seed from SecureRandom. */
  static byte[] newSeed() {
    byte[] seed = new byte[CommittedDice.SEED_BYTES];
    new SecureRandom().nextBytes(seed);
    return seed;
  }

  /** 32 bytes from 64 hex digits, or why they are not. */
  public static Result<byte[]> parseSeed(String seedHex) {
    String digits = seedHex == null ? "" : seedHex.strip();
    if (digits.length() != 2 * CommittedDice.SEED_BYTES || !digits.chars().allMatch(HexFormat::isHexDigit)) {
      return Result.err("a seed is " + 2 * CommittedDice.SEED_BYTES + " hex digits, got \"" + seedHex + "\"");
    }
    return Result.ok(HEX.parseHex(digits));
  }

  static String hex(byte[] bytes) {
    return HEX.formatHex(bytes);
  }

  /** HMAC-SHA256 keyed with the seed; keyed once per game, reused for every roll. */
  static Mac keyedMac(byte[] seed) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(seed, "HmacSHA256"));
      return mac;
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("every Java platform must provide HmacSHA256", e);
    }
  }

  /**
   * Fills {@code out[0..count)} with roll {@code n}'s die values: bytes of HMAC(seed, n ‖ block),
   * block = 0, 1, …, each byte below 252 giving {@code b % 6 + 1}, bytes 252..255 skipped.
   */
  static void derive(Mac mac, long n, int[] out, int count) {
    ByteBuffer message = ByteBuffer.allocate(12); // big-endian, as ByteBuffer is by default
    int filled = 0;
    for (int block = 0; filled < count; block++) {
      message.clear();
      message.putLong(n).putInt(block);
      for (byte x : mac.doFinal(message.array())) {
        int b = x & 0xff;
        if (b < REJECT_FROM) {
          out[filled++] = b % 6 + 1;
          if (filled == count) break;
        }
      }
    }
  }
}
