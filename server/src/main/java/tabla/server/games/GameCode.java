package tabla.server.games;

import java.util.Map;
import tabla.core.RuleCode;
import tabla.server.kernel.RefusalCode;
import tabla.server.kernel.Refused;

/**
 * The codes of the game service's refusals of a player's action ({@link Refusal}); the web client's catalogues say each
 * as {@code refusal.CODE}. The rules engine's own (a cube the rules forbid, an answer to no double, a typed play the
 * parser explains) are its {@link RuleCode}s, sent as {@code game.} and their name ({@link #of}).
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
  ILLEGAL_PLAY,
  /** 404, {@code id}: there is no such game. */
  NOT_FOUND;

  @Override
  public String concern() {
    return "game";
  }

  /** The 404 of a game that does not exist. */
  public static Refused missing(long id) {
    return Refused.of(Refused.Kind.NOT_FOUND, NOT_FOUND, "game " + id + " not found", Map.of("id", id));
  }

  /**
   * The site's code of an engine refusal: "game." and the engine's name, the constant above where the room refuses
   * the same thing (OVER, ILLEGAL_PLAY), else the engine's own ({@link EngineCode}).
   */
  public static RefusalCode of(RuleCode engine) {
    for (GameCode c : values()) if (c.name().equals(engine.name())) return c;
    return new EngineCode(engine);
  }

  /** A refusal of the rules engine said as the game service's: {@code game.} and the engine's name in lower case. */
  public record EngineCode(RuleCode rule) implements RefusalCode {
    @Override
    public String name() {
      return rule.name();
    }

    @Override
    public String concern() {
      return "game";
    }
  }
}
