package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.Refused;

/** The reset links' bounds, on a clock the test moves: one hour of life, one mail per five minutes. */
class PasswordResetsTest {
  private static final String PW = "long enough password";

  /** A clock the test moves. */
  private static final class Moved extends Clock {
    Instant now = Instant.parse("2026-11-25T12:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneOffset getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(java.time.ZoneId zone) {
      return this;
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aLinkExpiresAfterAnHour_andAnAccountGetsOneMailPerFiveMinutes(TestDb testDb) {
    ServerConfig c = testDb.freshConfig(TestServers.DICE_SEED);
    try (Database db = Database.open(c)) {
      Moved clock = new Moved();
      Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
      PasswordResets resets = new PasswordResets(db.jdbi(), clock);
      long id = accounts.register("forgetful", PW, "en").user().id();
      assertThat(resets.request("forgetful")).as("no address yet: no link").isEmpty();
      resets.setEmail(id, PW, "f@tabla.example");

      PasswordResets.Link first = resets.request("forgetful").orElseThrow();
      assertThat(first.email()).isEqualTo("f@tabla.example");
      clock.now = clock.now.plus(Duration.ofMinutes(4));
      assertThat(resets.request("forgetful")).as("4 minutes later").isEmpty();
      clock.now = clock.now.plus(Duration.ofMinutes(2));
      PasswordResets.Link second = resets.request("FORGETFUL").orElseThrow();
      assertThatThrownBy(() -> resets.reset(first.token(), "new password 1")).as("the newer link replaced it")
          .isInstanceOf(Refused.class);

      clock.now = clock.now.plus(PasswordResets.LIFETIME).plusSeconds(1);
      assertThatThrownBy(() -> resets.reset(second.token(), "new password 2")).as("expired")
          .isInstanceOf(Refused.class).hasMessageContaining("expired");
      assertThat(accounts.login("forgetful", PW)).as("the password is unchanged").isPresent();

      PasswordResets.Link third = resets.request("forgetful").orElseThrow();
      assertThat(resets.reset(third.token(), "new password 3")).isEqualTo("forgetful");
      assertThat(accounts.login("forgetful", "new password 3")).isPresent();
      int left = db.jdbi().withHandle(h -> h.createQuery("SELECT COUNT(*) FROM password_resets").mapTo(Integer.class).one());
      assertThat(left).as("used and expired links are gone").isZero();
    }
  }
}
