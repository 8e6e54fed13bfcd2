package tabla.server.fibs;

import tabla.server.kernel.FibsSettings;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.ServerConfig;

/** TABLA_FIBS_PORT: FIBS's 4321 for ./tabla serve, a port of one's own, off; a wrong value says which. */
class FibsSettingsTest {
  @Test
  void thePortComesFromTheEnvironment() {
    assertThat(ServerConfig.fromEnv(Map.of()).fibs()).isEqualTo(FibsSettings.on(4321));
    assertThat(ServerConfig.fromEnv(Map.of(FibsSettings.ENV, "5000")).fibs().port()).isEqualTo(5000);
    assertThat(ServerConfig.fromEnv(Map.of(FibsSettings.ENV, "off")).fibs().enabled()).isFalse();
    // servers made in code (tests, the load test) have no CLIP port unless they ask for one
    assertThat(new ServerConfig(0, "jdbc:h2:mem:x", "u", "", null).fibs().enabled()).isFalse();
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of(FibsSettings.ENV, "telnet")))
        .hasMessage("TABLA_FIBS_PORT must be a port number (0-65535) or 'off', not 'telnet'");
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of(FibsSettings.ENV, "70000")))
        .hasMessageContaining("TABLA_FIBS_PORT must be a port number");
  }
}
