package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * A room evicted after a failed write (its memory may differ from the database) is reloaded on the next request;
 * a thread that still holds the old room must not store through it. Found at 10,000 sockets under memory pressure:
 * the old room and its reload both wrote the game's next version, and the second write failed on the primary key
 * (the player was answered 500).
 */
class RoomEvictionTest {
  @Test
  void anEvictedRoomRefusesWhatItsReloadTakes() {
    try (HubFixture f = new HubFixture(TestDb.H2.freshConfig(TestServers.DICE_SEED), 0)) {
      GameRoom old = f.computerGame("random");
      f.hub.afterChange(old); // the computer plays if the roll-off gave it the first turn
      HubFixture.awaitUser(old, Duration.ofSeconds(30));
      int version = old.version();
      Command command = HubFixture.next(old.match().game(), Optional.empty());

      f.hub.evict(old.id()); // as after a failed write
      assertThat(old.act(0, version, command)).as("the old room, still held by another thread")
          .contains(new Refusal.StaleVersion(version));
      assertThat(old.tick(System.currentTimeMillis())).isFalse();

      GameRoom reloaded = f.hub.room(old.id());
      assertThat(reloaded).isNotSameAs(old);
      assertThat(reloaded.version()).as("nothing was stored through the old room").isEqualTo(version);
      assertThat(reloaded.act(0, version, command)).isEmpty();
      assertThat(reloaded.version()).isEqualTo(version + 1);
    }
  }
}
