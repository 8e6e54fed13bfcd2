package tabla.bot.rollout;

/**
 * The dice of a rollout's trials, a pure function of (seed, trial, turn), so a trial plays the same game on
 * any thread. With quasi-random dice the first two rolls are stratified: trial t's first roll is number
 * {@code t mod 36} and its second {@code (t / 36) mod 36} of the 36 ordered rolls (each through a seeded
 * shuffle), so every 36 trials see each first roll once and every 1,296 each pair of first two rolls once;
 * the luck of the first rolls, the largest, then cancels across trials. Later rolls are pseudo-random.
 * A roll is returned as an index 0..35: dice {@code index / 6 + 1} and {@code index % 6 + 1}.
 */
public final class RolloutDice {
  private final long seed;
  private final boolean quasiRandom;
  private final int[] first;
  private final int[] second;

  public RolloutDice(long seed, boolean quasiRandom) {
    this.seed = seed;
    this.quasiRandom = quasiRandom;
    this.first = shuffled(mix(seed, -1, 1));
    this.second = shuffled(mix(seed, -1, 2));
  }

  /** The roll (0..35) of {@code turn} (0 = the first roll from the position) in trial {@code trial}. */
  public int roll(int trial, int turn) {
    if (quasiRandom && turn == 0) return first[trial % 36];
    if (quasiRandom && turn == 1) return second[(trial / 36) % 36];
    return (int) Long.remainderUnsigned(mix(seed, trial, turn), 36);
  }

  public static int die1(int roll) {
    return roll / 6 + 1;
  }

  public static int die2(int roll) {
    return roll % 6 + 1;
  }

  private static int[] shuffled(long s) {
    int[] a = new int[36];
    for (int i = 0; i < 36; i++) a[i] = i;
    for (int i = 35; i > 0; i--) {
      s = mix(s, i, 0);
      int j = (int) Long.remainderUnsigned(s, i + 1);
      int t = a[i];
      a[i] = a[j];
      a[j] = t;
    }
    return a;
  }

  /** SplitMix64's finaliser over the three numbers: independent-looking streams per (trial, turn). */
  static long mix(long seed, long trial, long turn) {
    long x = seed * 0x9E3779B97F4A7C15L + trial * 0xC2B2AE3D27D4EB4FL + turn * 0x165667B19E3779F9L;
    x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
    x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
    return x ^ (x >>> 31);
  }
}
