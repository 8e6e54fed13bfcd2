package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** The player page finds lost-on-time matches by the stored time-out's prefix: it must be what encode writes. */
class EventCodecTimeOutTest {
  @Test
  void aStoredTimeOutStartsWithThePrefixAndReadsBack() {
    for (int seat = 0; seat < 2; seat++) {
      String text = EventCodec.encode(new StoredEvent.TimedOut(seat));
      assertThat(text).isEqualTo(EventCodec.TIMEOUT_PREFIX + seat + "}");
      assertThat(EventCodec.decode(Match.start(Rules.match(1)).get(), text).get()).isEqualTo(new StoredEvent.TimedOut(seat));
    }
  }
}
