package tabla.core.format;

import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;

/**
 * eXtreme Gammon's position ID (XGID): the board and the match state as one line of text, for example
 * the starting position, X to roll, money game: {@code XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10}.
 *
 * <p>After the optional {@code XGID=} prefix come ten fields separated by {@code ':'}:
 *
 * <ol>
 *   <li>the board, 26 characters, always seen from the player at the bottom, X, whoever is on roll:
 *       character 0 is O's bar, characters 1..24 are the points in X's numbering (X moves 24 towards 1;
 *       O's point {@code q} is character {@code 25 - q}), character 25 is X's bar. {@code '-'} is an empty
 *       point, {@code 'A'..'O'} are 1..15 of X's checkers and {@code 'a'..'o'} 1..15 of O's. Checkers not on
 *       the board are borne off (15 a side);
 *   <li>the cube value as a base-2 logarithm ({@code 0} = 1, {@code 1} = 2, ...); with a double pending,
 *       the value before the double;
 *   <li>the cube owner: {@code 1} X, {@code -1} O, {@code 0} centred;
 *   <li>the turn: {@code 1} X, {@code -1} O; the player on roll, and while a double waits (dice field
 *       {@code D}, {@code B}, {@code R}) the player who doubled;
 *   <li>the dice: {@code 00} not rolled yet (the player may roll or double), two digits 1..6 for a roll to
 *       play, {@code D} a double offered and waiting for take or pass, {@code B} the double beavered,
 *       {@code R} the beaver raccooned;
 *   <li>X's score (points won, not points away);
 *   <li>O's score;
 *   <li>rule flags: in a match 1 in the Crawford game, else 0; in money play bit 0 the Jacoby
 *       rule and bit 1 beavers;
 *   <li>the match length, 0 for money play;
 *   <li>the largest cube allowed, as a base-2 logarithm (eXtreme Gammon writes 10).
 * </ol>
 *
 * <p>Sources: the XGID reader and writer of the BGonline board editor "bglog" (JavaScript), GNU
 * Backgammon's XGID reader ({@code set xgid}), checked against gnubg 1.07 itself, and several
 * independent open-source readers; see {@code XgidTest}. GNU Backgammon calls X player 1 and O player 0.
 * Not settled by every source: with {@code D} the turn field names the doubler in gnubg's reader and
 * in bglog (followed here), one converter writes the player who must answer; gnubg 1.07 refuses
 * {@code B} and {@code R} and reads {@code D} as "not rolled"; the largest-cube field is ignored by gnubg.
 *
 * <p>Perspective: XGID fixes X at the bottom and says with {@code turn} who is on roll; {@link Position}
 * is always seen from the player on roll. So {@link #position} is the board from the side of the
 * {@link #turn} player (swapped from X's view when O is on roll), and everything else that names a
 * player ({@link #turn}, {@link #cubeOwner}, {@link #scoreX}, {@link #scoreO}) stays absolute, as in the
 * format; {@link #moverScore()}, {@link #cubeOwnedByMover()} and the like give the relative view.
 *
 * @param position the board seen by the player on roll ({@code turn}); 15 checkers a side, counting those
 *     borne off
 * @param turn {@link #X} or {@link #O}: who is on roll (with a double pending, who doubled)
 * @param cubeValue 1, 2, 4, ... up to 2^15 (written as its logarithm); with a double pending, before it
 * @param cubeOwner {@link #X}, {@link #O} or {@link #CENTERED}
 * @param decision what happens next: roll or double, play the roll, or answer a double, beaver, raccoon
 * @param dice the roll to play when {@code decision} is {@link Decision#ROLLED}, else null; kept in the
 *     order written
 * @param scoreX points X has won in the match (any non-negative number in money play)
 * @param scoreO points O has won
 * @param crawford true in the Crawford game (match play only)
 * @param jacoby true when the Jacoby rule is on (money play only)
 * @param beavers true when beavers are allowed (money play only)
 * @param matchLength 0 for money play
 * @param maxCube the largest cube allowed, 1..2^15 (written as its logarithm)
 */
public record Xgid(Position position, int turn, int cubeValue, int cubeOwner, Decision decision, Dice dice,
    int scoreX, int scoreO, boolean crawford, boolean jacoby, boolean beavers, int matchLength, int maxCube) {

  /** The player at the bottom, uppercase letters, turn {@code 1}; gnubg's player 1. */
  public static final int X = 1;
  /** The player at the top, lowercase letters, turn {@code -1}; gnubg's player 0. */
  public static final int O = -1;
  /** Cube owner: nobody, the cube is in the middle. */
  public static final int CENTERED = 0;
  /** What eXtreme Gammon writes as the largest cube: 2^10. */
  public static final int DEFAULT_MAX_CUBE = 1 << 10;

  private static final String PREFIX = "XGID=";
  private static final int FIELDS = 10;
  private static final int BOARD_CHARS = 26;
  private static final int MAX_LOG = 15;

  /** The state of the turn: the dice field. */
  public enum Decision {
    /** {@code 00}: the player on roll has not rolled; they may double first. */
    TO_ROLL("00"),
    /** Two digits: the player on roll has rolled and must play the dice. */
    ROLLED(null),
    /** {@code D}: the player on roll doubled; the opponent must take or pass. */
    DOUBLED("D"),
    /** {@code B}: the double was beavered (money play). */
    BEAVERED("B"),
    /** {@code R}: the beaver was raccooned (money play). */
    RACCOONED("R");

    private final String code;

    Decision(String code) {
      this.code = code;
    }

    /** True while a double (beaver, raccoon) waits for an answer. */
    public boolean cubeAction() {
      return this == DOUBLED || this == BEAVERED || this == RACCOONED;
    }
  }

  public Xgid {
    String why = invalid(position, turn, cubeValue, cubeOwner, decision, dice, scoreX, scoreO, crawford, jacoby,
        beavers, matchLength, maxCube);
    if (why != null) throw new IllegalArgumentException(why);
  }

  /** A money-game position: cube at 1 in the middle, Jacoby and beavers off, largest cube 2^10. */
  public static Xgid money(Position position, int turn, Decision decision, Dice dice) {
    return new Xgid(position, turn, 1, CENTERED, decision, dice, 0, 0, false, false, false, 0, DEFAULT_MAX_CUBE);
  }

  private static String invalid(Position position, int turn, int cubeValue, int cubeOwner, Decision decision,
      Dice dice, int scoreX, int scoreO, boolean crawford, boolean jacoby, boolean beavers, int matchLength,
      int maxCube) {
    if (position == null) return "no position";
    if (position.moverCheckers() != Position.CHECKERS || position.opponentCheckers() != Position.CHECKERS) {
      return "each side needs 15 checkers counting those borne off, got " + position.moverCheckers() + " and "
          + position.opponentCheckers();
    }
    if (turn != X && turn != O) return "turn must be 1 (X) or -1 (O), got " + turn;
    if (!powerOfTwo(cubeValue)) return "cube value must be 1, 2, 4, ... 32768, got " + cubeValue;
    if (cubeOwner != X && cubeOwner != O && cubeOwner != CENTERED) {
      return "cube owner must be 1 (X), -1 (O) or 0 (centred), got " + cubeOwner;
    }
    if (!powerOfTwo(maxCube)) return "largest cube must be 1, 2, 4, ... 32768, got " + maxCube;
    if (decision == null) return "no decision (to roll, rolled, doubled, beavered, raccooned)";
    if ((decision == Decision.ROLLED) != (dice != null)) {
      return decision == Decision.ROLLED ? "rolled, but no dice" : "dice given, but the state is " + decision;
    }
    if (scoreX < 0 || scoreO < 0) return "scores cannot be negative";
    if (matchLength < 0) return "match length cannot be negative, got " + matchLength;
    if (matchLength > 0) {
      if (scoreX >= matchLength || scoreO >= matchLength) {
        return "in a " + matchLength + "-point match each score must be below " + matchLength + ", got " + scoreX
            + " and " + scoreO;
      }
      if (jacoby || beavers) return "the Jacoby rule and beavers belong to money play, not to a match";
      if (crawford && (scoreX == matchLength - 1) == (scoreO == matchLength - 1)) {
        return "the Crawford game needs exactly one player one point from the match, score " + scoreX + "-"
            + scoreO + " of " + matchLength;
      }
      if (decision == Decision.BEAVERED || decision == Decision.RACCOONED) {
        return "beavers and raccoons belong to money play, not to a match";
      }
    } else if (crawford) {
      return "the Crawford game belongs to match play, not to money play";
    }
    return null;
  }

  private static boolean powerOfTwo(int v) {
    return v >= 1 && v <= 1 << MAX_LOG && Integer.bitCount(v) == 1;
  }

  /** True when X (the bottom player) is on roll. */
  public boolean xOnRoll() {
    return turn == X;
  }

  public boolean isMoney() {
    return matchLength == 0;
  }

  /** Score of the player on roll. */
  public int moverScore() {
    return turn == X ? scoreX : scoreO;
  }

  /** Score of the player not on roll. */
  public int opponentScore() {
    return turn == X ? scoreO : scoreX;
  }

  public boolean cubeCentered() {
    return cubeOwner == CENTERED;
  }

  /** True when the player on roll owns the cube. */
  public boolean cubeOwnedByMover() {
    return cubeOwner == turn;
  }

  /** True when the player not on roll owns the cube. */
  public boolean cubeOwnedByOpponent() {
    return cubeOwner == -turn;
  }

  /** The board seen from X's side (X the mover), whoever is on roll. */
  public Position positionFromX() {
    return turn == X ? position : position.swap();
  }

  /** The XGID, with the {@code XGID=} prefix. */
  public String encode() {
    Position fromX = positionFromX();
    StringBuilder sb = new StringBuilder(PREFIX.length() + 48).append(PREFIX);
    // Character i is X's point i; O's checkers there stand on O's point 25 - i (i = 0: O's bar).
    for (int i = 0; i < BOARD_CHARS; i++) {
      int x = i == 0 ? 0 : fromX.mover(i);
      int o = i == BOARD_CHARS - 1 ? 0 : fromX.opponent(25 - i);
      sb.append(x > 0 ? (char) ('A' + x - 1) : o > 0 ? (char) ('a' + o - 1) : '-');
    }
    sb.append(':').append(Integer.numberOfTrailingZeros(cubeValue));
    sb.append(':').append(cubeOwner);
    sb.append(':').append(turn);
    sb.append(':').append(decision == Decision.ROLLED ? "" + dice.first() + dice.second() : decision.code);
    sb.append(':').append(scoreX);
    sb.append(':').append(scoreO);
    int flags = isMoney() ? (jacoby ? 1 : 0) | (beavers ? 2 : 0) : crawford ? 1 : 0;
    sb.append(':').append(flags);
    sb.append(':').append(matchLength);
    sb.append(':').append(Integer.numberOfTrailingZeros(maxCube));
    return sb.toString();
  }

  @Override
  public String toString() {
    return encode();
  }

  /**
   * Reads an XGID, with or without the {@code XGID=} prefix (surrounding blanks are ignored). Refuses, with
   * the reason, anything that is not exactly ten well-formed fields describing a possible position.
   */
  public static Result<Xgid> decode(String text) {
    if (text == null) return Result.err("no XGID given");
    String s = text.strip();
    if (s.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) s = s.substring(PREFIX.length());
    String[] f = s.split(":", -1);
    if (f.length != FIELDS) {
      return bad(text, "it needs " + FIELDS + " fields separated by ':', got " + f.length);
    }
    // The board, from X's side.
    String board = f[0];
    if (board.length() != BOARD_CHARS) {
      return bad(text, "the board needs " + BOARD_CHARS + " characters, got " + board.length());
    }
    int[] xSide = new int[Position.SIDE];
    int[] oSide = new int[Position.SIDE];
    int xOn = 0;
    int oOn = 0;
    for (int i = 0; i < BOARD_CHARS; i++) {
      char c = board.charAt(i);
      if (c == '-') continue;
      if (c >= 'A' && c <= 'O') {
        if (i == 0) return bad(text, "character 0 is O's bar, X's checkers (uppercase) cannot stand there");
        xSide[i] = c - 'A' + 1;
        xOn += xSide[i];
      } else if (c >= 'a' && c <= 'o') {
        if (i == BOARD_CHARS - 1) {
          return bad(text, "character 25 is X's bar, O's checkers (lowercase) cannot stand there");
        }
        oSide[25 - i] = c - 'a' + 1;
        oOn += oSide[25 - i];
      } else {
        return bad(text, "board character " + i + " is '" + c + "'; only '-', A-O and a-o are allowed");
      }
    }
    if (xOn > Position.CHECKERS) return bad(text, "X has " + xOn + " checkers on the board, more than 15");
    if (oOn > Position.CHECKERS) return bad(text, "O has " + oOn + " checkers on the board, more than 15");
    xSide[Position.OFF] = Position.CHECKERS - xOn;
    oSide[Position.OFF] = Position.CHECKERS - oOn;

    Integer cubeLog = number(f[1]);
    if (cubeLog == null || cubeLog < 0 || cubeLog > MAX_LOG) {
      return bad(text, "the cube field must be a logarithm 0.." + MAX_LOG + ", got '" + f[1] + "'");
    }
    Integer owner = number(f[2]);
    if (owner == null || owner < -1 || owner > 1) {
      return bad(text, "the cube owner must be 1, 0 or -1, got '" + f[2] + "'");
    }
    Integer turn = number(f[3]);
    if (turn == null || (turn != X && turn != O)) {
      return bad(text, "the turn must be 1 or -1, got '" + f[3] + "'");
    }
    Decision decision;
    Dice dice = null;
    String d = f[4];
    switch (d) {
      case "00" -> decision = Decision.TO_ROLL;
      case "D" -> decision = Decision.DOUBLED;
      case "B" -> decision = Decision.BEAVERED;
      case "R" -> decision = Decision.RACCOONED;
      default -> {
        if (d.length() != 2 || d.charAt(0) < '1' || d.charAt(0) > '6' || d.charAt(1) < '1' || d.charAt(1) > '6') {
          return bad(text, "the dice must be 00, D, B, R or two digits 1-6, got '" + d + "'");
        }
        decision = Decision.ROLLED;
        dice = new Dice(d.charAt(0) - '0', d.charAt(1) - '0');
      }
    }
    Integer scoreX = number(f[5]);
    Integer scoreO = number(f[6]);
    if (scoreX == null || scoreX < 0 || scoreO == null || scoreO < 0) {
      return bad(text, "the scores must be numbers 0 or more, got '" + f[5] + "' and '" + f[6] + "'");
    }
    Integer flags = number(f[7]);
    Integer length = number(f[8]);
    if (length == null || length < 0) {
      return bad(text, "the match length must be a number 0 or more, got '" + f[8] + "'");
    }
    if (flags == null || flags < 0 || flags > (length == 0 ? 3 : 1)) {
      return bad(text, "the rule flags must be " + (length == 0 ? "0..3 in money play" : "0 or 1 in a match")
          + ", got '" + f[7] + "'");
    }
    Integer maxLog = number(f[9]);
    if (maxLog == null || maxLog < 0 || maxLog > MAX_LOG) {
      return bad(text, "the largest-cube field must be a logarithm 0.." + MAX_LOG + ", got '" + f[9] + "'");
    }

    Result<Position> pos = turn == X ? Position.of(xSide, oSide) : Position.of(oSide, xSide);
    if (!pos.isOk()) return bad(text, pos.error());
    boolean money = length == 0;
    String why = invalid(pos.get(), turn, 1 << cubeLog, owner, decision, dice, scoreX, scoreO,
        !money && flags == 1, money && (flags & 1) != 0, money && (flags & 2) != 0, length, 1 << maxLog);
    if (why != null) return bad(text, why);
    return Result.ok(new Xgid(pos.get(), turn, 1 << cubeLog, owner, decision, dice, scoreX, scoreO,
        !money && flags == 1, money && (flags & 1) != 0, money && (flags & 2) != 0, length, 1 << maxLog));
  }

  private static <T> Result<T> bad(String text, String why) {
    return Result.err("'" + text + "' is not a valid XGID: " + why);
  }

  /** An integer as XG writes it: an optional minus and one to six digits, nothing else. */
  private static Integer number(String s) {
    int start = s.startsWith("-") ? 1 : 0;
    if (s.length() == start || s.length() - start > 6) return null;
    for (int i = start; i < s.length(); i++) {
      if (s.charAt(i) < '0' || s.charAt(i) > '9') return null;
    }
    return Integer.parseInt(s);
  }
}
