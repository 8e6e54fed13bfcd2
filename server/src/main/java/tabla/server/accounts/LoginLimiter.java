package tabla.server.accounts;

import java.time.Clock;
import java.util.Locale;
import java.util.function.BiFunction;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.http.FailureCount;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.kernel.http.RateLimits;

/**
 * Slows password guessing without locking the owner out. Failures are counted per client address (whatever
 * the account: one address cannot try many accounts) and per address and account (one address cannot try one
 * account many times). Nothing counts per account alone, so the owner with the right password from another
 * address always gets in. A success forgets only that address's failures on that account, never the address's
 * failures on other accounts (else logging into one's own account would reset the count between guesses).
 */
public final class LoginLimiter {
  /** Names are at most this long in the database; a longer one cannot be an account, and is cut. */
  static final int MAX_NAME = 40;
  /** The counts' kinds, as the database's shared counts name them (cluster/SharedLimits). */
  static final String PER_ADDRESS = "failed logins per address";
  static final String PER_ACCOUNT = "failed logins per address and account";
  private final FailureCount perAddress;
  private final FailureCount perAccount;

  /** Counted in this process. */
  public LoginLimiter(RateLimits limits, Clock clock) {
    this(limits, RateLimiter.DEFAULT_MAX_KEYS, clock);
  }

  LoginLimiter(RateLimits limits, int maxKeys, Clock clock) {
    this(limits, (kind, limit) -> new RateLimiter(kind, limit, maxKeys, clock));
  }

  /**
   * Counted where {@code counts} keeps them (a kind and its limit give a count): the database for all the nodes of a
   * cluster, so that a guesser whose requests reach another node (its node restarted, or it went to a node's own
   * port) gets no more tries than from one.
   */
  public LoginLimiter(RateLimits limits, BiFunction<String, RateLimiter.Limit, FailureCount> counts) {
    perAddress = counts.apply(PER_ADDRESS, limits.loginFailuresPerAddress());
    perAccount = counts.apply(PER_ACCOUNT, limits.loginFailuresPerAccount());
  }

  /** Seconds to wait before this address may try this name again, or 0 when it may now. */
  public long waitSeconds(String address, String name) {
    return Math.max(perAddress.waitSeconds(address), perAccount.waitSeconds(key(address, name)));
  }

  public void failed(String address, String name) {
    perAddress.count(address);
    perAccount.count(key(address, name));
  }

  public void succeeded(String address, String name) {
    perAccount.forget(key(address, name));
  }

  /** The refusal (too many: 429 over HTTP) for a wait of {@code seconds}. */
  public Refused refusal(long seconds) {
    return Refused.tooMany(SiteCode.TOO_MANY, RateLimiter.sentence("failed logins", seconds), seconds);
  }

  /** Keys held, both counts together (for tests of the bound). */
  int size() {
    return ((RateLimiter) perAddress).size() + ((RateLimiter) perAccount).size();
  }

  /** The longest key held (for tests of the bound). */
  int longestKey() {
    return Math.max(((RateLimiter) perAddress).longestKey(), ((RateLimiter) perAccount).longestKey());
  }

  private static String key(String address, String name) {
    String n = name.length() > MAX_NAME ? name.substring(0, MAX_NAME) : name;
    return address + " " + n.toLowerCase(Locale.ROOT);
  }
}
