package tabla.server.site;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * What one node tells the others about the people on the site (README "Running a cluster"): each kind is a record,
 * written and read by {@link SiteNotices} alone. A node that hears one passes it to its own sockets.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = SiteNotice.ToUser.class, name = "toUser"),
  @JsonSubTypes.Type(value = SiteNotice.ToTournamentPages.class, name = "toTournamentPages"),
  @JsonSubTypes.Type(value = SiteNotice.Chat.class, name = "chat"),
  @JsonSubTypes.Type(value = SiteNotice.ChatDeleted.class, name = "chatDeleted"),
  @JsonSubTypes.Type(value = SiteNotice.MutesChanged.class, name = "mutesChanged"),
  @JsonSubTypes.Type(value = SiteNotice.PresenceChanged.class, name = "presenceChanged"),
  @JsonSubTypes.Type(value = SiteNotice.BoardOpened.class, name = "boardOpened"),
  @JsonSubTypes.Type(value = SiteNotice.Broadcast.class, name = "broadcast"),
  @JsonSubTypes.Type(value = SiteNotice.MotdChanged.class, name = "motdChanged"),
})
public sealed interface SiteNotice {
  /** A message for every page of a user (a seek accepted, an invitation, a rematch, a tournament match starts). */
  record ToUser(long user, JsonNode message) implements SiteNotice {}

  /** A message for every page that shows a tournament (it changed). */
  record ToTournamentPages(long tournament, JsonNode message) implements SiteNotice {}

  /** A new chat message of {@code channel} (its key as the database names it), as the chat writes it in JSON. */
  record Chat(String channel, JsonNode message) implements SiteNotice {}

  /** A moderator removed message {@code id} of {@code channel}. */
  record ChatDeleted(String channel, long id) implements SiteNotice {}

  /** Whom {@code user} mutes changed: the nodes forget what they had read of it. */
  record MutesChanged(long user) implements SiteNotice {}

  /** The player in {@code seat} opened the board on a node that does not run the game: its clock may start now. */
  record BoardOpened(long game, int seat) implements SiteNotice {}

  /** A moderator's broadcast, posted on another node ({@code at}: ISO-8601 UTC). */
  record Broadcast(long id, String text, String at) implements SiteNotice {}

  /** The message of the day changed (it is in the database). */
  record MotdChanged() implements SiteNotice {}

  /** Node {@code node} wrote what it has open now ({@link NodeSummary}): read it again. */
  record PresenceChanged(String node) implements SiteNotice {}
}
