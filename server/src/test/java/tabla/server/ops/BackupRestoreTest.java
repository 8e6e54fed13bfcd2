package tabla.server.ops;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient;
import tabla.server.kernel.ServerConfig;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;

/**
 * A backup of a site in use (finished games, one in progress, a game against the computer), restored
 * into a fresh folder: every row of every game, its events and its dice is the same, the restored site
 * logs the players in and the game in progress plays on.
 */
class BackupRestoreTest {
  private static final String[] TABLES = {"users", "games", "game_events", "game_dice", "seeks"};
  private static ServerConfig config;
  private static TablaServer server;
  private static ApiClient alice;
  private static ApiClient bob;
  private static long running;

  @BeforeAll
  static void playSomeGames() {
    config = TestDb.H2.freshConfig(TestServers.DICE_SEED);
    server = TablaServer.start(config);
    alice = new ApiClient(server.port()).registered("alice");
    bob = new ApiClient(server.port()).registered("bob");
    Random rnd = new Random(5);
    long finished = ApiClient.newGame(alice, bob, 1);
    ApiClient.playToEnd(finished, new ApiClient[] {alice, bob}, rnd, 0.1, (a, s) -> {});
    long computer = alice.computerGame(1, "random");
    ApiClient.playToEnd(computer, new ApiClient[] {alice, null}, rnd, 0.0, (a, s) -> {});
    running = ApiClient.newGame(alice, bob, 5);
    for (int i = 0; i < 6; i++) {
      JsonNode s = alice.snapshot(running);
      ApiClient p = s.get("turn").asInt() == 0 ? alice : bob;
      JsonNode mine = p.snapshot(running);
      assertThat(p.act(running, mine.get("version").asInt(), ApiClient.randomAction(mine, rnd, 0)).status()).isEqualTo(200);
    }
  }

  @AfterAll
  static void stop() {
    if (server != null) server.close();
  }

  @ParameterizedTest
  @EnumSource(Backup.Format.class)
  @Timeout(120)
  void aBackupRestoredIntoAFreshFolderHoldsEveryGame(Backup.Format format) throws Exception {
    Path dir = TestDb.tempDir("tabla-backup-");
    Path file = Backup.write(config, Backup.newFile(dir, format, java.time.Instant.now()), format);
    assertThat(Files.size(file)).isPositive();
    assertThatThrownBy(() -> Backup.write(config, file, format)).hasMessageContaining("never overwrites");

    Path restoredDir = TestDb.tempDir("tabla-restored-");
    ServerConfig restored = config.withDb(ServerConfig.h2Url(restoredDir), config.dbUser(), config.dbPassword())
        .withSite(config.site().withDataDir(restoredDir));
    Backup.restore(file, restored);
    assertThatThrownBy(() -> Backup.restore(file, restored)).hasMessageContaining("never overwrites");

    for (String table : TABLES) {
      assertThat(rows(restored.dbUrl(), table)).as(table).isEqualTo(rows(config.dbUrl(), table)).isNotEmpty();
    }
    try (TablaServer again = TablaServer.start(restored)) {
      ApiClient a = new ApiClient(again.port());
      assertThat(a.login(alice.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      JsonNode before = alice.snapshot(running);
      JsonNode after = a.snapshot(running);
      assertThat(after.get("version")).isEqualTo(before.get("version"));
      assertThat(after.get("positionId")).isEqualTo(before.get("positionId"));
      ApiClient b = new ApiClient(again.port());
      assertThat(b.login(bob.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      ApiClient p = after.get("turn").asInt() == 0 ? a : b;
      JsonNode mine = p.snapshot(running);
      assertThat(p.act(running, mine.get("version").asInt(), ApiClient.randomAction(mine, new Random(1), 0)).status())
          .as("the game in progress plays on").isEqualTo(200);
    }
  }

  /** Every row of a table, in key order, as text. */
  static List<String> rows(String url, String table) throws SQLException {
    List<String> out = new ArrayList<>();
    try (Connection c = DriverManager.getConnection(url, "tabla", ""); Statement st = c.createStatement();
        ResultSet rs = st.executeQuery("SELECT * FROM " + table + " ORDER BY 1, 2")) {
      ResultSetMetaData md = rs.getMetaData();
      while (rs.next()) {
        StringBuilder sb = new StringBuilder();
        for (int i = 1; i <= md.getColumnCount(); i++) sb.append(md.getColumnName(i)).append('=').append(rs.getString(i)).append(' ');
        out.add(sb.toString());
      }
    }
    return out;
  }
}
