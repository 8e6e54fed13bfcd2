package tabla.server;

import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.ClientAddress;
import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.http.RateLimiter.Limit;
import tabla.server.kernel.http.RateLimits;
import tabla.server.kernel.AddressRange;

/**
 * Per-address limits behind a trusted proxy (every client here is 127.0.0.1, naming itself in X-Forwarded-For):
 * a client past a limit gets 429, Retry-After and a sentence; another address is not affected. Small limits,
 * so the test stays short.
 */
class ApiRateLimitsTest {
  private static final RateLimits LIMITS = new RateLimits(new Limit(4, Duration.ofMinutes(10)),
      new Limit(2, Duration.ofMinutes(5)), new Limit(2, Duration.ofHours(1)), new Limit(3, Duration.ofHours(1)),
      new Limit(3, Duration.ofMinutes(10)), new Limit(3, Duration.ofMinutes(10)));
  private static final AtomicInteger ADDRESSES = new AtomicInteger();
  private static TablaServer server;

  @BeforeAll
  static void start() {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    server = TablaServer.start(c.withLimits(LIMITS)
        .withSite(c.site().withTrustedProxies(List.of(AddressRange.parse("127.0.0.1")))));
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  /** An address no other client of this test uses. */
  private static String fresh() {
    int n = ADDRESSES.incrementAndGet();
    return "198.51." + n / 250 + "." + (n % 250 + 1);
  }

  private static ApiClient client(String address) {
    return new ApiClient(server.port()).from(address);
  }

  private static ApiClient member() {
    return client(fresh()).registered("rl");
  }

  private static void assertLimited(Resp r, String what) {
    assertThat(r.status()).as("%s", r).isEqualTo(429);
    long retry = Long.parseLong(r.headers().firstValue("Retry-After").orElseThrow());
    assertThat(retry).isPositive();
    assertThat(r.error()).isEqualTo("too many " + what + " from your address: try again in " + retry + " s");
  }

  @Test
  void registrations() {
    String a = fresh();
    for (int i = 0; i < 2; i++) assertThat(client(a).register(ApiClient.uniqueName("r"), ApiClient.PASSWORD).status()).isEqualTo(201);
    assertLimited(client(a).register(ApiClient.uniqueName("r"), ApiClient.PASSWORD), "new accounts");
    assertThat(client(fresh()).register(ApiClient.uniqueName("r"), ApiClient.PASSWORD).status()).isEqualTo(201);
  }

  @Test
  void guests() {
    String a = fresh();
    for (int i = 0; i < 3; i++) client(a).guest();
    assertLimited(client(a).postRaw("/api/guest", "", false), "guest accounts");
    client(fresh()).guest();
  }

  /** An IPv6 client is counted by its /64: the next address of the same network is the same client. */
  @Test
  void anIpv6NetworkIsOneClient() {
    for (int i = 1; i <= 3; i++) client("2001:db8:12:34::" + i).guest();
    assertLimited(client("2001:db8:12:34:ffff:1:2:3").postRaw("/api/guest", "", false), "guest accounts");
    client("2001:db8:12:35::1").guest();
    assertThat(tabla.server.kernel.ClientAddress.limitKey("2001:DB8:12:34::7")).isEqualTo("20010db800120034::/64");
    assertThat(tabla.server.kernel.ClientAddress.limitKey("198.51.100.7")).isEqualTo("198.51.100.7");
  }

  @Test
  void gamesAgainstTheComputerAndAcceptedSeeksCountTogether() {
    ApiClient guest = client(fresh()).guest();
    for (int i = 0; i < 3; i++) guest.computerGame(1, "random");
    assertLimited(guest.postRaw("/api/games/computer", "{\"rules\":{\"matchLength\":1}}", true), "new games");

    ApiClient host = member();
    ApiClient taker = member();
    taker.computerGame(1, "random");
    taker.computerGame(1, "random");
    taker.accept(host.seek("{\"matchLength\":1}"));
    long seek = host.seek("{\"matchLength\":1}");
    assertLimited(taker.post("/api/seeks/" + seek + "/accept", null), "new games");
    assertThat(member().accept(seek)).as("the seek is still open for another address").isPositive();
  }

  @Test
  void seeks() {
    ApiClient host = member();
    for (int i = 0; i < 3; i++) assertThat(host.delete("/api/seeks/" + host.seek("{\"matchLength\":1}")).status()).isEqualTo(204);
    assertLimited(host.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1}}", true), "new seeks");
  }

  @Test
  void aLockoutNeverStopsTheOwnerWithTheRightPasswordFromAnotherAddress() {
    ApiClient owner = member();
    ApiClient guesser = client(fresh());
    for (int i = 0; i < 2; i++) assertThat(guesser.login(owner.name(), "guess " + i).status()).isEqualTo(401);
    assertLimited(guesser.login(owner.name(), ApiClient.PASSWORD), "failed logins");
    assertThat(guesser.sessionToken()).isNull();
    Resp back = client(fresh()).login(owner.name(), ApiClient.PASSWORD);
    assertThat(back.status()).as("the owner from elsewhere: %s", back).isEqualTo(200);
  }

  @Test
  void loggingIntoOnesOwnAccountDoesNotResetTheAddressCount() {
    ApiClient mallory = member();
    String address = fresh();
    ApiClient guesser = client(address);
    for (int i = 0; i < 3; i++) assertThat(guesser.login("victim" + i, "guess").status()).isEqualTo(401);
    assertThat(client(address).login(mallory.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
    assertThat(guesser.login("victim3", "guess").status()).isEqualTo(401);
    assertLimited(guesser.login("victim4", "guess"), "failed logins");
  }
}
