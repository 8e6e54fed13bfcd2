package tabla.server.chat;

import java.util.Optional;

/**
 * Where a chat message is said: the lobby, between the two players of a game, or among the spectators of a
 * game (whom the players do not hear while the game goes on). {@link #key()} is how the database names it.
 */
public sealed interface ChatChannel {
  String key();

  /** The channel's word for the pages: "lobby", "players" or "spectators". */
  String side();

  /** The game the channel belongs to, or empty for the lobby. */
  Optional<Long> gameId();

  record Lobby() implements ChatChannel {
    public String key() {
      return "lobby";
    }

    public String side() {
      return "lobby";
    }

    public Optional<Long> gameId() {
      return Optional.empty();
    }
  }

  record Players(long game) implements ChatChannel {
    public String key() {
      return "game:" + game;
    }

    public String side() {
      return "players";
    }

    public Optional<Long> gameId() {
      return Optional.of(game);
    }
  }

  record Spectators(long game) implements ChatChannel {
    public String key() {
      return "watch:" + game;
    }

    public String side() {
      return "spectators";
    }

    public Optional<Long> gameId() {
      return Optional.of(game);
    }
  }

  ChatChannel LOBBY = new Lobby();

  /** A game channel by the side named in the URL ("players" or "spectators"); empty for any other word. */
  static Optional<ChatChannel> ofGame(long game, String side) {
    return switch (side) {
      case "players" -> Optional.of(new Players(game));
      case "spectators" -> Optional.of(new Spectators(game));
      default -> Optional.empty();
    };
  }

  /** The channel a stored key names (the keys are only ever written by {@link #key()}). */
  static ChatChannel ofKey(String key) {
    if (key.startsWith("game:")) return new Players(Long.parseLong(key.substring(5)));
    if (key.startsWith("watch:")) return new Spectators(Long.parseLong(key.substring(6)));
    return LOBBY;
  }
}
