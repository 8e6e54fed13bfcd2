package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.server.kernel.http.Json;

/**
 * A stored game of any variant reads back: each action is written as the server stores it and read
 * against a second match that replays them (as a room does when it is loaded), including Grasshopper's
 * moves without dice and the pool's entering moves.
 */
class EventCodecVariantsTest {
  @ParameterizedTest
  @ValueSource(strings = {"grasshopper", "race", "plakoto", "fevga", "gulbara", "nardy", "backgammon"})
  void storedEventsReplayTheSameGame(String variant) throws Exception {
    Match m = Match.start(RulesJson.read(Json.MAPPER.readTree("{\"matchLength\":1,\"variant\":\"" + variant + "\"}"))).get();
    Match replay = Match.start(m.rules()).get();
    Random rnd = new Random(variant.hashCode());
    for (int n = 0; n < 3000 && !m.isOver(); n++) {
      Action a = switch (m.game().phase()) {
        case OPENING -> {
          int d0 = 1 + rnd.nextInt(6);
          yield new Action.RollOff(d0, d0 % 6 + 1);
        }
        case ROLL -> new Action.Roll(new Dice(1 + rnd.nextInt(6), 1 + rnd.nextInt(6)));
        case MOVE -> {
          List<Play> plays = m.game().legalPlays();
          yield new Action.Move(plays.isEmpty() ? new Play(List.of(), m.game().position()) : plays.get(rnd.nextInt(plays.size())));
        }
        default -> throw new AssertionError("phase " + m.game().phase());
      };
      m = m.apply(a).get();
      String stored = EventCodec.encode(new StoredEvent.Played(a));
      Result<StoredEvent> read = EventCodec.decode(replay, stored);
      assertThat(read.isOk()).as("%s: %s", stored, read.isOk() ? "" : read.error()).isTrue();
      replay = replay.apply(((StoredEvent.Played) read.get()).action()).get();
      assertThat(replay.game().position()).isEqualTo(m.game().position());
    }
    assertThat(m.isOver()).isTrue();
  }
}
