package tabla.bot.gnubg;

import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;

/**
 * One request line of GNU Backgammon's external-player protocol ({@code board:…}, 53 fields; see
 * ../shared/gnubg/EXTERNAL_PROTOCOL.md): what gnubg asks, and the board from the mover's side.
 * The board is always drawn from player 1's side: slot k > 0 is player 1 on its point k, slot k < 0 is
 * player 0 on its point 25 - k; slot 25 is player 1's bar, slot 0 player 0's bar (negated).
 */
public record ExternalBoard(Request request, Position position, Dice dice, int matchLength, int cube) {

  public enum Request {
    /** Play the dice. */
    MOVE,
    /** Roll or double? */
    ROLL_OR_DOUBLE,
    /** gnubg doubled: take or drop? */
    ANSWER_DOUBLE
  }

  public static Result<ExternalBoard> parse(String line) {
    String[] f = line.trim().split(":");
    if (f.length < 53 || !f[0].equals("board")) return Result.err("not a gnubg board line: " + line);
    try {
      int[] slot = new int[26];
      for (int k = 0; k < 26; k++) slot[k] = Integer.parseInt(f[6 + k]);
      int turn = Integer.parseInt(f[32]);
      int d1 = Integer.parseInt(f[33]);
      int d2 = Integer.parseInt(f[34]);
      boolean doubled = f[40].equals("1");
      int[] p1 = new int[Position.SIDE];
      int[] p0 = new int[Position.SIDE];
      for (int k = 1; k <= 24; k++) {
        if (slot[k] > 0) p1[k] = slot[k];
        if (slot[k] < 0) p0[25 - k] = -slot[k];
      }
      p1[Position.BAR] = slot[25];
      p0[Position.BAR] = -slot[0];
      p1[Position.OFF] = Integer.parseInt(f[45]);
      p0[Position.OFF] = Integer.parseInt(f[46]);
      // The mover: the side on turn, except that a pending double is answered by the other side.
      boolean player1 = (turn == 1) != doubled;
      Result<Position> pos = player1 ? Position.of(p1, p0) : Position.of(p0, p1);
      if (!pos.isOk()) return Result.err(pos.error());
      Request req = doubled ? Request.ANSWER_DOUBLE : d1 == 0 ? Request.ROLL_OR_DOUBLE : Request.MOVE;
      Dice dice = req == Request.MOVE ? new Dice(d1, d2) : null;
      return Result.ok(new ExternalBoard(req, pos.get(), dice, Integer.parseInt(f[3]), Integer.parseInt(f[37])));
    } catch (RuntimeException e) {
      return Result.err("unreadable gnubg board line (" + e.getMessage() + "): " + line);
    }
  }
}
