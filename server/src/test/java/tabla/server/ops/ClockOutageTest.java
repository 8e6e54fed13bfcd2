package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;
import tabla.core.clock.ClockSettings;
import tabla.core.match.Rules;
import tabla.server.kernel.ServerConfig;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.accounts.Accounts;
import tabla.server.games.GameRoom;
import tabla.server.games.HubFixture;
import tabla.server.games.RulesJson;

/**
 * A flag that falls while PostgreSQL is unreachable: the clock's step cannot store the time-out, the room leaves
 * memory and is brought back with backoff until the database answers; then the flag falls again and the game ends
 * on time by itself, with nobody opening it (without the retry it would wait for a visitor forever). The clocks'
 * log says the outage as WARNs without a stack, never an ERROR (it was a stack a second for every such game).
 */
class ClockOutageTest {

  @Test
  @Timeout(180)
  void aTimeOutThatFailedToStoreIsStoredOnceTheDatabaseIsBack() {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    Logger clocks = (Logger) LoggerFactory.getLogger("tabla.server.games.ClockSweep");
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    clocks.addAppender(log);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base)) {
      try (HubFixture f = new HubFixture(proxy.through(base), 0)) {
        long other = new Accounts(f.db.jdbi(), java.time.Clock.systemUTC()).guest("en").user().id();
        long id = f.store.create(RulesJson.write(Rules.match(1)), "live", f.user, other, null, null,
            ClockSettings.custom(1, 1));
        GameRoom room = f.hub.room(id);
        room.arrived(0);
        assertThat(room.arrived(1)).as("both boards open: the clock runs").isTrue();
        long falls = room.deadlineMillis();
        assertThat(falls).isPositive();

        proxy.cut();
        HubFixture.await(() -> System.currentTimeMillis() > falls + 3_000, Duration.ofSeconds(30));
        assertThat(f.hub.roomsInMemory()).as("the room whose step failed left memory").isZero();
        proxy.restore();

        HubFixture.await(() -> {
          try {
            return f.store.find(id).map(r -> r.status().equals("finished")).orElse(false);
          } catch (RuntimeException e) {
            return false; // still reconnecting
          }
        }, Duration.ofSeconds(90));
        assertThat(f.hub.room(id).forfeitedBy()).as("lost on time").isNotNull();
      }
    } finally {
      clocks.detachAppender(log);
    }
    assertThat(log.list).filteredOn(e -> e.getLevel() == Level.WARN).as("the failed step was said").isNotEmpty();
    assertThat(log.list).allMatch(e -> e.getLevel() != Level.ERROR && e.getThrowableProxy() == null,
        "WARNs without a stack");
  }
}
