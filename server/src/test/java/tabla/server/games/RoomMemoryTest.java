package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * Finished rooms leave memory with their computer players (issue 12: after 2,000 finished games all 2,000 rooms
 * and bots were still held) and nothing else reaches them, and a finished game reloads from the database on demand,
 * snapshot and all.
 */
class RoomMemoryTest {
  static final int GAMES = 30;

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void finishedComputerGamesLeaveMemoryAndReloadOnDemand(TestDb db) {
    try (HubFixture f = new HubFixture(db.freshConfig(TestServers.DICE_SEED), 0)) {
      List<Long> ids = new ArrayList<>();
      List<WeakReference<GameRoom>> played = new ArrayList<>();
      for (int i = 0; i < GAMES; i++) {
        GameRoom room = f.computerGame(i % 2 == 0 ? "random" : "strong");
        ids.add(room.id());
        played.add(new WeakReference<>(room));
        f.hub.afterChange(room);
        // the user plays a few turns (the computer answers each), then resigns a backgammon, which it accepts
        for (int turn = 0; !room.isFinished(); turn++) {
          HubFixture.awaitUser(room, Duration.ofSeconds(30));
          if (room.isFinished()) break;
          Optional<Command> resign = turn >= 6 ? Optional.of(new Command.Resign(3)) : Optional.empty();
          assertThat(room.act(0, room.version(), HubFixture.next(room.match().game(), resign))).isEmpty();
          f.hub.afterChange(room);
        }
        // the computer's answer and the room's release come from the computer's thread, just after
        HubFixture.await(() -> f.hub.roomsInMemory() == 0 && f.hub.botsInMemory() == 0, Duration.ofSeconds(10));
        assertThat(f.hub.roomsInMemory()).as("rooms held after %d finished games", i + 1).isZero();
        assertThat(f.hub.botsInMemory()).as("computer players held after %d finished games", i + 1).isZero();
      }
      // not only out of the hub: nothing else (history memo, computer players, clocks) still reaches a finished room
      HubFixture.await(() -> {
        System.gc();
        return played.stream().allMatch(r -> r.get() == null);
      }, Duration.ofSeconds(20));
      for (long id : ids) {
        GameSnapshot s = Snapshot.of(f.hub.room(id), 0);
        assertThat(s.status()).isEqualTo("finished");
        assertThat(s.matchWinner()).isEqualTo(1);
        assertThat(s.history()).isNotEmpty();
      }
    }
  }
}
