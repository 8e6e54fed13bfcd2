package tabla.server.chat;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The chat's rate limit on a clock the test moves, and the bound on the users it remembers. */
class ChatRateTest {
  @Test
  void atMostTheLimitInAnyWindowThenFreeAgain() {
    AtomicLong now = new AtomicLong(1_000_000);
    ChatRate rate = new ChatRate(now::get);
    for (int i = 0; i < ChatRate.MAX_MESSAGES; i++) {
      assertThat(rate.take(7)).isZero();
      now.addAndGet(1000);
    }
    long wait = rate.take(7);
    assertThat(wait).as("the first message leaves the window after WINDOW - elapsed")
        .isEqualTo(ChatRate.WINDOW_MILLIS - ChatRate.MAX_MESSAGES * 1000L);
    assertThat(rate.take(8)).as("another user is not held back").isZero();
    now.addAndGet(wait);
    assertThat(rate.take(7)).isZero();
    assertThat(rate.take(7)).as("a refused message was not counted, the window slid by one").isPositive();
  }

  @Test
  void theUsersItRemembersAreBounded() {
    AtomicLong now = new AtomicLong(0);
    ChatRate rate = new ChatRate(now::get);
    for (long u = 0; u < ChatRate.MAX_USERS * 3L; u++) {
      rate.take(u);
      if (u % 1000 == 0) now.addAndGet(1);
    }
    assertThat(rate.remembered()).isLessThanOrEqualTo(ChatRate.MAX_USERS);
    // a busy user's count survives the others arriving
    for (int i = 0; i < ChatRate.MAX_MESSAGES; i++) rate.take(-1);
    rate.take(-2);
    assertThat(rate.take(-1)).isPositive();
  }
}
