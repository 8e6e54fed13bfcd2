package tabla.core.dice;

import javax.crypto.Mac;
import tabla.core.Dice;
import tabla.core.Result;

/**
 * Verifiable ("provably fair") dice: the server commits to a secret seed before the game and
 * reveals it after, and anyone can then recompute every roll and see that none was chosen. The
 * commitment stops the server from changing the seed once play starts; the seed being secret until
 * the end stops players from foreseeing rolls. Check a finished game with {@link FairDice#verify}.
 *
 * <h2>Derivation (version 1)</h2>
 * <ol>
 *   <li><b>Seed</b>: 32 bytes, chosen by the server (from SecureRandom unless given) and kept secret
 *       until the game ends; revealed as 64 lowercase hex digits.
 *   <li><b>Commitment</b>: SHA-256 of the 32 seed bytes, as 64 lowercase hex digits, published
 *       before the first roll.
 *   <li><b>Roll number</b> {@code n}: 0 for the game's first die-roll event, then 1, 2, … for each
 *       event after it. An event is one pair roll or one single die; in the opening roll-off each
 *       player's die is its own event, and the dice of a tied roll-off's re-roll are new events.
 *   <li><b>Byte stream</b> of roll {@code n}: {@code H(n,0) ‖ H(n,1) ‖ H(n,2) ‖ …} where
 *       {@code H(n,j) = HMAC-SHA256(key = seed, message = n ‖ j)}, the 12-byte message being
 *       {@code n} as an 8-byte unsigned big-endian integer followed by {@code j} as a 4-byte
 *       unsigned big-endian integer. Each {@code H} is 32 bytes.
 *   <li><b>Die values</b>: read the stream one byte {@code b} (0..255) at a time. If {@code b >= 252}
 *       skip it; otherwise it gives the die value {@code b mod 6 + 1}. (252 = 6 × 42, so each kept
 *       byte gives each face with probability exactly 1/6.) Later blocks are read only when a block
 *       runs out, which needs 31 of its 32 bytes skipped — a chance of about 3 in 10^55 — but the rule
 *       makes the derivation total.
 *   <li><b>Roll</b>: a pair roll {@code n} is the first two values, in order (first die, second die);
 *       a single-die roll {@code n} is the first value alone.
 * </ol>
 *
 * <p><b>Test vector</b>: seed = 32 zero bytes; commitment
 * {@code 66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925}; pair rolls 0..9 are
 * 4-2, 1-3, 3-5, 3-2, 6-3, 6-5, 4-2, 2-2, 3-6, 2-5; roll 37 is 3-4 (its first byte, 254, is skipped).
 *
 * <p><b>Reference implementation</b> (Python 3, standard library only; {@code d(seed, n, k)} is the
 * first {@code k} values of roll {@code n}; this line prints the test vector):
 * <pre>{@code
 * python3 -c "import hmac,hashlib,itertools as it; d=lambda s,n,k: list(it.islice((b%6+1 for j in it.count() for b in hmac.new(s,n.to_bytes(8,'big')+j.to_bytes(4,'big'),hashlib.sha256).digest() if b<252),k)); s=bytes(32); print(hashlib.sha256(s).hexdigest()); print([d(s,n,2) for n in range(10)])"
 * }</pre>
 *
 * <h2>Version 2: the players' seeds</h2>
 * The commitment stops the server from changing its seed during a game, but not from choosing it
 * beforehand. So each player (each browser, and the computer) also gives a seed, after seeing the
 * commitment and before the game's first pair of dice is rolled:
 * <ol>
 *   <li><b>Player seeds</b> {@code P0}, {@code P1}: 32 bytes each, published as 64 hex digits as soon
 *       as they are given. A player who has given none when the first pair is rolled counts as having
 *       given 32 zero bytes (the record then says so: the seed is all zeros).
 *   <li><b>Game key</b> {@code K = HMAC-SHA256(key = S, message = P0 ‖ P1)}, 32 bytes, {@code S} being
 *       the server's seed of version 1.
 *   <li><b>Rolls</b>: numbered as in version 1. A single die (the opening roll-off, rolled by the server
 *       as the game opens, before any page can give a seed) derives from {@code S} exactly as in version
 *       1; a pair derives from {@code K} in the place of the seed: {@code H(n,j) = HMAC-SHA256(key = K,
 *       message = n ‖ j)}, the same bytes-to-dice rule.
 * </ol>
 * The server cannot aim the players' dice (it fixed {@code S} before it saw {@code P0} and {@code P1}),
 * and a player cannot either (he does not know {@code S}). Anyone re-checks a game from {@code S}
 * (revealed after it), {@code P0}, {@code P1} and the commitment: {@link FairDice#verify(String, String,
 * String, String, java.util.List)}; docs/dice.md has the same in a few lines of Python.
 *
 * <p>The seed is revealed once, at the end: after {@link #revealSeed()} every further roll would be
 * public knowledge, so this source refuses to roll again. Not thread-safe: one instance per game.
 */
public final class CommittedDice implements DiceSource {
  public static final int SEED_BYTES = 32;

  private final byte[] seed;
  private final String commitment;
  private final Mac mac;
  private Mac pairMac; // version 2: keyed with the game key once the players' seeds are in
  private String[] playerSeeds; // version 2: the players' seeds in hex, once given
  private boolean pairRolled;
  private final int[] values = new int[2];
  private long next;
  private boolean revealed;

  /** A fresh secret seed from SecureRandom: what a server uses for a real game. */
  public CommittedDice() {
    this(FairDice.newSeed());
  }

  /** A given seed, e.g. for tests; must be {@value #SEED_BYTES} bytes. */
  public CommittedDice(byte[] seed) {
    if (seed.length != SEED_BYTES) {
      throw new IllegalArgumentException("a seed is " + SEED_BYTES + " bytes, got " + seed.length);
    }
    this.seed = seed.clone();
    this.commitment = FairDice.commitment(this.seed);
    this.mac = FairDice.keyedMac(this.seed);
  }

  /** A given seed as 64 hex digits, or why it is not one. */
  public static Result<CommittedDice> fromHex(String seedHex) {
    return FairDice.parseSeed(seedHex).map(CommittedDice::new);
  }

  /** SHA-256 of the seed, lowercase hex: publish this before the first roll. */
  public String commitment() {
    return commitment;
  }

  /** The number the next roll will have: the game record stores it with the roll's values. */
  public long nextIndex() {
    return next;
  }

  /** The seed as lowercase hex, for after the game; from now on this source will not roll. */
  /** The secret seed in hex, for the server's own store; unlike {@link #revealSeed()} it does not end rolling. */
  public String seedHex() {
    return java.util.HexFormat.of().formatHex(seed);
  }

  /**
   * Version 2: from now on every pair derives from the game key of the server seed and the players'
   * seeds (32 bytes each; single dice stay with the server seed). Only before the game's first pair: a
   * key changed mid-game could be chosen.
   */
  public Result<CommittedDice> withPlayerSeeds(String seed0Hex, String seed1Hex) {
    if (pairRolled) return Result.err("the players' seeds come before the game's first pair of dice");
    if (playerSeeds != null) return Result.err("the players' seeds are already in");
    Result<byte[]> p0 = FairDice.parseSeed(seed0Hex);
    if (!p0.isOk()) return Result.err("player 0's seed: " + p0.error());
    Result<byte[]> p1 = FairDice.parseSeed(seed1Hex);
    if (!p1.isOk()) return Result.err("player 1's seed: " + p1.error());
    pairMac = FairDice.keyedMac(FairDice.gameKey(seed, p0.get(), p1.get()));
    playerSeeds = new String[] {FairDice.hex(p0.get()), FairDice.hex(p1.get())};
    return Result.ok(this);
  }

  /** The players' seeds in hex (version 2), or null while rolls follow the server seed alone (version 1). */
  public String playerSeed(int player) {
    return playerSeeds == null ? null : playerSeeds[player];
  }

  /**
   * Continues at roll {@code n}, as after a restart that replayed rolls 0..n-1 from the record;
   * {@code pairsRolled} says whether a pair was among them (then the players' seeds are fixed).
   */
  public void resumeAt(long n, boolean pairsRolled) {
    resumeAt(n);
    pairRolled |= pairsRolled;
  }

  /** True once a pair has been rolled: the players' seeds can no longer change the dice. */
  public boolean pairRolled() {
    return pairRolled;
  }

  /** Continues at roll {@code n}, as after a restart that replayed rolls 0..n-1 from the record. */
  public void resumeAt(long n) {
    if (n < next) throw new IllegalArgumentException("cannot go back to roll " + n + " from " + next);
    next = n;
  }

  public String revealSeed() {
    revealed = true;
    return FairDice.hex(seed);
  }

  @Override
  public Dice roll() {
    pairRolled = true;
    derive(2, pairMac == null ? mac : pairMac);
    return new Dice(values[0], values[1]);
  }

  @Override
  public int rollOne() {
    derive(1, mac);
    return values[0];
  }

  private void derive(int count, Mac with) {
    if (revealed) {
      throw new IllegalStateException(
          "the seed has been revealed, so further rolls would be known to all; use a new CommittedDice");
    }
    FairDice.derive(with, next++, values, count);
  }

  @Override
  public String toString() {
    return "CommittedDice[commitment=" + commitment + ", next=" + next + "]";
  }
}
