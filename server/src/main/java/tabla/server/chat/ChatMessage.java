package tabla.server.chat;

/**
 * One stored chat message as the API and the sockets send it: {@code channel} is "lobby", "players" or
 * "spectators"; {@code at} is milliseconds since 1970 (UTC). The page shows author and text as text only.
 */
public record ChatMessage(long id, String channel, long authorId, String author, String text, long at) {}
