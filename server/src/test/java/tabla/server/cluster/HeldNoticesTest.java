package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeldNoticesTest {
  @Test
  void releasesTheLatestNoticesOfTheUsersThatCameInOrderOnce() {
    HeldNotices<String> h = new HeldNotices<>();
    for (int i = 1; i <= HeldNotices.PER_USER + 2; i++) assertThat(h.hold(7, "n" + i, 1000 + i)).isTrue();
    assertThat(h.hold(8, "other", 1000)).isTrue();
    assertThat(h.release(Set.of(7L), 2000)).as("the latest PER_USER, oldest first")
        .containsExactly("n3", "n4", "n5", "n6");
    assertThat(h.release(Set.of(7L), 2000)).as("once").isEmpty();
    assertThat(h.users()).isEqualTo(1);
  }

  @Test
  void forgetsWhatWasHeldTooLong() {
    HeldNotices<String> h = new HeldNotices<>();
    h.hold(7, "old", 0);
    h.hold(7, "new", HeldNotices.HOLD_MILLIS);
    h.hold(8, "old", 0);
    assertThat(h.release(List.of(7L), HeldNotices.HOLD_MILLIS + 1)).containsExactly("new");
    h.expire(HeldNotices.HOLD_MILLIS);
    assertThat(h.users()).as("user 8's notice ran out").isZero();
  }

  @Test
  void whenFullItRefusesSoThatTheNoticeIsSentAtOnce() {
    HeldNotices<String> h = new HeldNotices<>();
    for (long u = 0; u < HeldNotices.MAX_USERS; u++) assertThat(h.hold(u, "x", 0)).isTrue();
    assertThat(h.hold(HeldNotices.MAX_USERS, "y", 1)).as("a new user beyond the bound").isFalse();
    assertThat(h.hold(0, "z", 1)).as("a held user's next notice still fits").isTrue();
    assertThat(h.hold(HeldNotices.MAX_USERS, "y", HeldNotices.HOLD_MILLIS)).as("once the old ones ran out").isTrue();
    assertThat(h.users()).isEqualTo(2);
  }
}
