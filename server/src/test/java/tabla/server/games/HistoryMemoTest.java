package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * The history kept between versions (finished games' entries reused, the current game's extended by its new events)
 * equals the history built from scratch, at every version of a match of several games.
 */
class HistoryMemoTest {

  @Test
  void theKeptHistoryEqualsTheRebuiltOneThroughAMatchOfSeveralGames() {
    try (HubFixture f = new HubFixture(TestDb.H2.freshConfig(TestServers.DICE_SEED), 0)) {
      // the dice here are random: a three-point match now and then ends in its first game, then another is played
      int games = 0;
      for (int match = 0; match < 5 && games < 2; match++) games = checkEveryVersion(f);
      assertThat(games).as("games in the match").isGreaterThan(1);
    }
  }

  /** Plays a three-point match against the computer, comparing the histories at every version; its games. */
  private static int checkEveryVersion(HubFixture f) {
    long id = f.store.create(RulesJson.write(Rules.match(3)), "correspondence", f.user, null, "random", 1, null);
    GameRoom room = f.hub.room(id);
    f.hub.afterChange(room);
    int checked = 0;
    while (!room.isFinished()) {
      HubFixture.awaitUser(room, Duration.ofSeconds(30));
      synchronized (room) {
        // a finished match's lines carry the replay's states (the computer may have just ended it)
        // compared field by field: a finished match's boards are arrays, which records compare by identity
        assertThat(Snapshot.history(room)).usingRecursiveComparison()
            .isEqualTo(Snapshot.history(room.match(), room.isFinished()));
        assertThat(Snapshot.history(room)).as("the same version twice").isSameAs(Snapshot.history(room));
      }
      checked++;
      if (room.isFinished()) break;
      assertThat(room.act(0, room.version(), HubFixture.next(room.match().game(), Optional.empty()))).isEmpty();
      f.hub.afterChange(room);
    }
    assertThat(checked).isGreaterThan(10);
    return room.match().games().size();
  }
}
