package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The watches an owner keeps (issue 30): expiry, withdrawal, and the bound, beyond which every game counts as watched. */
class WatchersTest {
  @Test
  void aWatchRunsOutUnlessSaidAgainAndIsNewOnlyOnce() {
    Watchers w = new Watchers();
    assertThat(w.add(7, "n2", 0, 100)).as("new").isTrue();
    assertThat(w.add(7, "n2", 50, 150)).as("said again while it runs").isFalse();
    assertThat(w.watched(7, 149)).isTrue();
    assertThat(w.watched(8, 149)).isFalse();
    assertThat(w.watched(7, 150)).as("run out").isFalse();
    assertThat(w.add(7, "n2", 200, 300)).as("new again after running out").isTrue();
    w.sweep(300);
    assertThat(w.size()).isZero();
  }

  @Test
  void aWithdrawnWatchEndsOnlyThatNodes() {
    Watchers w = new Watchers();
    w.add(7, "n2", 0, 100);
    w.add(7, "n3", 0, 100);
    w.remove(7, "n2");
    assertThat(w.watched(7, 1)).isTrue();
    w.remove(7, "n3");
    assertThat(w.watched(7, 1)).isFalse();
    assertThat(w.size()).isZero();
  }

  @Test
  void beyondTheBoundEveryGameCountsAsWatchedUntilTheWatchesRanOut() {
    Watchers w = new Watchers(2);
    w.add(1, "n2", 0, 100);
    w.add(2, "n2", 0, 100);
    assertThat(w.watched(3, 10)).isFalse();
    assertThat(w.add(3, "n2", 10, 110)).as("refused, but told as new").isTrue();
    assertThat(w.size()).isEqualTo(2);
    assertThat(w.watched(3, 50)).as("not held, yet its events must go out").isTrue();
    assertThat(w.watched(99, 50)).isTrue();
    w.sweep(100);
    assertThat(w.watched(99, 110)).isFalse();
    assertThat(w.add(3, "n2", 110, 210)).isTrue();
    assertThat(w.watched(3, 150)).isTrue();
  }
}
