package tabla.bot.gnubg;

import java.util.OptionalInt;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * One request line of GNU Backgammon's external-player protocol ({@code board:…}, 53 fields; see
 * scripts/gnubg/EXTERNAL_PROTOCOL.md): what gnubg asks, and the board from the mover's side.
 * The board is always drawn from player 1's side: slot k > 0 is player 1 on its point k, slot k < 0 is
 * player 0 on its point 25 - k; slot 25 is player 1's bar, slot 0 player 0's bar (negated).
 */
public record ExternalBoard(Request request, Position position, Dice dice, int matchLength, int cube, int moverScore,
    int opponentScore, boolean crawfordGame, boolean postCrawford, CubeOwner owner) {

  /** Who owns a turned cube, from the "may double" fields: the mover, its opponent, or nobody (centred). */
  public enum CubeOwner {
    CENTRED,
    MOVER,
    OPPONENT
  }

  public enum Request {
    /** Play the dice. */
    MOVE,
    /** Roll or double? */
    ROLL_OR_DOUBLE,
    /** gnubg doubled: take or drop? */
    ANSWER_DOUBLE
  }

  /**
   * The cube decision as a game between the bot (player 0) and gnubg (player 1): the bot on roll
   * before rolling, or gnubg's double waiting for the bot's answer. Money sessions are taken to be
   * without Jacoby and beavers (how scripts/gnubg/play_vs_gnubg.sh runs them by default); a turned
   * cube belongs to the side that may double it (for a double, to the doubler's opponent until it takes).
   */
  public Result<Game> cubeGame() {
    Rules rules = matchLength == 0 ? Rules.money().toBuilder().jacoby(false).build() : Rules.match(matchLength);
    Game.Seat seat = matchLength == 0 ? Game.Seat.MONEY
        : new Game.Seat(moverScore, opponentScore, crawfordGame, postCrawford);
    if (request == Request.ANSWER_DOUBLE) {
      Game g = Game.setUp(rules, seat, position.swap(), 1, cube, cube > 1 ? OptionalInt.of(1) : OptionalInt.empty());
      return g.apply(new Action.Double());
    }
    OptionalInt cubeOwner = cube == 1 ? OptionalInt.empty() : OptionalInt.of(switch (owner) {
      case MOVER -> 0;
      case OPPONENT -> 1;
      // A turned cube neither may double (after a double both fields can read 0): the mover's, as before.
      case CENTRED -> 0;
    });
    return Result.ok(Game.setUp(rules, seat, position, 0, cube, cubeOwner));
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
      // Scores follow the names' order: player 0, player 1, swapped while a double is pending.
      int score0 = Integer.parseInt(doubled ? f[5] : f[4]);
      int score1 = Integer.parseInt(doubled ? f[4] : f[5]);
      int length = Integer.parseInt(f[3]);
      boolean crawford = length > 0 && f[52].equals("0");
      boolean post = length > 0 && f[51].equals("1");
      boolean moverMay = f[player1 ? 38 : 39].equals("1");
      boolean opponentMay = f[player1 ? 39 : 38].equals("1");
      CubeOwner owner = moverMay == opponentMay ? CubeOwner.CENTRED : moverMay ? CubeOwner.MOVER : CubeOwner.OPPONENT;
      return Result.ok(new ExternalBoard(req, pos.get(), dice, length, Integer.parseInt(f[37]),
          player1 ? score1 : score0, player1 ? score0 : score1, crawford, post, owner));
    } catch (RuntimeException e) {
      return Result.err("unreadable gnubg board line (" + e.getMessage() + "): " + line);
    }
  }
}
