package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpRequest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/** Registration, login and its rate limit, sessions and their cookie, logout, guests, CSRF. */
class ApiAccountsTest {
  private static final TestServers SERVERS = new TestServers();

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  /** Issue 30: logging in from a guest's browser ends the guest's session (the cookie it replaced). */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aGuestSessionEndsWhenTheSameBrowserLogsIn(TestDb db) {
    ApiClient member = SERVERS.client(db).registered("member");
    ApiClient browser = SERVERS.client(db).guest();
    String guestToken = browser.sessionToken();
    assertThat(withCookie(db, guestToken).status()).as("the guest's session works").isEqualTo(200);
    assertThat(browser.login(member.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
    assertThat(browser.sessionToken()).isNotEqualTo(guestToken);
    assertThat(withCookie(db, guestToken).status()).as("the guest's session after the login").isEqualTo(401);
    assertThat(browser.get("/api/me").status()).isEqualTo(200);
  }

  private static Resp withCookie(TestDb db, String token) {
    ApiClient other = SERVERS.client(db);
    return other.send(other.request("/api/me").header("Cookie", tabla.server.accounts.Auth.COOKIE + "=" + token));
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void registerOpensASessionWithAnHttpOnlyLaxCookie(TestDb db) {
    ApiClient a = SERVERS.client(db);
    String name = ApiClient.uniqueName("reg");
    Resp r = a.register(name, ApiClient.PASSWORD);
    assertThat(r.status()).as("%s", r).isEqualTo(201);
    assertThat(r.json().get("user").get("name").asText()).isEqualTo(name);
    assertThat(r.json().get("user").get("guest").asBoolean()).isFalse();
    assertThat(r.json().get("csrf").asText()).hasSize(64);

    String cookie = r.headers().allValues("Set-Cookie").stream().filter(c -> c.startsWith("tabla_session="))
        .findFirst().orElseThrow(() -> new AssertionError("no tabla_session cookie in " + r.headers().map()));
    assertThat(cookie).containsIgnoringCase("HttpOnly").containsIgnoringCase("SameSite=Lax").contains("Path=/");

    Resp me = a.get("/api/me");
    assertThat(me.status()).isEqualTo(200);
    assertThat(me.json().get("user").get("id").asLong()).isEqualTo(r.json().get("user").get("id").asLong());
    assertThat(me.json().get("csrf").asText()).isEqualTo(a.csrf);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void meWithoutASessionIs401(TestDb db) {
    Resp r = SERVERS.client(db).get("/api/me");
    assertThat(r.status()).isEqualTo(401);
    assertThat(r.error()).isNotBlank();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void sessionSaysNobodyWithoutA401AndWhoOnceSignedIn(TestDb db) {
    ApiClient a = SERVERS.client(db);
    Resp nobody = a.get("/api/session");
    assertThat(nobody.status()).as("a signed-out first load logs no error").isEqualTo(200);
    assertThat(nobody.json().get("user").isNull()).isTrue();
    assertThat(nobody.json().get("csrf").isNull()).isTrue();
    assertThat(nobody.json().get("staff").asBoolean(true)).as("nobody is staff").isFalse();
    a.registered("sessioner");
    Resp me = a.get("/api/session");
    assertThat(me.status()).isEqualTo(200);
    assertThat(me.json().get("user").get("name").asText()).isEqualTo(a.name());
    assertThat(me.json().get("csrf").asText()).isEqualTo(a.csrf);
    assertThat(me.json().get("staff").asBoolean(true)).as("a player is not staff (moderators: AdminHttpTest)").isFalse();
    assertThat(SERVERS.client(db).guest().get("/api/session").json().get("staff").asBoolean(true)).as("a guest").isFalse();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aDuplicateNameIs409AndTheFirstAccountIsUnchanged(TestDb db) {
    String name = ApiClient.uniqueName("dup");
    assertThat(SERVERS.client(db).register(name, ApiClient.PASSWORD).status()).isEqualTo(201);

    for (String again : List.of(name, name.toUpperCase())) {
      ApiClient b = SERVERS.client(db);
      Resp r = b.register(again, "another password");
      assertThat(r.status()).as("%s", r).isEqualTo(409);
      assertThat(r.error()).contains("taken");
      assertThat(b.sessionToken()).isNull();
    }
    // The first account keeps its password; the refused one set none.
    assertThat(SERVERS.client(db).login(name, ApiClient.PASSWORD).status()).isEqualTo(200);
    assertThat(SERVERS.client(db).login(name, "another password").status()).isEqualTo(401);
  }

  /** Eight clients at once register "name" or "NAME": one account, the others 409 (not 500, not two). */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void racingRegistrationsOfOneNameGiveOne201AndOnly409s(TestDb db) throws Exception {
    int port = SERVERS.port(db);
    ExecutorService pool = Executors.newFixedThreadPool(8);
    try {
      for (int round = 0; round < 8; round++) {
        String name = ApiClient.uniqueName("race");
        CyclicBarrier start = new CyclicBarrier(8);
        List<Callable<Integer>> tasks = new ArrayList<>();
        for (int i = 0; i < 8; i++) {
          String n = i % 2 == 0 ? name : name.toUpperCase();
          tasks.add(() -> {
            start.await();
            return new ApiClient(port).register(n, ApiClient.PASSWORD).status();
          });
        }
        List<Integer> statuses = new ArrayList<>();
        for (Future<Integer> f : pool.invokeAll(tasks)) statuses.add(f.get());
        assertThat(statuses).as("round %d: %s", round, statuses).containsOnly(201, 409).containsOnlyOnce(201);
        assertThat(SERVERS.client(db).login(name, ApiClient.PASSWORD).status()).isEqualTo(200);
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void badNamesAndPasswordsAre400WithAReason(TestDb db) {
    ApiClient a = SERVERS.client(db);
    assertThat(a.register("ab", ApiClient.PASSWORD)).satisfies(r -> {
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.error()).contains("name");
    });
    assertThat(a.register("bad name!", ApiClient.PASSWORD).status()).isEqualTo(400);
    assertThat(a.register(ApiClient.uniqueName("pw"), "short")).satisfies(r -> {
      assertThat(r.status()).isEqualTo(400);
      assertThat(r.error()).contains("8 characters");
    });
    Resp r = a.postRaw("/api/register", "{\"name\":5,\"password\":[]}", false);
    assertThat(r.status()).isEqualTo(400);
    assertThat(a.sessionToken()).isNull();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void loginWorksAndAWrongPasswordIs401(TestDb db) {
    String name = ApiClient.uniqueName("login");
    assertThat(SERVERS.client(db).register(name, ApiClient.PASSWORD).status()).isEqualTo(201);
    ApiClient a = SERVERS.client(db);
    Resp ok = a.login(name.toLowerCase(), ApiClient.PASSWORD);
    assertThat(ok.status()).as("%s", ok).isEqualTo(200);
    assertThat(a.get("/api/me").json().get("user").get("name").asText()).isEqualTo(name);
    // One wrong password (the limiter allows five) on a fresh client.
    ApiClient b = SERVERS.client(db);
    Resp bad = b.login(name, "wrong password");
    assertThat(bad.status()).isEqualTo(401);
    assertThat(bad.error()).contains("wrong name or password");
    assertThat(b.get("/api/me").status()).isEqualTo(401);
    assertThat(b.login(name, ApiClient.PASSWORD).status()).isEqualTo(200);
  }

  /** Its own server: the limiter counts failures by address, and every test client is 127.0.0.1. */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void tooManyFailedLoginsAre429WithRetryAfter(TestDb db) {
    db.assume();
    try (TablaServer server = TestServers.start(db)) {
      ApiClient a = new ApiClient(server.port());
      String name = ApiClient.uniqueName("limit");
      assertThat(a.register(name, ApiClient.PASSWORD).status()).isEqualTo(201);
      ApiClient b = new ApiClient(server.port());
      for (int i = 0; i < 5; i++) {
        assertThat(b.login(name, "guess number " + i).status()).as("failure %d", i).isEqualTo(401);
      }
      Resp limited = b.login(name, "guess number 6");
      assertThat(limited.status()).as("%s", limited).isEqualTo(429);
      assertThat(limited.error()).contains("too many");
      long retry = Long.parseLong(limited.headers().firstValue("Retry-After").orElseThrow());
      assertThat(retry).isBetween(1L, 300L);
      // Even the right password waits now, and no session was opened.
      Resp right = b.login(name, ApiClient.PASSWORD);
      assertThat(right.status()).isEqualTo(429);
      assertThat(right.headers().firstValue("Retry-After")).isPresent();
      assertThat(b.sessionToken()).isNull();
      // A session opened before keeps working.
      assertThat(a.get("/api/me").status()).isEqualTo(200);
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void afterLogoutTheOldCookieNoLongerWorks(TestDb db) {
    ApiClient a = SERVERS.client(db).registered("out");
    String token = a.sessionToken();
    assertThat(token).isNotNull();
    ApiClient stranger = new ApiClient(SERVERS.port(db));
    HttpRequest.Builder withOldCookie = stranger.request("/api/me").header("Cookie", "tabla_session=" + token);
    assertThat(stranger.send(withOldCookie.copy().GET()).status()).as("the cookie works before").isEqualTo(200);

    // Logout needs the CSRF header too; without it nothing happens.
    assertThat(a.postRaw("/api/logout", "", false).status()).isEqualTo(403);
    assertThat(a.get("/api/me").status()).isEqualTo(200);

    Resp out = a.post("/api/logout", null);
    assertThat(out.status()).isEqualTo(204);
    assertThat(a.get("/api/me").status()).isEqualTo(401);
    assertThat(stranger.send(withOldCookie.copy().GET()).status()).isEqualTo(401);
    Resp replay = stranger.send(stranger.request("/api/seeks").header("Cookie", "tabla_session=" + token)
        .header("X-CSRF-Token", a.csrf).header("Content-Type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString("{\"rules\":{\"matchLength\":1}}")));
    assertThat(replay.status()).isEqualTo(401);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void guestsPlayTheComputerButCannotCreateOrAcceptSeeks(TestDb db) {
    ApiClient member = SERVERS.client(db).registered("host");
    long seekId = member.seek("{\"matchLength\":3}");
    ApiClient guest = SERVERS.client(db).guest();
    assertThat(guest.user.get("guest").asBoolean()).isTrue();
    assertThat(guest.name()).startsWith("guest-");

    Resp create = guest.postRaw("/api/seeks", "{\"rules\":{\"matchLength\":1}}", true);
    assertThat(create.status()).isEqualTo(403);
    assertThat(create.error()).contains("guests");
    Resp accept = guest.post("/api/seeks/" + seekId + "/accept", null);
    assertThat(accept.status()).isEqualTo(403);
    assertThat(accept.error()).contains("guests");
    // Nothing changed: the seek is still open, the guest made none and has no game.
    assertThat(member.get("/api/seeks").json().get("seeks").findValuesAsText("creator"))
        .contains(member.name()).doesNotContain(guest.name());
    assertThat(ApiClient.ids(guest.get("/api/seeks").json().get("seeks")))
        .contains(seekId);
    assertThat(guest.get("/api/games").json().get("games")).isEmpty();

    long game = guest.computerGame(1, "beginner");
    assertThat(ApiClient.ids(guest.get("/api/games").json().get("games")))
        .containsExactly(game);
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void stateChangesWithoutTheRightCsrfHeaderAre403AndChangeNothing(TestDb db) {
    ApiClient a = SERVERS.client(db).registered("csrf");
    ApiClient other = SERVERS.client(db).registered("csrf");
    String rules = "{\"matchLength\":5}";
    String body = "{\"rules\":" + rules + "}";
    Resp none = a.postRaw("/api/seeks", body, false);
    assertThat(none.status()).isEqualTo(403);
    assertThat(none.error()).contains("X-CSRF-Token");
    Resp wrong = a.send(a.request("/api/seeks").header("X-CSRF-Token", "0".repeat(64))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(wrong.status()).isEqualTo(403);
    Resp someoneElses = a.send(a.request("/api/seeks").header("X-CSRF-Token", other.csrf)
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)));
    assertThat(someoneElses.status()).isEqualTo(403);
    assertThat(a.get("/api/seeks").json().get("seeks").findValuesAsText("creator")).doesNotContain(a.name());

    // A DELETE is checked too: the seek survives a cancel without the header.
    long seekId = a.seek(rules);
    Resp del = a.send(a.request("/api/seeks/" + seekId).DELETE());
    assertThat(del.status()).isEqualTo(403);
    assertThat(ApiClient.ids(a.get("/api/seeks").json().get("seeks")))
        .contains(seekId);
    assertThat(a.delete("/api/seeks/" + seekId).status()).isEqualTo(204);
    assertThat(ApiClient.ids(a.get("/api/seeks").json().get("seeks")))
        .doesNotContain(seekId);

    // No session at all: 401.
    Resp anonymous = new ApiClient(SERVERS.port(db)).postRaw("/api/seeks", body, false);
    assertThat(anonymous.status()).isEqualTo(401);
  }
}
