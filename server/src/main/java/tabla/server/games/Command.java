package tabla.server.games;

/**
 * What a player asks of a game, free of HTTP: the game service's commands. The HTTP adapter reads them from a
 * request; tournaments, a FIBS/CLIP front-end or another node build them directly.
 */
public sealed interface Command {
  /** The API's name of the command ({@code "roll"}, {@code "move"}, …), as listed in a snapshot's actions. */
  String type();

  /** {@code autoPass} false: a roll with no legal play waits for the player's "move pass" (core's rule). */
  record Roll(boolean autoPass) implements Command {
    public Roll() {
      this(true);
    }

    public String type() { return "roll"; }
  }

  /** A play in gnubg notation from the mover's side, e.g. {@code "24/18 13/11"}; read against the position. */
  record Move(String play) implements Command {
    public String type() { return "move"; }
  }

  record Double() implements Command {
    public String type() { return "double"; }
  }

  record Take() implements Command {
    public String type() { return "take"; }
  }

  record Drop() implements Command {
    public String type() { return "drop"; }
  }

  record Beaver() implements Command {
    public String type() { return "beaver"; }
  }

  record Raccoon() implements Command {
    public String type() { return "raccoon"; }
  }

  /** Offers to resign a single (1), gammon (2) or backgammon (3). */
  record Resign(int level) implements Command {
    public String type() { return "resign"; }
  }

  record AcceptResign() implements Command {
    public String type() { return "accept"; }
  }

  record RejectResign() implements Command {
    public String type() { return "reject"; }
  }

  /** Between two games of a match: ready for the next one (it starts when both are, or after a pause). */
  record Continue() implements Command {
    public String type() { return "continue"; }
  }
}
