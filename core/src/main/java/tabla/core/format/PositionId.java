package tabla.core.format;

import tabla.core.Position;
import tabla.core.Result;

/**
 * GNU Backgammon's Position ID: 14 base64 characters holding 80 bits. For each side, points 1..24
 * in that side's numbering and then the bar, each written as one 1-bit per checker and a 0-bit.
 * The player <em>not</em> on roll comes first (as gnubg's code does; its manual says otherwise).
 * Borne-off checkers are what is missing from 15. Start: {@code 4HPwATDgc/ABMA}.
 */
public final class PositionId {
  private static final int BITS = 80;
  private static final int BYTES = 10;
  private static final int CHARS = 14;

  private PositionId() {}

  /** The ID of {@code pos}, which must have at most 15 checkers a side on the board. */
  public static String encode(Position pos) {
    byte[] key = new byte[BYTES];
    int bit = 0;
    for (int side = 0; side < 2; side++) {
      for (int slot = 1; slot <= Position.BAR; slot++) {
        int n = side == 0 ? pos.opponent(slot) : pos.mover(slot);
        for (int k = 0; k < n; k++) {
          if (bit >= BITS) throw new IllegalArgumentException("too many checkers for a Position ID: " + pos);
          Base64Bits.setBit(key, bit++);
        }
        bit++;
      }
    }
    return Base64Bits.encode(key, CHARS);
  }

  /** The position an ID names, from the side of the player on roll, or why it names none. */
  public static Result<Position> decode(String id) {
    return decode(id, Position.CHECKERS);
  }

  /** The same for a variant with {@code checkers} per side (the ID holds only those on the board). */
  public static Result<Position> decode(String id, int checkers) {
    if (id == null || id.length() != CHARS) {
      return Result.err("a Position ID has 14 characters, got " + (id == null ? "none" : "'" + id + "'"));
    }
    byte[] key = Base64Bits.decode(id, BYTES);
    if (key == null) return Result.err("'" + id + "' is not a Position ID: bad character or padding");
    int[][] sides = new int[2][Position.SIDE];
    int side = 0;
    int slot = 1;
    for (int bit = 0; bit < BITS && side < 2; bit++) {
      if (Base64Bits.bit(key, bit)) {
        sides[side][slot]++;
      } else if (++slot > Position.BAR) {
        side++;
        slot = 1;
      }
    }
    if (side < 2) return Result.err("'" + id + "' is not a Position ID: too many checkers");
    for (int[] s : sides) {
      int on = 0;
      for (int p = 1; p <= Position.BAR; p++) on += s[p];
      if (on > checkers) return Result.err("'" + id + "' has more than " + checkers + " checkers for one side");
      s[Position.OFF] = checkers - on;
    }
    Result<Position> pos = Position.of(sides[1], sides[0]);
    if (!pos.isOk()) return Result.err("'" + id + "' is not a legal position: " + pos.error());
    if (!encode(pos.get()).equals(id)) {
      return Result.err("'" + id + "' is not a Position ID: stray bits after the last checker");
    }
    return pos;
  }
}
