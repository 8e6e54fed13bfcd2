package tabla.server.games;

import tabla.server.kernel.RefusalCode;

/**
 * The codes of the game service's refusals of a player's action ({@link Refusal}); the web client's catalogues say each
 * as {@code refusal.CODE}. A rule the engine itself refuses (a cube the rules forbid, an answer to no double) has none
 * yet: its English sentence is shown.
 */
public enum GameCode implements RefusalCode {
  NOT_SEATED("game.not_seated"),
  OVER("game.over"),
  STALE("game.stale"),
  NOT_YOUR_TURN("game.not_your_turn"),
  TIME_OUT("game.time_out"),
  NO_NEXT_GAME("game.no_next_game"),
  READY_ALREADY("game.ready_already"),
  ROLL_FIRST("game.roll_first"),
  CANNOT_MOVE_NOW("game.cannot_move_now"),
  CANNOT_ROLL_NOW("game.cannot_roll_now"),
  NO_LEGAL_MOVE("game.no_legal_move"),
  ILLEGAL_PLAY("game.illegal_play");

  private final String code;

  GameCode(String code) {
    this.code = code;
  }

  @Override
  public String code() {
    return code;
  }
}
