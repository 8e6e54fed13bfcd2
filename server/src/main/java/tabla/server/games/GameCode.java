package tabla.server.games;

import tabla.server.kernel.RefusalCode;

/**
 * The codes of the game service's refusals of a player's action ({@link Refusal}); the web client's catalogues say each
 * as {@code refusal.CODE}. A rule the engine itself refuses (a cube the rules forbid, an answer to no double) has none
 * yet: its English sentence is shown.
 */
public enum GameCode implements RefusalCode {
  NOT_SEATED,
  OVER,
  STALE,
  NOT_YOUR_TURN,
  TIME_OUT,
  NO_NEXT_GAME,
  READY_ALREADY,
  ROLL_FIRST,
  CANNOT_MOVE_NOW,
  CANNOT_ROLL_NOW,
  NO_LEGAL_MOVE,
  ILLEGAL_PLAY;

  @Override
  public String concern() {
    return "game";
  }
}
