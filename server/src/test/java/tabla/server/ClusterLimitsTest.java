package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.http.RateLimiter.Limit;
import tabla.server.kernel.http.RateLimits;
import tabla.server.kernel.AddressRange;

/**
 * The limits on new games, seeks and chat hold across nodes: one address (or user) that spreads its requests over
 * two nodes gets what it would get from one, not twice as much.
 */
class ClusterLimitsTest {
  private static final RateLimits LIMITS = new RateLimits(new Limit(20, Duration.ofMinutes(10)),
      new Limit(5, Duration.ofMinutes(5)), new Limit(20, Duration.ofHours(1)), new Limit(20, Duration.ofHours(1)),
      new Limit(3, Duration.ofMinutes(10)), new Limit(3, Duration.ofMinutes(10)));

  @Test
  void gamesSeeksAndChatAreCountedForAllTheNodesAtOnce() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c ->
        c.withLimits(LIMITS).withSite(c.site().withTrustedProxies(List.of(AddressRange.parse("127.0.0.1")))))) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      // seeks: 3 per address, two made on a and one on b; the fourth is refused on either
      ApiClient host = new ApiClient(a.port()).from("198.51.100.10").registered("host");
      ApiClient hostOnB = host.at(b.port()).from("198.51.100.10");
      long s1 = host.seek("{\"matchLength\":1}");
      long s2 = hostOnB.seek("{\"matchLength\":1}");
      long s3 = host.seek("{\"matchLength\":1}");
      assertLimited(hostOnB.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1}}", true), "new seeks");
      assertLimited(host.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1}}", true), "new seeks");

      // games: 3 per address, whether against the computer or by accepting a seek, on either node
      ApiClient taker = new ApiClient(b.port()).from("198.51.100.11").registered("taker");
      ApiClient takerOnA = taker.at(a.port()).from("198.51.100.11");
      taker.computerGame(1, "random");
      takerOnA.accept(s1);
      taker.accept(s2);
      assertLimited(takerOnA.post("/api/seeks/" + s3 + "/accept", null), "new games");
      assertLimited(taker.post("/api/seeks/" + s3 + "/accept", null), "new games");
      assertThat(new ApiClient(a.port()).from("198.51.100.12").registered("other").accept(s3))
          .as("another address may still take it").isPositive();

      // chat: 5 messages in 10 s per user, written on both nodes; the sixth is refused
      assertThat(sixthMessageRefused(a, b)).as("the sixth message in 10 s, whichever node it reaches").isTrue();
    }
  }

  /**
   * Issue 30: the wrong passwords for one account from one address are counted for all the nodes: five spread over
   * two nodes, then the sixth is refused on either (counted in each node's memory, each allowed five).
   */
  @Test
  void failedLoginsAreCountedForAllTheNodesAtOnce() throws Exception {
    try (TwoNodes nodes = TwoNodes.start(c ->
        c.withLimits(LIMITS).withSite(c.site().withTrustedProxies(List.of(AddressRange.parse("127.0.0.1")))))) {
      TablaServer a = nodes.a();
      TablaServer b = nodes.b();
      String name = new ApiClient(a.port()).from("198.51.100.40").registered("owner").name();
      ApiClient onA = new ApiClient(a.port()).from("198.51.100.41");
      ApiClient onB = new ApiClient(b.port()).from("198.51.100.41");
      for (int i = 0; i < 5; i++) {
        Resp r = (i % 2 == 0 ? onA : onB).login(name, "wrong password " + i);
        assertThat(r.status()).as("wrong password %d: %s", i, r).isEqualTo(401);
      }
      assertLimited(onA.login(name, "wrong password 5"), "failed logins");
      assertLimited(onB.login(name, "wrong password 6"), "failed logins");
      assertThat(new ApiClient(b.port()).from("198.51.100.42").login(name, ApiClient.PASSWORD).status())
          .as("the owner from another address gets in").isEqualTo(200);
    }
  }

  private static void assertLimited(Resp r, String what) {
    assertThat(r.status()).as("%s", r).isEqualTo(429);
    assertThat(r.error()).startsWith("too many " + what + " from your address: try again in ");
  }

  /**
   * Six lobby messages from one user, alternating nodes: true when the sixth is refused. A run whose six took
   * longer than the 10 s window (a stalled machine) says nothing either way, and is tried again with a new user.
   */
  private static boolean sixthMessageRefused(TablaServer a, TablaServer b) {
    for (int run = 0; run < 5; run++) {
      ApiClient onA = new ApiClient(a.port()).from("198.51.100." + (20 + run)).registered("chatty");
      ApiClient onB = onA.at(b.port()).from("198.51.100." + (20 + run));
      long first = System.nanoTime();
      for (int i = 0; i < 5; i++) {
        Resp r = (i % 2 == 0 ? onA : onB).post("/api/chat/lobby", Map.of("text", "line " + i));
        assertThat(r.status()).as("message %d: %s", i, r).isEqualTo(201);
      }
      Resp sixth = onB.post("/api/chat/lobby", Map.of("text", "one too many"));
      if (sixth.status() == 429) {
        assertThat(sixth.error()).startsWith("you write too fast: at most 5 messages in 10 s");
        return true;
      }
      if (System.nanoTime() - first < Duration.ofSeconds(10).toNanos()) return false; // within the window, allowed
    }
    throw new AssertionError("five runs each slower than the chat's 10 s window");
  }
}
