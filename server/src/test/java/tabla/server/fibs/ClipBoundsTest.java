package tabla.server.fibs;

import tabla.server.kernel.FibsSettings;
import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Each bound of the CLIP listener, over real sockets: line length, commands per second, time-outs, connections. */
class ClipBoundsTest {
  static ClipServer server(FibsSettings s) {
    return ClipServer.start(s, new StubSite(), "127.0.0.1");
  }

  static FibsSettings bounds(int line, int rate, long idle, long login, int perAddress, int total) {
    return FibsSettings.on(0).withBounds(line, rate, idle, login, perAddress, total);
  }

  @Test
  void aLineTooLongIsRefusedWholeAndTheConnectionGoesOn() {
    try (ClipServer s = server(bounds(100, 100, 60_000, 60_000, 10, 10)); ClipClient c = new ClipClient("long", s.port())) {
      c.login("alice", "pw");
      c.send("shout " + "x".repeat(300));
      c.await("^\\*\\* Line too long: at most 100 characters\\. It was ignored\\.$");
      c.send("shout short");
      c.await("^17 short$"); // the rest of the long line ran as nothing: the next line is read as it was sent
      assertThat(c.transcript).noneMatch(l -> l.startsWith("17 x"));
    }
  }

  @Test
  void commandsOverTheRateAreRefusedNotRun() {
    try (ClipServer s = server(bounds(1024, 5, 60_000, 60_000, 10, 10)); ClipClient c = new ClipClient("fast", s.port())) {
      c.login("bob", "pw");
      StringBuilder burst = new StringBuilder();
      for (int i = 0; i < 50; i++) burst.append("shout n").append(i).append("\r\n");
      c.sendRaw(burst.toString().getBytes());
      c.await("^\\*\\* Too many commands: at most 5 a second\\. That one was ignored\\.$");
      sleep(1100); // the bucket refills: one more command is welcome again
      c.send("time"); // the reply comes after every shout that ran
      c.await("^It's ");
      long ran = c.transcript.stream().filter(l -> l.startsWith("17 n")).count();
      assertThat(ran).isBetween(1L, 10L); // the burst of 5, and what refilled while the lines arrived
    }
  }

  @Test
  void anIdleConnectionIsClosed() {
    try (ClipServer s = server(bounds(1024, 100, 300, 60_000, 10, 10)); ClipClient c = new ClipClient("idle", s.port())) {
      c.login("carol", "pw");
      c.await("^Connection timed out\\.$");
      assertThat(c.awaitClosed(ClipClient.WAIT_MILLIS)).isTrue();
      assertThat(s.connections()).isZero();
    }
  }

  @Test
  void aConnectionThatDoesNotLogInIsClosed() {
    try (ClipServer s = server(bounds(1024, 100, 60_000, 300, 10, 10)); ClipClient c = new ClipClient("silent", s.port())) {
      c.await("^\\*\\* Connection timed out: log in within 0 seconds\\.$");
      assertThat(c.awaitClosed(ClipClient.WAIT_MILLIS)).isTrue();
    }
  }

  @Test
  void connectionsPerAddressAndInAllAreBounded() {
    List<ClipClient> open = new ArrayList<>();
    try (ClipServer s = server(bounds(1024, 100, 60_000, 60_000, 3, 100))) {
      for (int i = 0; i < 3; i++) {
        ClipClient c = new ClipClient("c" + i, s.port());
        open.add(c);
        c.await("^login: $");
      }
      try (ClipClient fourth = new ClipClient("fourth", s.port())) {
        fourth.await("^\\*\\* Too many connections from your address \\(at most 3\\)\\.$");
        assertThat(fourth.awaitClosed(ClipClient.WAIT_MILLIS)).isTrue();
      }
      open.get(0).close();
      waitFor(() -> s.connections() == 2);
      try (ClipClient again = new ClipClient("again", s.port())) {
        again.await("^login: $"); // a place freed is a place again
      }
    } finally {
      open.forEach(ClipClient::close);
    }
    try (ClipServer s = server(bounds(1024, 100, 60_000, 60_000, 10, 2));
        ClipClient a = new ClipClient("a", s.port()); ClipClient b = new ClipClient("b", s.port())) {
      a.await("^login: $");
      b.await("^login: $");
      try (ClipClient third = new ClipClient("third", s.port())) {
        third.await("^\\*\\* The server is full \\(2 connections\\); try again later\\.$");
        assertThat(third.awaitClosed(ClipClient.WAIT_MILLIS)).isTrue();
      }
    }
  }

  static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  static void waitFor(java.util.function.BooleanSupplier ok) {
    long end = System.currentTimeMillis() + ClipClient.WAIT_MILLIS; // a loaded machine's bound, free when passing
    while (!ok.getAsBoolean()) {
      if (System.currentTimeMillis() > end) throw new AssertionError("not within " + ClipClient.WAIT_MILLIS + " ms");
      try {
        Thread.sleep(10);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }
}
