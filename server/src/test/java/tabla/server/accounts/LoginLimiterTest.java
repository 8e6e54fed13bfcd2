package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.http.RateLimits;

class LoginLimiterTest {
  private final Clock clock = Clock.fixed(Instant.parse("2026-01-01T00:00:00Z"), ZoneOffset.UTC);
  private final RateLimits limits = RateLimits.defaults();
  private final int perAccount = limits.loginFailuresPerAccount().events();
  private final int perAddress = limits.loginFailuresPerAddress().events();

  @Test
  void aGuesserLocksOnlyHimselfOutTheOwnerComesInFromAnotherAddress() {
    LoginLimiter l = new LoginLimiter(limits, clock);
    for (int i = 0; i < perAccount; i++) l.failed("203.0.113.9", "alice");
    assertThat(l.waitSeconds("203.0.113.9", "alice")).as("the guesser waits").isPositive();
    assertThat(l.waitSeconds("203.0.113.9", "ALICE")).as("in any case").isPositive();
    assertThat(l.waitSeconds("198.51.100.1", "alice")).as("the owner elsewhere does not").isZero();
  }

  @Test
  void aSuccessDoesNotResetTheAddressCountOfFailuresOnOtherAccounts() {
    LoginLimiter l = new LoginLimiter(limits, clock);
    for (int i = 0; i < perAddress - 1; i++) l.failed("203.0.113.9", "victim" + i);
    l.succeeded("203.0.113.9", "mallory"); // the guesser logs into his own account between guesses
    l.failed("203.0.113.9", "victim99");
    assertThat(l.waitSeconds("203.0.113.9", "victim10")).as("the address is out of tries").isPositive();
    assertThat(l.waitSeconds("203.0.113.10", "victim10")).isZero();
  }

  @Test
  void hugeNamesAreNotKeptWholeAndKeysAreCapped() {
    LoginLimiter l = new LoginLimiter(limits, 500, clock);
    String name = "n".repeat(65_000);
    for (int i = 0; i < 5_000; i++) l.failed("10.0." + i / 250 + "." + i % 250, name + i);
    // 5,000 names of 65 kB would be 650 MB kept whole; here at most 500 keys per count, each cut short.
    assertThat(l.size()).isLessThanOrEqualTo(1000);
    assertThat(l.longestKey()).isLessThanOrEqualTo(tabla.server.kernel.http.RateLimiter.MAX_KEY_CHARS);
  }
}
