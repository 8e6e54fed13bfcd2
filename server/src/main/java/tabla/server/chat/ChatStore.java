package tabla.server.chat;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;

/** Chat in the database: every message (deleted ones are kept, marked), players' mutes, moderators' mutes. */
public final class ChatStore {
  private static final String SELECT = "SELECT m.id, m.channel, m.user_id, u.name, m.text, m.created_at "
      + "FROM chat_messages m JOIN users u ON u.id = m.user_id ";

  private final Jdbi jdbi;

  public ChatStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** A stored message and its channel's key ("game:12"), as moderators see it. */
  public record Stored(ChatMessage message, String channelKey, boolean deleted, String deletedBy) {}

  public ChatMessage insert(ChatChannel channel, long userId, String author, String text, Instant at) {
    long id = jdbi.withHandle(h -> h.createUpdate(
            "INSERT INTO chat_messages(channel, user_id, text, created_at) VALUES (:c, :u, :t, :at)")
        .bind("c", channel.key()).bind("u", userId).bind("t", text).bind("at", Timestamp.from(at))
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
    return new ChatMessage(id, channel.side(), userId, author, text, at.toEpochMilli());
  }

  /** The last {@code limit} messages of a channel that are not deleted, oldest first. */
  public List<ChatMessage> recent(ChatChannel channel, int limit) {
    List<ChatMessage> newestFirst = jdbi.withHandle(h -> h.createQuery(SELECT
            + "WHERE m.channel = :c AND m.deleted_at IS NULL ORDER BY m.id DESC FETCH FIRST " + limit + " ROWS ONLY")
        .bind("c", channel.key()).map((rs, ctx) -> message(rs)).list());
    List<ChatMessage> oldestFirst = new java.util.ArrayList<>(newestFirst);
    java.util.Collections.reverse(oldestFirst);
    return oldestFirst;
  }

  /** The last {@code limit} messages anywhere, or of one author, deleted ones too (the moderators' list). */
  public List<Stored> latest(Long authorId, int limit) {
    return jdbi.withHandle(h -> {
      var q = h.createQuery(MODERATED + (authorId == null ? "" : "WHERE m.user_id = :a ")
          + "ORDER BY m.id DESC FETCH FIRST " + limit + " ROWS ONLY");
      if (authorId != null) q.bind("a", authorId.longValue());
      return q.map((rs, ctx) -> stored(rs)).list();
    });
  }

  public Optional<Stored> find(long id) {
    return jdbi.withHandle(h -> h.createQuery(MODERATED + "WHERE m.id = :id").bind("id", id)
        .map((rs, ctx) -> stored(rs)).findOne());
  }

  private static final String MODERATED = "SELECT m.id, m.channel, m.user_id, u.name, m.text, m.created_at, "
      + "m.deleted_at, d.name AS deleted_by FROM chat_messages m JOIN users u ON u.id = m.user_id "
      + "LEFT JOIN users d ON d.id = m.deleted_by ";

  private static Stored stored(ResultSet rs) throws SQLException {
    return new Stored(message(rs), rs.getString("channel"), rs.getTimestamp("deleted_at") != null,
        rs.getString("deleted_by"));
  }

  /** Marks a message deleted by {@code actorId}; false when it was already deleted or never existed. */
  public boolean delete(long id, Long actorId, Instant at) {
    return jdbi.withHandle(h -> h.createUpdate("UPDATE chat_messages SET deleted_by = :a, deleted_at = :t "
            + "WHERE id = :id AND deleted_at IS NULL")
        .bind("a", actorId).bind("t", Timestamp.from(at)).bind("id", id).execute()) == 1;
  }

  // ---- a player's mutes ----

  public Set<Long> mutedBy(long userId) {
    return Set.copyOf(jdbi.withHandle(h -> h.createQuery("SELECT muted_id FROM chat_mutes WHERE user_id = :u")
        .bind("u", userId).mapTo(Long.class).list()));
  }

  public List<String> mutedNames(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT u.name FROM chat_mutes m JOIN users u ON u.id = m.muted_id "
            + "WHERE m.user_id = :u ORDER BY LOWER(u.name)")
        .bind("u", userId).mapTo(String.class).list());
  }

  public void mute(long userId, long mutedId) {
    jdbi.useHandle(h -> {
      int n = h.createQuery("SELECT COUNT(*) FROM chat_mutes WHERE user_id = :u AND muted_id = :m")
          .bind("u", userId).bind("m", mutedId).mapTo(Integer.class).one();
      if (n == 0) {
        h.createUpdate("INSERT INTO chat_mutes(user_id, muted_id) VALUES (:u, :m)").bind("u", userId).bind("m", mutedId)
            .execute();
      }
    });
  }

  public void unmute(long userId, long mutedId) {
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM chat_mutes WHERE user_id = :u AND muted_id = :m")
        .bind("u", userId).bind("m", mutedId).execute());
  }

  public int countMutes(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM chat_mutes WHERE user_id = :u").bind("u", userId)
        .mapTo(Integer.class).one());
  }

  // ---- moderators' mutes ----

  /** Why a moderator muted this user, or empty when they may write. */
  public Optional<String> silenced(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT reason FROM chat_silenced WHERE user_id = :u").bind("u", userId)
        .mapTo(String.class).findOne());
  }

  public void silence(long userId, String reason, String byName) {
    jdbi.useTransaction(h -> {
      h.createUpdate("DELETE FROM chat_silenced WHERE user_id = :u").bind("u", userId).execute();
      h.createUpdate("INSERT INTO chat_silenced(user_id, reason, by_name) VALUES (:u, :r, :b)")
          .bind("u", userId).bind("r", reason).bind("b", byName).execute();
    });
  }

  public boolean unsilence(long userId) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM chat_silenced WHERE user_id = :u").bind("u", userId)
        .execute()) == 1;
  }

  private static ChatMessage message(ResultSet rs) throws SQLException {
    return new ChatMessage(rs.getLong("id"), ChatChannel.ofKey(rs.getString("channel")).side(), rs.getLong("user_id"), rs.getString("name"),
        rs.getString("text"), rs.getTimestamp("created_at").toInstant().toEpochMilli());
  }
}
