package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.Database;
import tabla.server.TestDb;
import tabla.server.accounts.Accounts;

class HousekeepingTest {

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void expiredSessionsAndUnusableGuestsGoWhileGuestsWithGamesStay(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      Jdbi jdbi = db.jdbi();
      Accounts accounts = new Accounts(jdbi);
      Accounts.Session live = accounts.register("keeper", "long enough password", "en");
      Accounts.Session oldGuest = accounts.guest("en");
      Accounts.Session playingGuest = accounts.guest("en");
      Accounts.Session freshGuest = accounts.guest("en");
      Instant now = Instant.now();
      // Both old guests' sessions have expired; the fresh guest's too, but it is within the grace hour.
      jdbi.useHandle(h -> {
        h.createUpdate("UPDATE sessions SET expires_at = :t WHERE user_id IN (:a, :b, :c)")
            .bind("t", Timestamp.from(now.minusSeconds(60))).bind("a", oldGuest.user().id())
            .bind("b", playingGuest.user().id()).bind("c", freshGuest.user().id()).execute();
        h.createUpdate("UPDATE users SET created_at = :t WHERE id IN (:a, :b)")
            .bind("t", Timestamp.from(now.minus(Duration.ofDays(40)))).bind("a", oldGuest.user().id())
            .bind("b", playingGuest.user().id()).execute();
        h.createUpdate("INSERT INTO games(rules, mode, player0, bot_level, bot_seat, status) "
            + "VALUES ('{}', 'live', :u, 'strong', 1, 'finished')").bind("u", playingGuest.user().id()).execute();
      });

      Housekeeping.Purged p = new Housekeeping(jdbi, Clock.fixed(now, ZoneOffset.UTC)).run();

      assertThat(p.sessions()).isEqualTo(3);
      assertThat(p.guests()).isEqualTo(1);
      assertThat(accounts.find(oldGuest.user().id())).isEmpty();
      assertThat(accounts.find(playingGuest.user().id())).as("a guest named by a game stays").isPresent();
      assertThat(accounts.find(freshGuest.user().id())).as("within the grace hour").isPresent();
      assertThat(accounts.session(live.token())).isPresent();
      assertThat(new Housekeeping(jdbi, Clock.fixed(now, ZoneOffset.UTC)).run()).isEqualTo(new Housekeeping.Purged(0, 0));
    }
  }
}
