package tabla.server.bots;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.Refused;

/** The bot API's stream pump and its bound, without a server: lines, keep-alives, the token's end, a slow reader. */
class NdjsonStreamTest {
  @Test
  void linesGoOutInOrderWithAnEmptyLineWhenNothingWasSaidAndEndWhenTheSourceIsDone() {
    NdjsonStream s = new NdjsonStream();
    s.offer("{\"a\":1}");
    s.offer("{\"b\":2}");
    AtomicInteger ticks = new AtomicInteger();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    // the source is done on its 30th tick (of 2 ms): a keep-alive of 10 ms falls between
    s.run(out, 2, 10, () -> ticks.incrementAndGet() < 30, () -> true);
    String text = out.toString(StandardCharsets.UTF_8);
    assertThat(text).startsWith("{\"a\":1}\n{\"b\":2}\n");
    assertThat(text.substring("{\"a\":1}\n{\"b\":2}\n".length())).as("only keep-alives after").isNotEmpty().matches("\n+");
  }

  @Test
  void aTokenNoLongerGoodEndsTheStreamAtItsKeepAlive() {
    NdjsonStream s = new NdjsonStream();
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    AtomicInteger asked = new AtomicInteger();
    s.run(out, 1, 5, () -> true, () -> asked.incrementAndGet() < 3);
    assertThat(asked.get()).isEqualTo(3);
    assertThat(out.toString(StandardCharsets.UTF_8)).isEqualTo("\n\n");
  }

  @Test
  void aReaderTooSlowForTheQueueIsDroppedAndWhatTheSourceQueuedLastStillGoesOut() {
    NdjsonStream slow = new NdjsonStream();
    for (int i = 0; i <= NdjsonStream.QUEUED; i++) slow.offer("{}");
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    slow.run(out, 1, 1000, () -> true, () -> true);
    assertThat(out.size()).as("ended before writing").isZero();

    NdjsonStream last = new NdjsonStream();
    ByteArrayOutputStream out2 = new ByteArrayOutputStream();
    last.run(out2, 1, 1000, () -> {
      last.offer("{\"end\":true}");
      return false;
    }, () -> true);
    assertThat(out2.toString(StandardCharsets.UTF_8)).isEqualTo("{\"end\":true}\n");
  }

  @Test
  void slotsAreBoundedPerAccountAndInAllAndComeBack() {
    StreamSlots slots = new StreamSlots(2, 3);
    slots.acquire(1);
    slots.acquire(1);
    assertThatThrownBy(() -> slots.acquire(1)).isInstanceOf(Refused.class).hasMessageContaining("at most 2")
        .satisfies(e -> assertThat(((Refused) e).code()).isEqualTo(BotCode.STREAMS_ACCOUNT))
        .satisfies(e -> assertThat(((Refused) e).args()).isEqualTo(Map.of("max", 2, "seconds", 5L)));
    slots.acquire(2);
    assertThatThrownBy(() -> slots.acquire(3)).isInstanceOf(Refused.class).hasMessageContaining("3 bot streams")
        .satisfies(e -> assertThat(((Refused) e).code()).isEqualTo(BotCode.STREAMS_SERVER))
        .satisfies(e -> assertThat(((Refused) e).kind()).isEqualTo(Refused.Kind.TOO_MANY));
    assertThat(slots.open()).isEqualTo(3);
    slots.release(1);
    slots.acquire(3);
    slots.release(1);
    slots.acquire(1);
    assertThat(slots.open()).isEqualTo(3);
  }
}
