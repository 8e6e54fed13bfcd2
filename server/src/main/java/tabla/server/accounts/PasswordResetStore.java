package tabla.server.accounts;

import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** The SQL of e-mail addresses and password-reset links (only a link's SHA-256 is stored). */
public final class PasswordResetStore {
  private final Jdbi jdbi;

  public PasswordResetStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** The account a link is mailed to. */
  record Owner(long id, String name, String lang, String email) {}

  void setEmail(long userId, String email) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET email = :e WHERE id = :u").bind("e", email).bind("u", userId)
        .execute());
  }

  Optional<String> email(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT email FROM users WHERE id = :u").bind("u", userId)
        .mapTo(String.class).findOne());
  }

  /**
   * Stores a new link (its hash {@code tokenHash}, live for {@code lifetime}) for the live account named {@code key}
   * or with that address, replacing its old one and dropping expired ones: unless it has no address or was sent one
   * since {@code now - resendAfter}. The owner when stored, else empty.
   */
  Optional<Owner> issue(String key, String tokenHash, Instant now, Duration lifetime, Duration resendAfter) {
    return jdbi.inTransaction(h -> {
      Optional<Owner> found = h.createQuery("SELECT id, name, lang, email FROM users WHERE deleted = FALSE "
              + "AND guest = FALSE AND banned = FALSE AND email IS NOT NULL "
              + "AND (LOWER(name) = LOWER(:k) OR LOWER(email) = LOWER(:k)) ORDER BY id")
          .bind("k", key)
          .map((rs, c) -> new Owner(rs.getLong("id"), rs.getString("name"), rs.getString("lang"), rs.getString("email")))
          .findFirst();
      if (found.isEmpty()) return Optional.<Owner>empty();
      long user = found.get().id();
      boolean recent = h.createQuery("SELECT COUNT(*) FROM password_resets WHERE user_id = :u AND created_at > :since")
          .bind("u", user).bind("since", Timestamp.from(now.minus(resendAfter))).mapTo(Integer.class).one() > 0;
      if (recent) return Optional.<Owner>empty();
      h.createUpdate("DELETE FROM password_resets WHERE user_id = :u OR expires_at < :now").bind("u", user)
          .bind("now", Timestamp.from(now)).execute();
      h.createUpdate("INSERT INTO password_resets(token_hash, user_id, created_at, expires_at) VALUES (:t, :u, :c, :e)")
          .bind("t", tokenHash).bind("u", user).bind("c", Timestamp.from(now))
          .bind("e", Timestamp.from(now.plus(lifetime))).execute();
      return found;
    });
  }

  /**
   * Uses the link {@code tokenHash} once: it goes whether or not it is still valid (a link never works twice); when
   * live at {@code now}, the account's password becomes {@code passwordHash} and every session ends. Its user, if so.
   */
  Optional<Long> redeem(String tokenHash, Instant now, String passwordHash) {
    return jdbi.inTransaction(h -> {
      Optional<Long> u = h.createQuery("SELECT user_id FROM password_resets WHERE token_hash = :t AND expires_at > :now")
          .bind("t", tokenHash).bind("now", Timestamp.from(now)).mapTo(Long.class).findOne();
      h.createUpdate("DELETE FROM password_resets WHERE token_hash = :t").bind("t", tokenHash).execute();
      u.ifPresent(id -> {
        h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", passwordHash).bind("id", id).execute();
        h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", id).execute();
      });
      return u;
    });
  }

  String name(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT name FROM users WHERE id = :u").bind("u", userId)
        .mapTo(String.class).one());
  }
}
