package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.jdbi.v3.core.Jdbi;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.kernel.Database;
import tabla.server.TestDb;
import tabla.server.accounts.Accounts;
import tabla.server.lobby.SeekStore;

class HousekeepingTest {

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void expiredSessionsAndUnusableGuestsGoWhileGuestsWithGamesStay(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      Jdbi jdbi = db.jdbi();
      Accounts accounts = new Accounts(jdbi, java.time.Clock.systemUTC());
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
      assertThat(new Housekeeping(jdbi, Clock.fixed(now, ZoneOffset.UTC)).run()).isEqualTo(new Housekeeping.Purged(0, 0, 0));
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void seeksPastTheirLifetimeGoWhateverBecameOfThemAndYoungerOnesStay(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      Jdbi jdbi = db.jdbi();
      long u = new Accounts(jdbi, java.time.Clock.systemUTC()).register("seeker", "long enough password", "en").user().id();
      Instant now = Instant.now();
      Duration minute = Duration.ofMinutes(1);
      long oldLive = seek(jdbi, u, "live", "open", now.minus(SeekStore.LIVE_LIFETIME).minus(minute));
      long oldTaken = seek(jdbi, u, "live", "accepted", now.minus(SeekStore.LIVE_LIFETIME).minus(minute));
      long oldPost = seek(jdbi, u, "correspondence", "cancelled", now.minus(SeekStore.CORRESPONDENCE_LIFETIME).minus(minute));
      long youngLive = seek(jdbi, u, "live", "open", now.minus(SeekStore.LIVE_LIFETIME).plus(minute));
      // a day old: a live seek that age is gone, a correspondence one still open
      long youngPost = seek(jdbi, u, "correspondence", "open", now.minus(Duration.ofDays(1)));

      Housekeeping.Purged p = new Housekeeping(jdbi, Clock.fixed(now, ZoneOffset.UTC)).run();

      assertThat(p.seeks()).isEqualTo(3);
      List<Long> left = jdbi.withHandle(h -> h.createQuery("SELECT id FROM seeks ORDER BY id").mapTo(Long.class).list());
      assertThat(left).containsExactly(youngLive, youngPost).doesNotContain(oldLive, oldTaken, oldPost);
    }
  }

  private static long seek(Jdbi jdbi, long creator, String mode, String status, Instant created) {
    return jdbi.withHandle(h -> h.createUpdate("INSERT INTO seeks(creator, rules, mode, status, created_at) "
            + "VALUES (:c, '{}', :m, :s, :t)")
        .bind("c", creator).bind("m", mode).bind("s", status).bind("t", Timestamp.from(created))
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
  }
}
