package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.kernel.ServerConfig;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.games.GameRoom;
import tabla.server.games.HubFixture;

/**
 * Issue 12: a computer game whose bot move failed to store while PostgreSQL was unreachable never moved again
 * until a restart. Now the computer's turn is tried again (with backoff) and the game goes on by itself once the
 * database is back.
 */
class ComputerOutageTest {

  @Test
  @Timeout(180)
  void theComputerMovesAgainOnceTheDatabaseIsBack() {
    ServerConfig base = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    try (TcpProxy proxy = TcpProxy.toDatabaseOf(base)) {
      try (HubFixture f = new HubFixture(proxy.through(base), 0)) {
        GameRoom room = f.computerGame("beginner");
        long id = room.id();
        // the user plays until it is the computer's turn, without telling the hub (nothing is scheduled yet)
        while (room.match().game().toAct(0)) {
          assertThat(room.act(0, room.version(), HubFixture.next(room.match().game(), Optional.empty()))).isEmpty();
        }
        int before = room.version();
        int stored = f.store.events(id).size();

        proxy.cut();
        f.hub.afterChange(room); // the computer's turn: its store fails, and fails again while the database is away
        HubFixture.sleep(3_000);
        proxy.restore();

        HubFixture.await(() -> {
          try {
            return f.hub.room(id).version() > before;
          } catch (RuntimeException e) {
            return false; // still reconnecting
          }
        }, Duration.ofSeconds(90));
        assertThat(f.store.events(id).size()).as("the computer's move is stored").isGreaterThan(stored);
        GameRoom now = f.hub.room(id);
        assertThat(now.isFinished() || now.match().game().toAct(0) || now.match().game().toAct(1)).isTrue();
      }
    }
  }
}
