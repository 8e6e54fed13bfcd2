package tabla.server.accounts;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Refused;

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

  private final PasswordResetStore store;
  private final AccountStore accounts;
  private final Clock clock;

  public PasswordResets(Jdbi jdbi, Clock clock) {
    this.store = new PasswordResetStore(jdbi);
    this.accounts = new AccountStore(jdbi);
    this.clock = clock;
  }

  /** A link to mail: to whom, the account's name and language, and the token the link carries. */
  public record Link(String email, String name, String lang, String token) {}

  /** Sets (or, with an empty address, removes) the account's e-mail address after checking its password. */
  public void setEmail(long userId, String password, String email) {
    AccountChanges.checkPassword(accounts, userId, password);
    String e = email.trim();
    if (e.length() > MAX_EMAIL) throw Refused.of(Refused.Kind.INVALID, AccountCode.EMAIL_LONG, "that address is too long");
    if (!e.isEmpty() && !EMAIL.matcher(e).matches()) throw Refused.of(Refused.Kind.INVALID, AccountCode.EMAIL_INVALID, "that is not an e-mail address");
    String refused = tabla.server.kernel.TextRule.refusal(e, "an e-mail address");
    if (refused != null) throw Refused.of(Refused.Kind.INVALID, AccountCode.EMAIL_TEXT, refused);
    // nor the invisible formatting marks (U+200E, U+200F, …) or emoji: a mail server takes neither in an address
    if (e.codePoints().anyMatch(c -> Character.getType(c) == Character.FORMAT || Character.getType(c) == Character.OTHER_SYMBOL)) {
      throw Refused.of(Refused.Kind.INVALID, AccountCode.EMAIL_MARKS, "an e-mail address holds letters, digits and punctuation, not marks or symbols");
    }
    store.setEmail(userId, e.isEmpty() ? null : e);
  }

  public Optional<String> email(long userId) {
    return store.email(userId);
  }

  /**
   * A new link for the account named {@code name} (or with that address), when it has an address and was not sent
   * one in the last {@link #RESEND_AFTER}; else empty. The caller answers the same either way.
   */
  public Optional<Link> request(String nameOrEmail) {
    String key = nameOrEmail.trim();
    if (key.isEmpty() || key.length() > MAX_EMAIL) return Optional.empty();
    String token = HexFormat.of().formatHex(bytes(32));
    return store.issue(key, sha256(token), clock.instant(), LIFETIME, RESEND_AFTER)
        .map(o -> new Link(o.email(), o.name(), o.lang(), token));
  }

  /**
   * Sets the new password through a link's token, once: the link then stops working, and every session ends. The
   * token is looked up first: a wrong one costs a SHA-256 and a query, never a bcrypt (issue 30: 27 bcrypt a second
   * from strangers' made-up tokens slowed every login); a too-short password leaves a good link working.
   */
  public String reset(String token, String newPassword) {
    String tokenHash = sha256(token);
    Instant now = clock.instant();
    if (store.live(tokenHash, now).isEmpty()) throw invalidLink();
    String hash = Accounts.hashNew(newPassword);
    Optional<Long> user = store.redeem(tokenHash, now, hash);
    if (user.isEmpty()) throw invalidLink();
    LoggerFactory.getLogger("tabla.security").info("password reset through a mailed link for user {}", user.get());
    return store.name(user.get());
  }

  private static Refused invalidLink() {
    return Refused.of(Refused.Kind.INVALID, AccountCode.RESET_LINK, "this link is not valid: it was used already, or it expired");
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
