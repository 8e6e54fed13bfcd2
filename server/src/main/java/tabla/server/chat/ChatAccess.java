package tabla.server.chat;

/**
 * Who reads and writes which channel, from the seat a user has in the channel's game (-1: not a player). The
 * players talk between themselves and nobody else reads them; spectators talk among themselves, and the
 * players read that only once the game is over (as on lichess: no help from outside while it goes on).
 */
public final class ChatAccess {
  private ChatAccess() {}

  public static boolean mayRead(ChatChannel channel, int seat, boolean finished) {
    if (channel instanceof ChatChannel.Players) return seat >= 0;
    if (channel instanceof ChatChannel.Spectators) return seat < 0 || finished;
    return true;
  }

  public static boolean mayWrite(ChatChannel channel, int seat) {
    if (channel instanceof ChatChannel.Players) return seat >= 0;
    if (channel instanceof ChatChannel.Spectators) return seat < 0;
    return true;
  }
}
