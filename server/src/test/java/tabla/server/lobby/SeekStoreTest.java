package tabla.server.lobby;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.function.ToDoubleFunction;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;
import tabla.server.kernel.Database;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.accounts.Accounts;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Refusals;

/** The seek store: expiry, the per-player cap, and acceptance as one transaction. */
class SeekStoreTest {
  private static final Rules RULES = RulesJson.read(tabla.server.kernel.http.Json.MAPPER.createObjectNode().put("matchLength", 3));

  /** A clock the test moves. */
  private static final class MovingClock extends Clock {
    Instant now = Instant.parse("2026-03-01T12:00:00Z");

    @Override
    public Instant instant() {
      return now;
    }

    @Override
    public ZoneId getZone() {
      return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
      return this;
    }
  }

  /** These seeks ask for no rating range, so the acceptor's rating is never asked. */
  private static final ToDoubleFunction<Rules> NO_RATING = rules -> {
    throw new AssertionError("a seek open to every rating asked for one");
  };
  private final MovingClock clock = new MovingClock();
  private final Database db = Database.open(TestDb.H2.freshConfig(TestServers.DICE_SEED));
  private final SeekStore seeks = new SeekStore(db.jdbi(), new GameStore(db.jdbi(), tabla.server.games.Ownership.SINGLE,
      java.time.Clock.systemUTC()), clock);
  private final Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
  private final long alice = accounts.register("alice", "password 1", null).user().id();
  private final long bob = accounts.register("bob", "password 2", null).user().id();

  @AfterEach
  void close() {
    db.close();
  }

  @Test
  void aLiveSeekExpiresAfterHalfAnHourACorrespondenceOneAfterAWeek() {
    long live = seeks.create(alice, null, RULES, "live", null);
    long slow = seeks.create(alice, null, RULES, "correspondence", null);
    assertThat(seeks.visible(bob, 10, 0)).extracting(SeekStore.Seek::id).containsExactlyInAnyOrder(live, slow);
    assertThat(seeks.visible(bob, 10, 0).get(0).expiresAt())
        .isIn(clock.now.plus(SeekStore.LIVE_LIFETIME).toEpochMilli(), clock.now.plus(SeekStore.CORRESPONDENCE_LIFETIME).toEpochMilli());

    clock.now = clock.now.plus(SeekStore.LIVE_LIFETIME).plusSeconds(1);
    assertThat(seeks.visible(bob, 10, 0)).extracting(SeekStore.Seek::id).containsExactly(slow);
    assertThatThrownBy(() -> seeks.accept(live, bob, NO_RATING)).isInstanceOfSatisfying(Refused.class,
        e -> assertThat(Refusals.status(e.kind())).isEqualTo(404));

    clock.now = clock.now.plus(SeekStore.CORRESPONDENCE_LIFETIME);
    assertThat(seeks.visible(bob, 10, 0)).isEmpty();
  }

  @Test
  void aPlayerHasAtMostFiveOpenSeeks() {
    long first = seeks.create(alice, null, RULES, "live", null);
    for (int i = 1; i < SeekStore.MAX_OPEN_PER_USER; i++) seeks.create(alice, null, RULES, "live", null);
    assertThatThrownBy(() -> seeks.create(alice, null, RULES, "live", null)).isInstanceOfSatisfying(Refused.class, e -> {
      assertThat(Refusals.status(e.kind())).isEqualTo(409);
      assertThat(e.getMessage()).isEqualTo("you have 5 open seeks, the most there can be: cancel one first");
    });
    assertThat(seeks.create(bob, null, RULES, "live", null)).as("another player's count is his own").isPositive();
    assertThat(seeks.cancel(first, alice)).isTrue();
    seeks.create(alice, null, RULES, "live", null);
    // expired seeks do not count
    clock.now = clock.now.plus(SeekStore.LIVE_LIFETIME).plusSeconds(1);
    for (int i = 0; i < SeekStore.MAX_OPEN_PER_USER; i++) seeks.create(alice, null, RULES, "live", null);
  }

  @Test
  void whenTheGameCannotBeCreatedTheSeekStaysOpen() {
    long seek = seeks.create(alice, null, RULES, "live", null);
    db.jdbi().useHandle(h -> h.execute("ALTER TABLE games ADD CONSTRAINT no_new_games CHECK (id < 0)"));
    assertThatThrownBy(() -> seeks.accept(seek, bob, NO_RATING)).hasMessageContaining("NO_NEW_GAMES");
    assertThat(seeks.visible(bob, 10, 0)).extracting(SeekStore.Seek::id).as("still open: nothing was claimed").containsExactly(seek);
    assertThat(count("SELECT COUNT(*) FROM games")).isZero();

    db.jdbi().useHandle(h -> h.execute("ALTER TABLE games DROP CONSTRAINT no_new_games"));
    // The last write fails after the game was made: the game goes too (the store wrote it in the same transaction).
    db.jdbi().useHandle(h -> h.execute("ALTER TABLE seeks ADD CONSTRAINT no_game_link CHECK (game_id IS NULL)"));
    assertThatThrownBy(() -> seeks.accept(seek, bob, NO_RATING)).hasMessageContaining("NO_GAME_LINK");
    assertThat(seeks.visible(bob, 10, 0)).extracting(SeekStore.Seek::id).containsExactly(seek);
    assertThat(count("SELECT COUNT(*) FROM games")).isZero();

    db.jdbi().useHandle(h -> h.execute("ALTER TABLE seeks DROP CONSTRAINT no_game_link"));
    long game = seeks.accept(seek, bob, NO_RATING);
    assertThat(count("SELECT COUNT(*) FROM seeks WHERE status = 'accepted' AND game_id = " + game)).isEqualTo(1);
    assertThat(count("SELECT COUNT(*) FROM games")).isEqualTo(1);
  }

  private int count(String sql) {
    return db.jdbi().withHandle(h -> h.createQuery(sql).mapTo(Integer.class).one());
  }
}
