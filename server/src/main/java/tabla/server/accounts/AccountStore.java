package tabla.server.accounts;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.StatementContext;
import org.jdbi.v3.core.statement.UnableToExecuteStatementException;
import tabla.server.kernel.Refused;

/** All SQL of accounts and their sessions. */
public final class AccountStore {
  private final Jdbi jdbi;

  public AccountStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** What a login checks: the account's id, its password hash, and whether (and why) it is banned. */
  record Credentials(long id, String passwordHash, boolean banned, String banReason) {}

  /** A new member's id; refused when the name is taken in any case (the caller keeps one registration at a time). */
  long insertMember(String name, String hash, String lang) {
    return jdbi.inTransaction(h -> {
      boolean taken = h.createQuery("SELECT COUNT(*) FROM users WHERE LOWER(name) = LOWER(:n)")
          .bind("n", name).mapTo(Integer.class).one() > 0;
      if (taken) throw Refused.of(Refused.Kind.CONFLICT, AccountCode.NAME_TAKEN, "the name '" + name + "' is taken", Map.of("name", name));
      return h.createUpdate("INSERT INTO users(name, password_hash, lang) VALUES (:n, :p, :l)")
          .bind("n", name).bind("p", hash).bind("l", lang)
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    });
  }

  /** A new guest's id, or empty when the name is taken (the UNIQUE column decides, so racing inserts cannot both win). */
  Optional<Long> insertGuest(String name, String lang) {
    try {
      return Optional.of(jdbi.withHandle(h -> h.createUpdate("INSERT INTO users(name, guest, lang) VALUES (:n, TRUE, :l)")
          .bind("n", name).bind("l", lang)
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one()));
    } catch (UnableToExecuteStatementException e) {
      if (isUniqueViolation(e)) return Optional.empty();
      throw e;
    }
  }

  /** SQLSTATE 23505 (unique violation), the same in PostgreSQL and H2. */
  private static boolean isUniqueViolation(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof SQLException s && "23505".equals(s.getSQLState())) return true;
    }
    return false;
  }

  /** The credentials of a member (not a guest, not deleted) by name in any case. */
  Optional<Credentials> credentials(String name) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id, password_hash, banned, ban_reason FROM users "
                + "WHERE LOWER(name) = LOWER(:n) AND guest = FALSE AND deleted = FALSE")
        .bind("n", name)
        .map((rs, c) -> new Credentials(rs.getLong(1), rs.getString(2), rs.getBoolean(3), rs.getString(4))).findOne());
  }

  void insertSession(String token, long userId, String csrf, Instant expires) {
    jdbi.useHandle(h -> h.createUpdate(
            "INSERT INTO sessions(token, user_id, csrf, expires_at) VALUES (:t, :u, :c, :e)")
        .bind("t", token).bind("u", userId).bind("c", csrf).bind("e", Timestamp.from(expires)).execute());
  }

  /** The session of a token, live at {@code now}, of a user not banned. */
  Optional<Accounts.Session> session(String token, Instant now) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT s.csrf, u.id, u.name, u.guest, u.lang, u.rating FROM sessions s JOIN users u ON u.id = s.user_id "
                + "WHERE s.token = :t AND s.expires_at > :now AND u.banned = FALSE")
        .bind("t", token).bind("now", Timestamp.from(now))
        .map((rs, c) -> new Accounts.Session(token, rs.getString(1), new User(rs.getLong(2), rs.getString(3),
            rs.getBoolean(4), rs.getString(5), rs.getDouble(6))))
        .findOne());
  }

  void setLanguage(long userId, String lang) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET lang = :l WHERE id = :u").bind("l", lang).bind("u", userId).execute());
  }

  void deleteSession(String token) {
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM sessions WHERE token = :t").bind("t", token).execute());
  }

  /** The password hash of an account not deleted: empty for a guest (none) or no such account. */
  Optional<String> passwordHash(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT password_hash FROM users WHERE id = :id AND deleted = FALSE")
        .bind("id", userId).mapTo(String.class).findOne());
  }

  /** Sets the password hash and ends every session of the account but {@code keepToken} (null: every one). */
  void setPassword(long userId, String hash, String keepToken) {
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", hash).bind("id", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id AND token <> :t").bind("id", userId)
          .bind("t", keepToken == null ? "" : keepToken).execute();
    });
  }

  int gamesInProgress(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM games WHERE status <> 'finished' "
            + "AND (player0 = :u OR player1 = :u)").bind("u", userId).mapTo(Integer.class).one());
  }

  /** Deletes the account: its open seeks are cancelled, its sessions end, it keeps only the name {@code anonymous}. */
  void delete(long userId, String anonymous) {
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE seeks SET status = 'cancelled' WHERE status = 'open' AND (creator = :u OR invitee = :u)")
          .bind("u", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :u").bind("u", userId).execute();
      h.createUpdate("UPDATE users SET name = :n, password_hash = NULL, deleted = TRUE, role = 'player' WHERE id = :u")
          .bind("n", anonymous).bind("u", userId).execute();
    });
  }

  Optional<User> find(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id, name, guest, lang, rating FROM users WHERE id = :id")
        .bind("id", id).map(AccountStore::user).findOne());
  }

  Optional<User> findByName(String name) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id, name, guest, lang, rating FROM users WHERE LOWER(name) = LOWER(:n)")
        .bind("n", name).map(AccountStore::user).findOne());
  }

  private static User user(ResultSet rs, StatementContext c) throws SQLException {
    return new User(rs.getLong("id"), rs.getString("name"), rs.getBoolean("guest"), rs.getString("lang"),
        rs.getDouble("rating"));
  }
}
