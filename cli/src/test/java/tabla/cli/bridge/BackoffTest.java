package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void theWaitsDoubleUpToAMinuteAndStartAgainAfterAStreamWorked() {
    Backoff b = new Backoff();
    List<Long> waits = new ArrayList<>();
    for (int i = 0; i < 9; i++) waits.add(b.next());
    assertThat(waits).containsExactly(1L, 2L, 4L, 8L, 16L, 32L, 60L, 60L, 60L);
    b.reset();
    assertThat(b.next()).isEqualTo(1);
    assertThat(b.next()).isEqualTo(2);
  }
}
