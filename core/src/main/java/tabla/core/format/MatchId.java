package tabla.core.format;

import tabla.core.Result;

/**
 * GNU Backgammon's Match ID: 12 base64 characters holding the match and cube state, bit fields
 * packed least significant bit first (gnubg manual, "Match ID").
 *
 * @param cubeValue 1, 2, 4, ... (stored as its base-2 logarithm)
 * @param cubeOwner 0 or 1, or {@link #CENTERED}
 * @param onRoll the player on roll (who owns the dice), 0 or 1
 * @param crawford true in the Crawford game
 * @param gameState 0 no game, 1 playing, 2 over, 3 resigned, 4 ended by a dropped double
 * @param turn the player who must decide now (differs from onRoll when a double or resignation waits)
 * @param doubleOffered true while a double waits for an answer
 * @param resignation 0 none, 1 single, 2 gammon, 3 backgammon offered
 * @param die1 0 when not rolled, else 1..6
 * @param die2 0 when not rolled, else 1..6
 * @param matchLength 0 for money play
 * @param score0 points of player 0
 * @param score1 points of player 1
 * @param noJacoby bit 66, which gnubg 1.07 sets when the Jacoby rule is off (so in every match);
 *     the manual does not describe it
 */
public record MatchId(int cubeValue, int cubeOwner, int onRoll, boolean crawford, int gameState, int turn,
    boolean doubleOffered, int resignation, int die1, int die2, int matchLength, int score0, int score1,
    boolean noJacoby) {
  public static final int CENTERED = 3;
  private static final int BYTES = 9;
  private static final int CHARS = 12;

  /** A Match ID without gnubg's extra "Jacoby off" bit. */
  public MatchId(int cubeValue, int cubeOwner, int onRoll, boolean crawford, int gameState, int turn,
      boolean doubleOffered, int resignation, int die1, int die2, int matchLength, int score0, int score1) {
    this(cubeValue, cubeOwner, onRoll, crawford, gameState, turn, doubleOffered, resignation, die1, die2,
        matchLength, score0, score1, false);
  }

  public MatchId {
    String why = invalid(cubeValue, cubeOwner, onRoll, gameState, turn, resignation, die1, die2, matchLength,
        score0, score1);
    if (why != null) throw new IllegalArgumentException(why);
  }

  private static String invalid(int cubeValue, int cubeOwner, int onRoll, int gameState, int turn,
      int resignation, int die1, int die2, int matchLength, int score0, int score1) {
    if (cubeValue < 1 || Integer.bitCount(cubeValue) != 1 || cubeValue > 1 << 15) {
      return "cube value must be a power of two, got " + cubeValue;
    }
    if (cubeOwner != 0 && cubeOwner != 1 && cubeOwner != CENTERED) return "cube owner must be 0, 1 or centred";
    if (onRoll < 0 || onRoll > 1 || turn < 0 || turn > 1) return "players are numbered 0 and 1";
    if (gameState < 0 || gameState > 4) return "game state must be 0..4, got " + gameState;
    if (resignation < 0 || resignation > 3) return "resignation must be 0..3, got " + resignation;
    if (die1 < 0 || die1 > 6 || die2 < 0 || die2 > 6 || (die1 == 0) != (die2 == 0)) {
      return "dice must both be 0 (not rolled) or both 1..6, got " + die1 + " and " + die2;
    }
    if (matchLength < 0 || matchLength >= 1 << 15) return "match length out of range: " + matchLength;
    if (score0 < 0 || score0 >= 1 << 15 || score1 < 0 || score1 >= 1 << 15) return "score out of range";
    return null;
  }

  public String encode() {
    byte[] key = new byte[BYTES];
    Base64Bits.putField(key, 0, 4, Integer.numberOfTrailingZeros(cubeValue));
    Base64Bits.putField(key, 4, 2, cubeOwner);
    Base64Bits.putField(key, 6, 1, onRoll);
    Base64Bits.putField(key, 7, 1, crawford ? 1 : 0);
    Base64Bits.putField(key, 8, 3, gameState);
    Base64Bits.putField(key, 11, 1, turn);
    Base64Bits.putField(key, 12, 1, doubleOffered ? 1 : 0);
    Base64Bits.putField(key, 13, 2, resignation);
    Base64Bits.putField(key, 15, 3, die1);
    Base64Bits.putField(key, 18, 3, die2);
    Base64Bits.putField(key, 21, 15, matchLength);
    Base64Bits.putField(key, 36, 15, score0);
    Base64Bits.putField(key, 51, 15, score1);
    Base64Bits.putField(key, 66, 1, noJacoby ? 1 : 0);
    return Base64Bits.encode(key, CHARS);
  }

  public static Result<MatchId> decode(String id) {
    if (id == null || id.length() != CHARS) {
      return Result.err("a Match ID has 12 characters, got " + (id == null ? "none" : "'" + id + "'"));
    }
    byte[] key = Base64Bits.decode(id, BYTES);
    if (key == null) return Result.err("'" + id + "' is not a Match ID: bad character");
    if (Base64Bits.field(key, 67, 5) != 0) return Result.err("'" + id + "' is not a Match ID: stray bits at the end");
    int cubeLog = Base64Bits.field(key, 0, 4);
    int cubeOwner = Base64Bits.field(key, 4, 2);
    int onRoll = Base64Bits.field(key, 6, 1);
    boolean crawford = Base64Bits.field(key, 7, 1) == 1;
    int state = Base64Bits.field(key, 8, 3);
    int turn = Base64Bits.field(key, 11, 1);
    boolean doubled = Base64Bits.field(key, 12, 1) == 1;
    int resign = Base64Bits.field(key, 13, 2);
    int die1 = Base64Bits.field(key, 15, 3);
    int die2 = Base64Bits.field(key, 18, 3);
    int length = Base64Bits.field(key, 21, 15);
    int s0 = Base64Bits.field(key, 36, 15);
    int s1 = Base64Bits.field(key, 51, 15);
    String why = invalid(1 << cubeLog, cubeOwner, onRoll, state, turn, resign, die1, die2, length, s0, s1);
    if (why != null) return Result.err("'" + id + "' is not a valid Match ID: " + why);
    return Result.ok(new MatchId(1 << cubeLog, cubeOwner, onRoll, crawford, state, turn, doubled, resign, die1,
        die2, length, s0, s1, Base64Bits.field(key, 66, 1) == 1));
  }
}
