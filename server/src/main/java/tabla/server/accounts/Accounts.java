package tabla.server.accounts;

import com.password4j.Password;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.Refused;

/**
 * Registration, login and sessions. Passwords are hashed with bcrypt through Password4j; a session
 * is a random token in a cookie plus a CSRF token bound to it, both stored in the database.
 */
public final class Accounts {
  public static final Duration SESSION_LIFETIME = Duration.ofDays(30);
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{3,20}");
  public static final int MIN_PASSWORD = 8;
  private static final int MAX_PASSWORD = 200;
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Object REGISTER_LOCK = new Object();

  /** Guest names begin so; registered names may not, so a guest's name never meets a member's. */
  static final String GUEST_PREFIX = "guest-";
  /** Tries for a free guest name: with 2^32 names a second try is already rare. */
  static final int GUEST_NAME_TRIES = 10;
  /** How long a session read from the database is remembered (a ban or logout elsewhere shows within this). */
  public static final java.time.Duration SESSION_MEMORY = SessionCache.LIFETIME;

  private final AccountStore store;
  private final Clock clock;
  private final Supplier<String> guestSuffix;
  private final SessionCache sessions = new SessionCache(com.github.benmanes.caffeine.cache.Ticker.systemTicker());

  public Accounts(Jdbi jdbi, Clock clock) {
    this(jdbi, clock, () -> HexFormat.of().formatHex(bytes(4)));
  }

  /** With the source of guest-name endings (tests give one that repeats, to force collisions). */
  Accounts(Jdbi jdbi, Clock clock, Supplier<String> guestSuffix) {
    this.store = new AccountStore(jdbi);
    this.clock = clock;
    this.guestSuffix = guestSuffix;
  }

  /** A session just opened: its cookie token, its CSRF token and its user. */
  public record Session(String token, String csrf, User user) {}

  public Session register(String name, String password, String lang) {
    if (!NAME.matcher(name).matches()) {
      throw Refused.of(Refused.Kind.INVALID, AccountCode.BAD_NAME, "a name has 3 to 20 letters, digits, '_' or '-'");
    }
    if (name.toLowerCase(java.util.Locale.ROOT).startsWith(GUEST_PREFIX)) {
      throw Refused.of(Refused.Kind.INVALID, AccountCode.GUEST_NAME, "names beginning with '" + GUEST_PREFIX + "' are kept for guests",
          Map.of("prefix", GUEST_PREFIX));
    }
    String hash = hashNew(password);
    String language = Languages.orDefault(lang);
    long id;
    // One registration at a time: the name check and the insert must not interleave, or two racing
    // requests for "bob" and "Bob" both pass the check (the UNIQUE column is case-sensitive) and
    // two for "bob" end in a 500 from the constraint.
    synchronized (REGISTER_LOCK) {
      id = store.insertMember(name, hash, language);
    }
    return open(find(id).orElseThrow());
  }

  /** The bcrypt hash of a new password, after checking its length (registration, change, reset). */
  public static String hashNew(String password) {
    if (password.length() < MIN_PASSWORD) {
      throw Refused.of(Refused.Kind.INVALID, AccountCode.PASSWORD_SHORT, "a password needs at least " + MIN_PASSWORD + " characters",
          Map.of("min", MIN_PASSWORD));
    }
    if (password.length() > MAX_PASSWORD) throw Refused.of(Refused.Kind.INVALID, AccountCode.PASSWORD_LONG, "that password is too long");
    return Password.hash(password).withBcrypt().getResult();
  }

  /** The refusal of a name that no account has (404), for every concern that looks a player up by name. */
  public static Refused noPlayer(String name) {
    return Refused.of(Refused.Kind.NOT_FOUND, AccountCode.NO_PLAYER, "player '" + name + "' not found", Map.of("name", name));
  }

  /** Whether {@code password} is the one behind {@code hash} (false for a missing hash or an overlong try). */
  public static boolean matches(String password, String hash) {
    return hash != null && password.length() <= MAX_PASSWORD && Password.check(password, hash).withBcrypt();
  }

  /**
   * Checks the password; an unknown name and a wrong password get the same answer. A banned account is
   * told so (403) only after its right password, so the answer says nothing to a guesser.
   */
  public Optional<Session> login(String name, String password) {
    Optional<AccountStore.Credentials> row = store.credentials(name);
    if (row.isEmpty() || !matches(password, row.get().passwordHash())) return Optional.empty();
    if (row.get().banned()) {
      String reason = row.get().banReason();
      if (reason == null || reason.isBlank()) throw Refused.of(Refused.Kind.FORBIDDEN, AccountCode.BANNED, "this account is banned");
      throw Refused.of(Refused.Kind.FORBIDDEN, AccountCode.BANNED_REASON, "this account is banned: " + reason, Map.of("reason", reason));
    }
    return Optional.of(open(find(row.get().id()).orElseThrow()));
  }

  /**
   * A guest account, named guest-XXXXXXXX, to play the computer without registering. The name is random; when
   * the database says it is taken (the UNIQUE column decides, so racing requests cannot both get it), another.
   */
  public Session guest(String lang) {
    String language = Languages.orDefault(lang);
    for (int attempt = 1; ; attempt++) {
      String name = GUEST_PREFIX + guestSuffix.get();
      Optional<Long> id = store.insertGuest(name, language);
      if (id.isPresent()) return open(find(id.get()).orElseThrow());
      if (attempt == GUEST_NAME_TRIES) throw new IllegalStateException("no free guest name in " + attempt + " tries");
    }
  }

  private Session open(User user) {
    String token = HexFormat.of().formatHex(bytes(32));
    String csrf = HexFormat.of().formatHex(bytes(32));
    store.insertSession(token, user.id(), csrf, clock.instant().plus(SESSION_LIFETIME));
    return new Session(token, csrf, user);
  }

  /** The live session for a cookie token, if any (remembered a few seconds: {@link SessionCache}). */
  public Optional<Session> session(String token) {
    if (token == null || token.length() != 64) return Optional.empty();
    return sessions.get(token, t -> store.session(t, clock.instant()));
  }

  public void setLanguage(long userId, String lang) {
    store.setLanguage(userId, lang);
    sessions.forgetUser(userId);
  }

  public void logout(String token) {
    store.deleteSession(token);
    sessions.forget(token);
  }

  /**
   * Call after a user's sessions were deleted or the user changed (ban, password change or reset, deletion): this
   * node stops honouring the remembered ones at once.
   */
  public void sessionsChanged(long userId) {
    sessions.forgetUser(userId);
  }

  public Optional<User> find(long id) {
    return store.find(id);
  }

  public Optional<User> findByName(String name) {
    return store.findByName(name);
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }
}
