package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.util.Random;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.kernel.ServerConfig;

/**
 * A crash between a game's end and its seed's reveal, set up in the database. Apart from {@link ServerRestartTest}
 * because nothing here bounds a time: it runs beside the other classes, not in the serial tail.
 */
class SeedRevealAfterCrashTest {
  private static final long SEED = 77L;

  /**
   * A game's last action and the reveal of its dice seed are two writes: a crash between them leaves
   * a finished game whose seed is still secret. After a restart the seed is revealed all the same.
   */
  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aSeedLeftSecretByACrashIsRevealedAfterTheRestart(TestDb db) throws Exception {
    ServerConfig config = db.freshConfig(TestServers.DICE_SEED);
    long game;
    JsonNode end;
    ApiClient alice;
    try (TablaServer server = TablaServer.start(config)) {
      alice = new ApiClient(server.port()).registered("alice");
      ApiClient bob = new ApiClient(server.port()).registered("bob");
      game = ApiClient.newGame(alice, bob, 1);
      end = ApiClient.playToEnd(game, new ApiClient[] {alice, bob}, new Random(SEED), 0, (a, s) -> { });
    }
    // The state the crash leaves: every action stored, the seed not yet revealed.
    try (Connection c = DriverManager.getConnection(config.dbUrl(), config.dbUser(), config.dbPassword());
        PreparedStatement st = c.prepareStatement("UPDATE game_dice SET revealed = FALSE WHERE game_id = ?")) {
      st.setLong(1, game);
      assertThat(st.executeUpdate()).isEqualTo(1);
    }
    try (TablaServer server = TablaServer.start(config)) {
      ApiClient again = new ApiClient(server.port());
      assertThat(again.login(alice.name(), ApiClient.PASSWORD).status()).isEqualTo(200);
      assertThat(again.snapshot(game)).isEqualTo(end);
      ApiGamePlayTest.verifyDice(again, game, end);
    }
  }
}
