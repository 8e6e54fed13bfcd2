package tabla.bot.eval;

import tabla.core.Position;

/**
 * Network inputs for a position seen by the player on roll, TD-Gammon style: for each side and each
 * point, units for 1, 2, 3 checkers and (n - 3) / 2 beyond; the bar (n / 2) and borne-off checkers
 * (n / 15). Only non-zero inputs are listed, so the first layer sums a few weight rows.
 */
public final class Features {
  /** Inputs per side: 24 points × 4 units, bar, off. */
  static final int PER_SIDE = 24 * 4 + 2;
  public static final int COUNT = 2 * PER_SIDE;

  final int[] index;
  final float[] value;
  int size;

  Features() {
    this(COUNT);
  }

  /** Room for {@code capacity} non-zero inputs (a network's input count: other layouts share this list). */
  Features(int capacity) {
    index = new int[capacity];
    value = new float[capacity];
  }

  /** Fills in the non-zero inputs of {@code p} (the mover is the player on roll). */
  void encode(Position p) {
    size = 0;
    side(p, true, 0);
    side(p, false, PER_SIDE);
  }

  /** The inputs of {@code p.swap()} without making it: the opponent of {@code p} seen as the player on roll. */
  void encodeSwapped(Position p) {
    size = 0;
    side(p, false, 0);
    side(p, true, PER_SIDE);
  }

  private void side(Position p, boolean mover, int base) {
    for (int pt = 1; pt <= 24; pt++) {
      int n = mover ? p.mover(pt) : p.opponent(pt);
      if (n == 0) continue;
      int i = base + (pt - 1) * 4;
      add(i, 1);
      if (n >= 2) add(i + 1, 1);
      if (n >= 3) add(i + 2, 1);
      if (n > 3) add(i + 3, (n - 3) / 2f);
    }
    int bar = mover ? p.mover(Position.BAR) : p.opponent(Position.BAR);
    if (bar > 0) add(base + 96, bar / 2f);
    int off = mover ? p.mover(Position.OFF) : p.opponent(Position.OFF);
    if (off > 0) add(base + 97, off / 15f);
  }

  /**
   * Adds to the hidden sums {@code h} of {@code net} the change of the inputs of one point (or the bar, or off:
   * {@code cell} as in {@link Position#mover}) of the side whose inputs start at {@code base}, from {@code was}
   * checkers to {@code now}: the rows of the units that differ, as {@link #side} encodes them.
   */
  static void addChange(Network net, float[] h, int base, int cell, int was, int now) {
    if (cell == Position.BAR) {
      net.addRow(h, base + 96, (now - was) / 2f);
    } else if (cell == Position.OFF) {
      net.addRow(h, base + 97, now / 15f - was / 15f);
    } else {
      int i = base + (cell - 1) * 4;
      for (int u = 1; u <= 3; u++) {
        int d = (now >= u ? 1 : 0) - (was >= u ? 1 : 0);
        if (d != 0) net.addRow(h, i + u - 1, d);
      }
      float beyond = Math.max(0, now - 3) / 2f - Math.max(0, was - 3) / 2f;
      if (beyond != 0f) net.addRow(h, i + 3, beyond);
    }
  }

  void add(int i, float v) {
    index[size] = i;
    value[size] = v;
    size++;
  }
}
