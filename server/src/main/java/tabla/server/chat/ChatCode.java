package tabla.server.chat;

import tabla.server.kernel.RefusalCode;

/** The codes of the chat service's refusals to a player (lobby and game chats, mutes); see {@link RefusalCode}. */
public enum ChatCode implements RefusalCode {
  GUEST,
  PLAYERS_WRITE,
  SPECTATORS_WRITE,
  PLAYERS_READ,
  SPECTATORS_READ,
  MUTED,
  MUTED_BECAUSE,
  EMPTY,
  TOO_LONG,
  BAD_TEXT,
  TOO_FAST,
  MUTE_SELF,
  MUTE_LIMIT;

  @Override
  public String concern() {
    return "chat";
  }
}
