package tabla.server.admin;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** The SQL of moderation: roles, bans, passwords set by an admin, and invitation codes. */
public final class ModerationStore {
  private static final String MEMBER = "SELECT id, name, role, banned, ban_reason, guest FROM users ";

  private final Jdbi jdbi;

  public ModerationStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** The name and the stored role word of a user. */
  Optional<String[]> nameAndRole(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT name, role FROM users WHERE id = :id").bind("id", userId)
        .map((rs, c) -> new String[] {rs.getString(1), rs.getString(2)}).findOne());
  }

  /** An account not deleted, by name in any case, with its role as stored. */
  Optional<Moderation.Member> member(String name) {
    return jdbi.withHandle(h -> h.createQuery(MEMBER + "WHERE LOWER(name) = LOWER(:n) AND deleted = FALSE")
        .bind("n", name).map((rs, c) -> new Moderation.Member(rs.getLong(1), rs.getString(2), rs.getString(3),
            rs.getBoolean(4), rs.getString(5), rs.getBoolean(6)))
        .findOne());
  }

  /** Accounts whose lower-case name is LIKE {@code pattern}, staff and banned first, at most 50. */
  List<Moderation.Member> search(String pattern) {
    return jdbi.withHandle(h -> h.createQuery(MEMBER + "WHERE LOWER(name) LIKE :p ESCAPE '\\' AND deleted = FALSE "
            + "ORDER BY banned DESC, role <> 'player' DESC, LOWER(name) FETCH FIRST 50 ROWS ONLY")
        .bind("p", pattern).map((rs, c) -> new Moderation.Member(rs.getLong(1), rs.getString(2), rs.getString(3),
            rs.getBoolean(4), rs.getString(5), rs.getBoolean(6)))
        .list());
  }

  void setRole(long userId, String role) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET role = :r WHERE id = :id").bind("r", role)
        .bind("id", userId).execute());
  }

  /** Bans the account and ends its sessions. */
  void ban(long userId, String reason) {
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET banned = TRUE, ban_reason = :r WHERE id = :id").bind("r", reason).bind("id", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", userId).execute();
    });
  }

  void unban(long userId) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET banned = FALSE, ban_reason = NULL WHERE id = :id")
        .bind("id", userId).execute());
  }

  /** Sets the password hash and ends every session of the account. */
  void setPassword(long userId, String hash) {
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", hash).bind("id", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", userId).execute();
    });
  }

  void insertInvitation(String code) {
    jdbi.useHandle(h -> h.createUpdate("INSERT INTO invitations(code) VALUES (:c)").bind("c", code).execute());
  }

  /** Marks an unused code used at {@code at}; whether there was one. */
  boolean claimInvitation(String code, Instant at) {
    return jdbi.withHandle(h -> h.createUpdate("UPDATE invitations SET used_at = :t WHERE code = :c AND used_at IS NULL")
        .bind("c", code).bind("t", Timestamp.from(at)).execute()) > 0;
  }

  void releaseInvitation(String code) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE invitations SET used_at = NULL WHERE code = :c AND used_by IS NULL")
        .bind("c", code).execute());
  }

  void invitationUsed(String code, String userName) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE invitations SET used_by = (SELECT id FROM users WHERE name = :n) WHERE code = :c")
        .bind("c", code).bind("n", userName).execute());
  }

  Optional<Long> idOf(String name) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM users WHERE LOWER(name) = LOWER(:n)").bind("n", name)
        .mapTo(Long.class).findOne());
  }
}
