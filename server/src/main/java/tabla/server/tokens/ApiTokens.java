package tabla.server.tokens;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import tabla.server.accounts.BearerTokens;
import tabla.server.accounts.User;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.http.RateLimiter;

/**
 * Personal API tokens: created with a name and scopes (the secret is returned once and never stored), listed without
 * secrets, revoked; and the account behind a bearer secret, for the auth hook.
 *
 * <p>Only the SHA-256 of a secret is stored. A slow password hash (bcrypt) is for secrets people choose, which can be
 * guessed from a dictionary; a token secret is 256 random bits, so no guess list exists and a fast hash is as safe,
 * while bcrypt would cost ~50 ms of CPU on every API call and could not be looked up by an index. Nothing is cached:
 * each bearer request reads its row by the indexed hash, so a revoked token is refused at once, on every node.
 */
public final class ApiTokens implements BearerTokens {
  /** Secrets begin so: a leaked one is recognisable (secret scanners, logs) and never mistaken for a session. */
  public static final String PREFIX = "tabla_";
  /** Tokens an account may hold at once. */
  public static final int MAX_PER_ACCOUNT = 20;
  public static final int MAX_NAME = 40;
  /** Requests one token may make per minute (kept in this node's memory: a bound, not an exact count). */
  public static final RateLimiter.Limit PER_TOKEN = new RateLimiter.Limit(600, Duration.ofMinutes(1));
  private static final int SECRET_BYTES = 32;
  private static final SecureRandom RANDOM = new SecureRandom();

  private final ApiTokenStore store;
  private final Clock clock;
  private final RateLimiter perToken;

  public ApiTokens(ApiTokenStore store, Clock clock) {
    this(store, clock, PER_TOKEN);
  }

  ApiTokens(ApiTokenStore store, Clock clock, RateLimiter.Limit perToken) {
    this.store = store;
    this.clock = clock;
    this.perToken = new RateLimiter("requests with this token", perToken, clock);
  }

  /** A token just made: shown with its secret this once. */
  public record Created(ApiToken token, String secret) {}

  public Created create(User owner, String name, List<String> scopeWords) {
    if (owner.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, TokenCode.GUEST, "guests cannot hold API tokens: register first");
    String n = name == null ? "" : name.strip();
    if (n.isEmpty() || n.length() > MAX_NAME || n.chars().anyMatch(Character::isISOControl)) {
      throw Refused.of(Refused.Kind.INVALID, TokenCode.NAME_LENGTH, "a token's name has 1 to " + MAX_NAME + " characters",
          java.util.Map.of("max", MAX_NAME));
    }
    Set<Scope> scopes = EnumSet.noneOf(Scope.class);
    for (String w : scopeWords) scopes.add(Scope.of(w));
    if (scopes.isEmpty()) throw Refused.of(Refused.Kind.INVALID, TokenCode.NO_SCOPE, "a token needs at least one scope: read, play or bot");
    byte[] random = new byte[SECRET_BYTES];
    RANDOM.nextBytes(random);
    String secret = PREFIX + Base64.getUrlEncoder().withoutPadding().encodeToString(random);
    var now = clock.instant();
    long id = store.insert(owner.id(), n, scopes, hash(secret), now, MAX_PER_ACCOUNT);
    return new Created(new ApiToken(id, n, List.copyOf(scopes), now.toString()), secret);
  }

  public List<ApiToken> list(User owner) {
    return store.list(owner.id());
  }

  /** Revokes the owner's token {@code id}: the next request with it is refused, on every node. */
  public void revoke(User owner, long id) {
    if (!store.delete(owner.id(), id)) throw Refused.of(Refused.Kind.NOT_FOUND, TokenCode.NOT_FOUND, "you have no API token " + id,
        java.util.Map.of("id", id));
  }

  @Override
  public User user(String secret, String method, String path) {
    // a malformed secret is refused before any query (and never repeated back: it may be a real secret mistyped)
    if (!secret.startsWith(PREFIX) || secret.length() > 100) throw unknown();
    ApiTokenStore.Grant g = store.find(hash(secret)).orElseThrow(ApiTokens::unknown);
    String why = Scope.refusal(g.scopes(), method, path);
    if (why != null) throw Refused.forbidden(why);
    String key = Long.toString(g.tokenId());
    long wait = perToken.waitSeconds(key);
    if (wait > 0) {
      throw Refused.tooMany(SiteCode.TOO_MANY, "too many requests with this API token: try again in " + wait + " s", wait);
    }
    perToken.count(key);
    return g.user();
  }

  private static Refused unknown() {
    return new Refused(Refused.Kind.UNAUTHENTICATED, "no such API token (it may have been revoked)");
  }

  static String hash(String secret) {
    try {
      return HexFormat.of().formatHex(
          MessageDigest.getInstance("SHA-256").digest(secret.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
