package tabla.server.kernel.http;

import java.time.Duration;
import java.util.Map;
import tabla.server.kernel.http.RateLimiter.Limit;

/**
 * How many attempts one client address gets. Failed logins are counted twice: per address (whatever the
 * account) and per address and account; never per account alone, so a guesser elsewhere cannot lock the
 * owner out. Creation limits (accounts, guests, games, seeks) can be turned off with TABLA_RATE_LIMITS=off
 * for a load test that plays thousands of games from one machine.
 */
public record RateLimits(Limit loginFailuresPerAddress, Limit loginFailuresPerAccount, Limit registrations,
    Limit guests, Limit games, Limit seeks) {

  public static final String ENV = "TABLA_RATE_LIMITS";

  public static RateLimits defaults() {
    return new RateLimits(
        new Limit(20, Duration.ofMinutes(10)),
        new Limit(5, Duration.ofMinutes(5)),
        new Limit(5, Duration.ofHours(1)),
        new Limit(20, Duration.ofHours(1)),
        new Limit(30, Duration.ofMinutes(10)),
        new Limit(20, Duration.ofMinutes(10)));
  }

  /** The login limits stay: they protect passwords, not capacity. */
  public RateLimits withoutCreationLimits() {
    return new RateLimits(loginFailuresPerAddress, loginFailuresPerAccount, Limit.OFF, Limit.OFF, Limit.OFF, Limit.OFF);
  }

  /** TABLA_RATE_LIMITS: "on" (default) or "off" (no creation limits). */
  public static RateLimits fromEnv(Map<String, String> env) {
    String v = env.getOrDefault(ENV, "on").trim();
    return switch (v) {
      case "", "on" -> defaults();
      case "off" -> defaults().withoutCreationLimits();
      default -> throw new IllegalArgumentException(ENV + " must be 'on' or 'off', not '" + v + "'");
    };
  }
}
