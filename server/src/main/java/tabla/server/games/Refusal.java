package tabla.server.games;

import java.util.Map;
import tabla.server.kernel.RefusalCode;

/**
 * Why the game service refused a command; nothing changed. Adapters map each kind to their own codes; {@link #code()}
 * and {@link #args()} name it for clients that say it in the player's language.
 */
public sealed interface Refusal {
  /** A sentence for the player (English: API clients, FIBS and bots read it). */
  String reason();

  /** The machine-readable name, or null where the sentence has none (a typed play's refusal by PlayText alone). */
  RefusalCode code();

  /** The values in the sentence, by the names the code's translations use. */
  default Map<String, Object> args() {
    return Map.of();
  }

  record NotSeated() implements Refusal {
    public String reason() { return "you are not playing in this game"; }
    public GameCode code() { return GameCode.NOT_SEATED; }
  }

  record GameOver() implements Refusal {
    public String reason() { return "the game is over"; }
    public GameCode code() { return GameCode.OVER; }
  }

  /** The player acted on a version of the game that is no longer the current one. */
  record StaleVersion(int current) implements Refusal {
    public String reason() { return "the game has moved on (version " + current + "); here is the current state"; }
    public GameCode code() { return GameCode.STALE; }
    public Map<String, Object> args() { return Map.of("version", current); }
  }

  record NotYourTurn() implements Refusal {
    public String reason() { return "it is not your turn"; }
    public GameCode code() { return GameCode.NOT_YOUR_TURN; }
  }

  /** The rules do not allow it now: the room's own refusals and the engine's carry a code ({@link GameCode#of}). */
  record Illegal(String reason, RefusalCode code, Map<String, Object> args) implements Refusal {
    public Illegal {
      args = Map.copyOf(args);
    }

    /** A sentence without a code. */
    public Illegal(String reason) {
      this(reason, null, Map.of());
    }

    public Illegal(GameCode code, String reason) {
      this(reason, code, Map.of());
    }
  }
}
