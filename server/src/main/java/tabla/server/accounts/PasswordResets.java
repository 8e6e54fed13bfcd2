package tabla.server.accounts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.ApiError;

/**
 * A player's e-mail address and the "forgot password" links mailed to it. A link's token is 32 random bytes;
 * only its SHA-256 is stored. It works once, for {@link #LIFETIME}. Bounds: an account holds at most one live
 * link (a new one replaces it) and gets at most one mail per {@link #RESEND_AFTER}, so a stranger typing a
 * name cannot flood its owner's mailbox.
 */
public final class PasswordResets {
  public static final Duration LIFETIME = Duration.ofHours(1);
  public static final Duration RESEND_AFTER = Duration.ofMinutes(5);
  public static final int MAX_EMAIL = 254;
  /** Something@something.something without spaces: the mail server judges the rest. */
  private static final Pattern EMAIL = Pattern.compile("[^\\s@]+@[^\\s@]+\\.[^\\s@]+");
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Jdbi jdbi;
  private final Clock clock;

  public PasswordResets(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** A link to mail: to whom, the account's name and language, and the token the link carries. */
  public record Link(String email, String name, String lang, String token) {}

  /** Sets (or, with an empty address, removes) the account's e-mail address after checking its password. */
  public void setEmail(long userId, String password, String email) {
    AccountChanges.checkPassword(jdbi, userId, password);
    String e = email.trim();
    if (e.length() > MAX_EMAIL) throw ApiError.badRequest("that address is too long");
    if (!e.isEmpty() && !EMAIL.matcher(e).matches()) throw ApiError.badRequest("that is not an e-mail address");
    String refused = tabla.server.kernel.TextRule.refusal(e, "an e-mail address");
    if (refused != null) throw ApiError.badRequest(refused);
    // nor the invisible formatting marks (U+200E, U+200F, …) or emoji: a mail server takes neither in an address
    if (e.codePoints().anyMatch(c -> Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.OTHER_SYMBOL)) {
      throw ApiError.badRequest("an e-mail address holds letters, digits and punctuation, not marks or symbols");
    }
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET email = :e WHERE id = :u")
        .bind("e", e.isEmpty() ? null : e).bind("u", userId).execute());
  }

  public Optional<String> email(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT email FROM users WHERE id = :u").bind("u", userId)
        .mapTo(String.class).findOne());
  }

  /**
   * A new link for the account named {@code name} (or with that address), when it has an address and was not sent
   * one in the last {@link #RESEND_AFTER}; else empty. The caller answers the same either way.
   */
  public Optional<Link> request(String nameOrEmail) {
    String key = nameOrEmail.trim();
    if (key.isEmpty() || key.length() > MAX_EMAIL) return Optional.empty();
    Instant now = clock.instant();
    String token = HexFormat.of().formatHex(bytes(32));
    return jdbi.inTransaction(h -> {
      Optional<Owner> found = h.createQuery("SELECT id, name, lang, email FROM users WHERE deleted = FALSE "
              + "AND guest = FALSE AND banned = FALSE AND email IS NOT NULL "
              + "AND (LOWER(name) = LOWER(:k) OR LOWER(email) = LOWER(:k)) ORDER BY id")
          .bind("k", key)
          .map((rs, c) -> new Owner(rs.getLong("id"), rs.getString("name"), rs.getString("lang"), rs.getString("email")))
          .findFirst();
      if (found.isEmpty()) return Optional.<Link>empty();
      long user = found.get().id();
      boolean recent = h.createQuery("SELECT COUNT(*) FROM password_resets WHERE user_id = :u AND created_at > :since")
          .bind("u", user).bind("since", Timestamp.from(now.minus(RESEND_AFTER))).mapTo(Integer.class).one() > 0;
      if (recent) return Optional.<Link>empty();
      h.createUpdate("DELETE FROM password_resets WHERE user_id = :u OR expires_at < :now").bind("u", user)
          .bind("now", Timestamp.from(now)).execute();
      h.createUpdate("INSERT INTO password_resets(token_hash, user_id, created_at, expires_at) VALUES (:t, :u, :c, :e)")
          .bind("t", sha256(token)).bind("u", user).bind("c", Timestamp.from(now))
          .bind("e", Timestamp.from(now.plus(LIFETIME))).execute();
      Owner o = found.get();
      return Optional.of(new Link(o.email(), o.name(), o.lang(), token));
    });
  }

  private record Owner(long id, String name, String lang, String email) {}

  /**
   * Sets the new password through a link's token, once: the link then stops working, and every session ends. The
   * token is looked up first: a wrong one costs a SHA-256 and a query, never a bcrypt (issue 30: 27 bcrypt a second
   * from strangers' made-up tokens slowed every login); a too-short password leaves a good link working.
   */
  public String reset(String token, String newPassword) {
    String tokenHash = sha256(token);
    Instant now = clock.instant();
    Optional<Long> valid = jdbi.withHandle(h -> h.createQuery(
            "SELECT user_id FROM password_resets WHERE token_hash = :t AND expires_at > :now")
        .bind("t", tokenHash).bind("now", Timestamp.from(now)).mapTo(Long.class).findOne());
    if (valid.isEmpty()) {
      // an expired link goes too: a link never works twice
      jdbi.useHandle(h -> h.createUpdate("DELETE FROM password_resets WHERE token_hash = :t").bind("t", tokenHash)
          .execute());
      throw invalidLink();
    }
    String hash = Accounts.hashNew(newPassword);
    boolean done = jdbi.inTransaction(h -> {
      // the link is taken by deleting it: of two racing uses, one deletes it and sets the password
      if (h.createUpdate("DELETE FROM password_resets WHERE token_hash = :t").bind("t", tokenHash).execute() != 1) {
        return false;
      }
      long id = valid.get();
      h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", hash).bind("id", id).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", id).execute();
      return true;
    });
    if (!done) throw invalidLink();
    LoggerFactory.getLogger("tabla.security").info("password reset through a mailed link for user {}", valid.get());
    return jdbi.withHandle(h -> h.createQuery("SELECT name FROM users WHERE id = :u").bind("u", valid.get())
        .mapTo(String.class).one());
  }

  private static ApiError invalidLink() {
    return ApiError.badRequest("this link is not valid: it was used already, or it expired");
  }

  static String sha256(String token) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }
}
