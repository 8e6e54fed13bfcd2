package tabla.bot;

/** The 21 distinct rolls of two dice, each as {die, die, weight out of 36}, for averaging over the next roll. */
public final class Rolls {
  private static final int[][] ALL = build();

  private Rolls() {}

  /** Shared and never changed: callers only read it. */
  public static int[][] all() {
    return ALL;
  }

  private static int[][] build() {
    int[][] r = new int[21][];
    int k = 0;
    for (int a = 1; a <= 6; a++) {
      for (int b = a; b <= 6; b++) r[k++] = new int[] {a, b, a == b ? 1 : 2};
    }
    return r;
  }
}
