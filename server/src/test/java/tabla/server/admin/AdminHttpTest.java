package tabla.server.admin;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.HttpRequest;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.RegistrationMode;

/** Accounts and moderation over HTTP: password change and reset, bans, roles, registration modes, the admin token, shutdown. */
class AdminHttpTest {
  private static final String ADMIN = "chief";
  private static ServerConfig config;
  private static TablaServer server;
  private static ApiClient admin;

  @BeforeAll
  static void start() {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    config = c.withSite(c.site().withAdmins(Set.of(ADMIN)));
    server = TablaServer.start(config);
    admin = new ApiClient(server.port());
    assertThat(admin.register(ADMIN, ApiClient.PASSWORD).status()).isEqualTo(201);
  }

  @AfterAll
  static void stop() {
    if (server != null) server.close();
  }

  private static ApiClient player(String prefix) {
    return new ApiClient(server.port()).registered(prefix);
  }

  /**
   * Issue 30: a NUL in an admin search gave 500 on PostgreSQL; shutdown seconds past the int range wrapped to "now"
   * and a word became 60 s. Each is a 400 with a sentence now, and nothing is shut down.
   */
  @Test
  void controlCharactersInAQueryAndBadShutdownSecondsAre400() {
    for (String path : new String[] {"/api/admin/users?q=a%00b", "/api/admin/chat?name=%00", "/api/admin/users?q=%1B"}) {
      Resp r = admin.get(path);
      assertThat(r.status()).as("%s: %s", path, r).isEqualTo(400);
      assertThat(r.error()).contains("control characters");
    }
    assertThat(admin.get("/api/admin/users?q=chief").status()).isEqualTo(200);
    for (String seconds : new String[] {"9223372036854775808", "\"abc\"", "-1", "1.5", "86400000"}) {
      Resp r = admin.postRaw("/api/admin/shutdown", "{\"seconds\":" + seconds + "}", true);
      assertThat(r.status()).as("seconds %s: %s", seconds, r).isEqualTo(400);
      assertThat(r.error()).startsWith("seconds must be a whole number from 0 to ");
    }
    assertThat(new ApiClient(server.port()).get("/api/notices").json().get("shutdown").isNull()).as("no shutdown").isTrue();
  }

  @Test
  void aPlayerChangesTheirPasswordAndAnAdminResetsIt() {
    ApiClient p = player("pw");
    ApiClient elsewhere = new ApiClient(server.port());
    assertThat(elsewhere.login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
    assertThat(p.post("/api/me/password", Map.of("old", "not it", "new", "brand new secret")).status()).isEqualTo(403);
    assertThat(p.post("/api/me/password", Map.of("old", ApiClient.PASSWORD, "new", "brand new secret")).status()).isEqualTo(204);
    assertThat(p.get("/api/me").status()).as("this session stays").isEqualTo(200);
    assertThat(elsewhere.get("/api/me").status()).as("the others end").isEqualTo(401);
    assertThat(new ApiClient(server.port()).login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(401);
    assertThat(new ApiClient(server.port()).login(p.name(), "brand new secret").status()).isEqualTo(200);

    // A player may not reset anyone's password; an admin may.
    ApiClient other = player("pw");
    assertThat(other.post("/api/admin/reset-password", Map.of("name", p.name())).status()).isEqualTo(403);
    Resp reset = admin.post("/api/admin/reset-password", Map.of("name", p.name()));
    assertThat(reset.status()).isEqualTo(200);
    String fresh = reset.json().get("password").asText();
    assertThat(p.get("/api/me").status()).as("a reset ends the sessions").isEqualTo(401);
    assertThat(new ApiClient(server.port()).login(p.name(), "brand new secret").status()).isEqualTo(401);
    assertThat(new ApiClient(server.port()).login(p.name(), fresh).status()).isEqualTo(200);
  }

  @Test
  @Timeout(60)
  void aBannedUsersSessionAndSocketsEndAndTheyCannotLogInUntilUnbanned() throws Exception {
    ApiClient pest = player("pest");
    long game = pest.computerGame(1, "random");
    CompletableFuture<Integer> closed = new CompletableFuture<>();
    CountDownLatch heard = new CountDownLatch(1);
    pest.webSocket("/ws/games/" + game, new WebSocket.Listener() {
      @Override
      public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
        heard.countDown();
        ws.request(1);
        return null;
      }

      @Override
      public CompletionStage<?> onClose(WebSocket ws, int code, String reason) {
        closed.complete(code);
        return null;
      }
    });
    // counted by the server once its first message (the snapshot) came: the ban counts and closes it
    assertThat(heard.await(20, TimeUnit.SECONDS)).as("the board's first message").isTrue();
    ApiClient moderator = player("mod");
    assertThat(moderator.post("/api/admin/ban", Map.of("name", pest.name())).status()).as("not yet a moderator").isEqualTo(403);
    assertThat(moderator.get("/api/session").json().get("staff").asBoolean()).as("a player is not staff").isFalse();
    Resp noRole = admin.post("/api/admin/role", Map.of("name", moderator.name(), "role", "king"));
    assertThat(noRole.status()).as("%s", noRole).isEqualTo(400);
    assertThat(noRole.json().path("code").asText()).as("a role not told carries its code").isEqualTo("admin.role");
    assertThat(admin.post("/api/admin/role", Map.of("name", moderator.name(), "role", "moderator")).status()).isEqualTo(200);
    // the pages show the way to the moderation page only to staff
    assertThat(moderator.get("/api/session").json().get("staff").asBoolean()).as("a moderator is staff").isTrue();
    assertThat(moderator.get("/api/me").json().get("staff").asBoolean()).isTrue();
    assertThat(admin.get("/api/session").json().get("staff").asBoolean()).as("an admin is staff").isTrue();
    assertThat(pest.get("/api/me").json().get("staff").asBoolean()).isFalse();
    Resp ban = moderator.post("/api/admin/ban", Map.of("name", pest.name(), "reason", "abuse"));
    assertThat(ban.status()).as("%s", ban).isEqualTo(200);
    assertThat(ban.json().get("socketsClosed").asInt()).isEqualTo(1);
    assertThat(closed.get(10, TimeUnit.SECONDS)).isEqualTo(tabla.server.ops.Sockets.CLOSE_BANNED);
    assertThat(pest.get("/api/me").status()).isEqualTo(401);
    assertThat(pest.post("/api/games/computer", Map.of()).status()).isEqualTo(401);
    Resp login = new ApiClient(server.port()).login(pest.name(), ApiClient.PASSWORD);
    assertThat(login.status()).isEqualTo(403);
    assertThat(login.error()).isEqualTo("this account is banned: abuse");
    assertThat(moderator.post("/api/admin/role", Map.of("name", pest.name(), "role", "admin")).status())
        .as("roles are the admins' business").isEqualTo(403);
    assertThat(moderator.post("/api/admin/ban", Map.of("name", ADMIN)).status()).isEqualTo(403);

    assertThat(moderator.post("/api/admin/unban", Map.of("name", pest.name())).status()).isEqualTo(200);
    assertThat(new ApiClient(server.port()).login(pest.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
  }

  @Test
  void deletingAnAccountKeepsItsGamesUnderAnAnonymousName() {
    ApiClient p = player("gone");
    long game = p.computerGame(1, "random");
    assertThat(p.post("/api/me/delete", Map.of("password", ApiClient.PASSWORD)).status()).as("a game in progress").isEqualTo(409);
    // The game ends (as if resigned) straight in the database: this test is about the account.
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(config.dbUrl(), "tabla", "");
        java.sql.Statement st = c.createStatement()) {
      st.executeUpdate("UPDATE games SET status = 'finished' WHERE id = " + game);
    } catch (java.sql.SQLException e) {
      throw new AssertionError(e);
    }
    assertThat(p.post("/api/me/delete", Map.of("password", "wrong password")).status()).isEqualTo(403);
    assertThat(p.post("/api/me/delete", Map.of("password", ApiClient.PASSWORD)).status()).isEqualTo(204);
    assertThat(p.get("/api/me").status()).isEqualTo(401);
    try (java.sql.Connection c = java.sql.DriverManager.getConnection(config.dbUrl(), "tabla", "");
        java.sql.ResultSet rs = c.createStatement().executeQuery(
            "SELECT u.name, u.password_hash FROM games g JOIN users u ON u.id = g.player0 WHERE g.id = " + game)) {
      assertThat(rs.next()).as("the game stays").isTrue();
      assertThat(rs.getString(1)).isEqualTo("deleted." + p.id());
      assertThat(rs.getString(2)).isNull();
    } catch (java.sql.SQLException e) {
      throw new AssertionError(e);
    }
    assertThat(new ApiClient(server.port()).login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(401);
  }

  @Test
  void noticesReachEveryPageAndTheAdminTokenWorksForTheCommandLine() throws Exception {
    assertThat(admin.post("/api/admin/motd", Map.of("text", "Welcome to the club")).status()).isEqualTo(200);
    assertThat(admin.post("/api/admin/broadcast", Map.of("text", "Tournament starts in 5 minutes")).status()).isEqualTo(200);
    JsonNode n = new ApiClient(server.port()).get("/api/notices").json();
    assertThat(n.get("motd").asText()).isEqualTo("Welcome to the club");
    assertThat(n.get("broadcasts")).anySatisfy(b -> assertThat(b.get("text").asText()).isEqualTo("Tournament starts in 5 minutes"));

    AdminToken.Local local = AdminToken.read(AdminToken.file(config.site().dataDir()));
    assertThat(local.url()).isEqualTo("http://127.0.0.1:" + server.port());
    assertThat(Files.getPosixFilePermissions(AdminToken.file(config.site().dataDir())))
        .containsExactlyInAnyOrder(java.nio.file.attribute.PosixFilePermission.OWNER_READ,
            java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
    ApiClient cli = new ApiClient(server.port());
    Resp invite = cli.send(cli.request("/api/admin/invitations").header(AdminToken.HEADER, local.token())
        .POST(HttpRequest.BodyPublishers.ofString("{}")));
    assertThat(invite.status()).as("%s", invite).isEqualTo(200);
    Resp wrong = cli.send(cli.request("/api/admin/invitations").header(AdminToken.HEADER, "0".repeat(64))
        .POST(HttpRequest.BodyPublishers.ofString("{}")));
    assertThat(wrong.status()).isEqualTo(403);
    Resp backup = cli.send(cli.request("/api/admin/backup").header(AdminToken.HEADER, local.token())
        .POST(HttpRequest.BodyPublishers.ofString("{}")));
    assertThat(backup.status()).as("%s", backup).isEqualTo(200);
    assertThat(Files.size(java.nio.file.Path.of(backup.json().get("file").asText()))).isPositive();
  }

  @Test
  void registrationCanBeClosedOrByInvitation() {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    try (TablaServer closed = TablaServer.start(c.withSite(c.site().withRegistration(RegistrationMode.CLOSED)))) {
      Resp r = new ApiClient(closed.port()).register("someone", ApiClient.PASSWORD);
      assertThat(r.status()).isEqualTo(403);
      assertThat(r.error()).isEqualTo("registration is closed on this site");
      assertThat(new ApiClient(closed.port()).postRaw("/api/guest", "", false).status()).as("guests still play").isEqualTo(200);
    }
    ServerConfig c2 = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    try (TablaServer invited = TablaServer.start(c2.withSite(c2.site().withRegistration(RegistrationMode.INVITATION)
        .withAdmins(Set.of("boss"))))) {
      ApiClient anyone = new ApiClient(invited.port());
      assertThat(anyone.register("boss", ApiClient.PASSWORD).status()).as("without a code").isEqualTo(403);
      AdminToken.Local local = AdminToken.read(AdminToken.file(c2.site().dataDir()));
      String code = anyone.send(anyone.request("/api/admin/invitations").header(AdminToken.HEADER, local.token())
          .POST(HttpRequest.BodyPublishers.ofString("{}"))).json().get("code").asText();
      String body = ApiClient.write(Map.of("name", "newcomer", "password", ApiClient.PASSWORD));
      Resp taken = anyone.send(anyone.request("/api/register?invitation=" + code).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(ApiClient.write(Map.of("name", "x", "password", ApiClient.PASSWORD)))));
      assertThat(taken.status()).as("a refused registration gives the code back").isEqualTo(400);
      Resp ok = anyone.send(anyone.request("/api/register?invitation=" + code).header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(body)));
      assertThat(ok.status()).as("%s", ok).isEqualTo(201);
      Resp again = new ApiClient(invited.port()).send(anyone.request("/api/register?invitation=" + code)
          .header("Content-Type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(ApiClient.write(Map.of("name", "second", "password", ApiClient.PASSWORD)))));
      assertThat(again.status()).as("one account per code").isEqualTo(403);
    }
  }

  @Test
  @Timeout(60)
  void aGracefulShutdownTellsLiveGamesRefusesNewOnesThenStops() throws Exception {
    ServerConfig c = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    TablaServer s = TablaServer.start(c.withSite(c.site().withAdmins(Set.of("boss"))));
    CountDownLatch stopped = new CountDownLatch(1);
    s.onShutdown(() -> {
      s.close();
      stopped.countDown();
    });
    ApiClient boss = new ApiClient(s.port());
    boss.register("boss", ApiClient.PASSWORD);
    ApiClient p = new ApiClient(s.port()).registered("live");
    long game = p.computerGame(3, "random");
    List<String> told = new CopyOnWriteArrayList<>();
    CountDownLatch heard = new CountDownLatch(1);
    p.webSocket("/ws/games/" + game, new WebSocket.Listener() {
      @Override
      public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
        told.add(data.toString());
        heard.countDown();
        ws.request(1);
        return null;
      }
    });
    // the client's socket is open before the server has counted it (its upgrade's answer comes first): its first
    // message (the snapshot) says it is counted, so the shutdown's notice is sent to it
    assertThat(heard.await(20, TimeUnit.SECONDS)).as("the board's first message").isTrue();
    Resp r = boss.post("/api/admin/shutdown", Map.of("seconds", 2, "message", "Upgrade to the new version"));
    assertThat(r.status()).as("%s", r).isEqualTo(200);
    assertThat(p.post("/api/games/computer", Map.of("rules", Map.of("matchLength", 1), "level", "random")).status()).isEqualTo(503);
    assertThat(new ApiClient(s.port()).get("/api/notices").json().get("shutdown").get("message").asText())
        .isEqualTo("Upgrade to the new version");
    assertThat(stopped.await(20, TimeUnit.SECONDS)).isTrue();
    assertThat(told).anySatisfy(m -> assertThat(m).contains("\"type\":\"notice\"").contains("\"kind\":\"shutdown\"")
        .contains("Upgrade to the new version"));

    // After the restart the game is there, where it was.
    try (TablaServer again = TablaServer.start(c)) {
      ApiClient back = new ApiClient(again.port());
      assertThat(back.login(p.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      assertThat(back.snapshot(game).get("status").asText()).isEqualTo("playing");
      assertThat(new ApiClient(again.port()).get("/api/notices").json().get("shutdown").isNull()).isTrue();
    }
  }
}
