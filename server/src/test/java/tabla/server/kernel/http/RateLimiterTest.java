package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.http.RateLimiter.Limit;

public class RateLimiterTest { // public: its TestClock serves other packages' tests
  /** A clock the test moves. */
  public static final class TestClock extends Clock {
    long millis = 1_000_000;

    @Override
    public long millis() {
      return millis;
    }

    @Override
    public Instant instant() {
      return Instant.ofEpochMilli(millis);
    }

    @Override
    public java.time.ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }

    public void advance(Duration d) {
      millis += d.toMillis();
    }
  }

  private final TestClock clock = new TestClock();

  @Test
  void theEventBeyondTheLimitIsRefusedWithTheSecondsUntilTheOldestLeavesTheWindow() {
    RateLimiter l = new RateLimiter("new games", new Limit(3, Duration.ofMinutes(1)), clock);
    for (int i = 0; i < 3; i++) {
      l.take("198.51.100.1");
      clock.advance(Duration.ofSeconds(10));
    }
    assertThatThrownBy(() -> l.take("198.51.100.1")).isInstanceOfSatisfying(ApiError.class, e -> {
      assertThat(e.status()).isEqualTo(429);
      assertThat(e.retryAfterSeconds()).isEqualTo(30); // the first was 30 s ago... then 60 s old
      assertThat(e.getMessage()).isEqualTo("too many new games from your address: try again in 30 s");
    });
    l.take("198.51.100.2"); // another address is not affected
    clock.advance(Duration.ofSeconds(30));
    l.take("198.51.100.1"); // the oldest left the window
    assertThat(l.waitSeconds("198.51.100.1")).isEqualTo(10);
  }

  @Test
  void memoryIsBoundedWhateverTheKeys() {
    RateLimiter l = new RateLimiter("failed logins", new Limit(5, Duration.ofMinutes(5)), 1000, clock);
    String huge = "x".repeat(65_000);
    for (int i = 0; i < 50_000; i++) l.count(i + huge);
    assertThat(l.size()).isEqualTo(1000);
    assertThat(l.longestKey()).isEqualTo(RateLimiter.MAX_KEY_CHARS);
    // the most recent keys are the ones kept
    assertThat(l.waitSeconds(49_999 + huge)).isZero();
    for (int i = 0; i < 4; i++) l.count(49_999 + huge);
    assertThat(l.waitSeconds(49_999 + huge)).isPositive();
  }

  @Test
  void keysWhoseWindowPassedAreDroppedFirst() {
    RateLimiter l = new RateLimiter("new seeks", new Limit(2, Duration.ofMinutes(1)), 100, clock);
    for (int i = 0; i < 100; i++) l.count("old" + i);
    clock.advance(Duration.ofMinutes(2));
    l.count("new");
    assertThat(l.size()).as("the expired keys went as soon as another was counted").isEqualTo(1);
  }

  @Test
  void offCountsNothing() {
    RateLimiter l = new RateLimiter("guest accounts", Limit.OFF, clock);
    for (int i = 0; i < 1000; i++) l.take("198.51.100.1");
    assertThat(l.size()).isZero();
  }

  @Test
  void theHostTurnsTheCreationLimitsOffButNeverTheLoginLimits() {
    assertThat(RateLimits.fromEnv(java.util.Map.of())).isEqualTo(RateLimits.defaults());
    RateLimits off = RateLimits.fromEnv(java.util.Map.of(RateLimits.ENV, "off"));
    assertThat(List.of(off.registrations(), off.guests(), off.games(), off.seeks())).allMatch(Limit::off);
    assertThat(off.loginFailuresPerAccount()).isEqualTo(RateLimits.defaults().loginFailuresPerAccount());
    assertThatThrownBy(() -> RateLimits.fromEnv(java.util.Map.of(RateLimits.ENV, "maybe")))
        .hasMessage("TABLA_RATE_LIMITS must be 'on' or 'off', not 'maybe'");
  }
}
