package tabla.server.games;

/** Why the game service refused a command; nothing changed. Adapters map each kind to their own codes. */
public sealed interface Refusal {
  /** A sentence for the player. */
  String reason();

  record NotSeated() implements Refusal {
    public String reason() { return "you are not playing in this game"; }
  }

  record GameOver() implements Refusal {
    public String reason() { return "the game is over"; }
  }

  /** The player acted on a version of the game that is no longer the current one. */
  record StaleVersion(int current) implements Refusal {
    public String reason() { return "the game has moved on (version " + current + "); here is the current state"; }
  }

  record NotYourTurn() implements Refusal {
    public String reason() { return "it is not your turn"; }
  }

  /** The rules do not allow it now; the reason comes from the engine. */
  record Illegal(String reason) implements Refusal {}
}
