package tabla.server.accounts;

import com.password4j.Password;
import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.http.ApiError;

/**
 * Registration, login and sessions. Passwords are hashed with bcrypt through Password4j; a session
 * is a random token in a cookie plus a CSRF token bound to it, both stored in the database.
 */
public final class Accounts {
  public static final Duration SESSION_LIFETIME = Duration.ofDays(30);
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{3,20}");
  private static final int MIN_PASSWORD = 8;
  private static final int MAX_PASSWORD = 200;
  private static final SecureRandom RANDOM = new SecureRandom();
  private static final Object REGISTER_LOCK = new Object();

  /** Guest names begin so; registered names may not, so a guest's name never meets a member's. */
  static final String GUEST_PREFIX = "guest-";
  /** Tries for a free guest name: with 2^32 names a second try is already rare. */
  static final int GUEST_NAME_TRIES = 10;
  /** How long a session read from the database is remembered (a ban or logout elsewhere shows within this). */
  public static final java.time.Duration SESSION_MEMORY = SessionCache.LIFETIME;

  private final Jdbi jdbi;
  private final Supplier<String> guestSuffix;
  private final SessionCache sessions = new SessionCache(com.github.benmanes.caffeine.cache.Ticker.systemTicker());

  public Accounts(Jdbi jdbi) {
    this(jdbi, () -> HexFormat.of().formatHex(bytes(4)));
  }

  /** With the source of guest-name endings (tests give one that repeats, to force collisions). */
  Accounts(Jdbi jdbi, Supplier<String> guestSuffix) {
    this.jdbi = jdbi;
    this.guestSuffix = guestSuffix;
  }

  /** A session just opened: its cookie token, its CSRF token and its user. */
  public record Session(String token, String csrf, User user) {}

  public Session register(String name, String password, String lang) {
    if (!NAME.matcher(name).matches()) {
      throw ApiError.badRequest("a name has 3 to 20 letters, digits, '_' or '-'");
    }
    if (name.toLowerCase(java.util.Locale.ROOT).startsWith(GUEST_PREFIX)) {
      throw ApiError.badRequest("names beginning with '" + GUEST_PREFIX + "' are kept for guests");
    }
    String hash = hashNew(password);
    String language = Languages.orDefault(lang);
    long id;
    // One registration at a time: the name check and the insert must not interleave, or two racing
    // requests for "bob" and "Bob" both pass the check (the UNIQUE column is case-sensitive) and
    // two for "bob" end in a 500 from the constraint.
    synchronized (REGISTER_LOCK) {
      id = jdbi.inTransaction(h -> {
        boolean taken = h.createQuery("SELECT COUNT(*) FROM users WHERE LOWER(name) = LOWER(:n)")
            .bind("n", name).mapTo(Integer.class).one() > 0;
        if (taken) throw new ApiError(409, "the name '" + name + "' is taken");
        return h.createUpdate("INSERT INTO users(name, password_hash, lang) VALUES (:n, :p, :l)")
            .bind("n", name).bind("p", hash).bind("l", language)
            .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
      });
    }
    return open(find(id).orElseThrow());
  }

  /** The bcrypt hash of a new password, after checking its length (registration, change, reset). */
  public static String hashNew(String password) {
    if (password.length() < MIN_PASSWORD) throw ApiError.badRequest("a password needs at least 8 characters");
    if (password.length() > MAX_PASSWORD) throw ApiError.badRequest("that password is too long");
    return Password.hash(password).withBcrypt().getResult();
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
    Optional<String[]> row = jdbi.withHandle(h -> h.createQuery(
            "SELECT id, password_hash, banned, ban_reason FROM users "
                + "WHERE LOWER(name) = LOWER(:n) AND guest = FALSE AND deleted = FALSE")
        .bind("n", name).map((rs, c) -> new String[] {rs.getString(1), rs.getString(2),
            String.valueOf(rs.getBoolean(3)), rs.getString(4)}).findOne());
    if (row.isEmpty() || !matches(password, row.get()[1])) return Optional.empty();
    if (Boolean.parseBoolean(row.get()[2])) {
      String reason = row.get()[3];
      throw ApiError.forbidden("this account is banned" + (reason == null || reason.isBlank() ? "" : ": " + reason));
    }
    return Optional.of(open(find(Long.parseLong(row.get()[0])).orElseThrow()));
  }

  /**
   * A guest account, named guest-XXXXXXXX, to play the computer without registering. The name is random; when
   * the database says it is taken (the UNIQUE column decides, so racing requests cannot both get it), another.
   */
  public Session guest(String lang) {
    String language = Languages.orDefault(lang);
    for (int attempt = 1; ; attempt++) {
      String name = GUEST_PREFIX + guestSuffix.get();
      try {
        long id = jdbi.withHandle(h -> h.createUpdate("INSERT INTO users(name, guest, lang) VALUES (:n, TRUE, :l)")
            .bind("n", name).bind("l", language)
            .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
        return open(find(id).orElseThrow());
      } catch (org.jdbi.v3.core.statement.UnableToExecuteStatementException e) {
        if (!isUniqueViolation(e) || attempt == GUEST_NAME_TRIES) throw e;
      }
    }
  }

  /** SQLSTATE 23505 (unique violation), the same in PostgreSQL and H2. */
  private static boolean isUniqueViolation(Throwable e) {
    for (Throwable c = e; c != null; c = c.getCause()) {
      if (c instanceof java.sql.SQLException s && "23505".equals(s.getSQLState())) return true;
    }
    return false;
  }

  private Session open(User user) {
    String token = HexFormat.of().formatHex(bytes(32));
    String csrf = HexFormat.of().formatHex(bytes(32));
    jdbi.useHandle(h -> h.createUpdate(
            "INSERT INTO sessions(token, user_id, csrf, expires_at) VALUES (:t, :u, :c, :e)")
        .bind("t", token).bind("u", user.id()).bind("c", csrf)
        .bind("e", Timestamp.from(Instant.now().plus(SESSION_LIFETIME))).execute());
    return new Session(token, csrf, user);
  }

  /** The live session for a cookie token, if any (remembered a few seconds: {@link SessionCache}). */
  public Optional<Session> session(String token) {
    if (token == null || token.length() != 64) return Optional.empty();
    return sessions.get(token, this::readSession);
  }

  private Optional<Session> readSession(String token) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT s.csrf, u.id, u.name, u.guest, u.lang, u.rating FROM sessions s JOIN users u ON u.id = s.user_id "
                + "WHERE s.token = :t AND s.expires_at > :now AND u.banned = FALSE")
        .bind("t", token).bind("now", Timestamp.from(Instant.now()))
        .map((rs, c) -> new Session(token, rs.getString(1), new User(rs.getLong(2), rs.getString(3),
            rs.getBoolean(4), rs.getString(5), rs.getDouble(6))))
        .findOne());
  }

  public void setLanguage(long userId, String lang) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET lang = :l WHERE id = :u").bind("l", lang).bind("u", userId).execute());
    sessions.forgetUser(userId);
  }

  public void logout(String token) {
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM sessions WHERE token = :t").bind("t", token).execute());
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
    return jdbi.withHandle(h -> h.createQuery("SELECT id, name, guest, lang, rating FROM users WHERE id = :id")
        .bind("id", id).map(Accounts::user).findOne());
  }

  public Optional<User> findByName(String name) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id, name, guest, lang, rating FROM users WHERE LOWER(name) = LOWER(:n)")
        .bind("n", name).map(Accounts::user).findOne());
  }

  private static User user(java.sql.ResultSet rs, org.jdbi.v3.core.statement.StatementContext c)
      throws java.sql.SQLException {
    return new User(rs.getLong("id"), rs.getString("name"), rs.getBoolean("guest"), rs.getString("lang"),
        rs.getDouble("rating"));
  }

  private static byte[] bytes(int n) {
    byte[] b = new byte[n];
    RANDOM.nextBytes(b);
    return b;
  }
}
