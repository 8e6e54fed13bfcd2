package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** A node of several only when asked, with a shared secret, on PostgreSQL; each wrong value said plainly. */
class ClusterSettingsTest {
  private static final String SECRET = "0123456789abcdef";

  @Test
  void withoutANodeNameTheServerIsASingleNode() {
    assertThat(ClusterSettings.fromEnv(Map.of()).enabled()).isFalse();
    assertThat(ClusterSettings.fromEnv(Map.of()).refusal("jdbc:h2:file:/tmp/x")).isNull();
  }

  @Test
  void aNodeNeedsASecretAndAPlainName() {
    assertThatThrownBy(() -> ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n1")))
        .hasMessageContaining("TABLA_CLUSTER_SECRET");
    assertThatThrownBy(() -> ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n1", "TABLA_CLUSTER_SECRET", "short")))
        .hasMessageContaining("at least 16");
    assertThatThrownBy(() -> ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n 1; drop", "TABLA_CLUSTER_SECRET", SECRET)))
        .hasMessageContaining("TABLA_NODE_ID");
    ClusterSettings s = ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n1", "TABLA_CLUSTER_SECRET", SECRET,
        "TABLA_NODE_URL", "http://10.0.0.5:8081/"));
    assertThat(s.urlFor(9999)).isEqualTo("http://10.0.0.5:8081");
    assertThat(ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n1", "TABLA_CLUSTER_SECRET", SECRET)).urlFor(8081))
        .isEqualTo("http://127.0.0.1:8081");
  }

  @Test
  void theLeaseIsThreeSecondsUnlessSetWithinItsBounds() {
    Map<String, String> node = Map.of("TABLA_NODE_ID", "n1", "TABLA_CLUSTER_SECRET", SECRET);
    assertThat(ClusterSettings.fromEnv(node).leaseMillis()).isEqualTo(3000);
    java.util.function.Function<String, ClusterSettings> with = v -> {
      Map<String, String> env = new java.util.HashMap<>(node);
      env.put("TABLA_LEASE_SECONDS", v);
      return ClusterSettings.fromEnv(env);
    };
    assertThat(with.apply(" 10 ").leaseMillis()).isEqualTo(10_000);
    for (String bad : new String[] {"1", "61", "2.5", "ten", "-3"}) {
      assertThatThrownBy(() -> with.apply(bad)).as(bad).hasMessageContaining("TABLA_LEASE_SECONDS")
          .hasMessageContaining("'" + bad + "'");
    }
  }

  @Test
  void severalNodesAreRefusedOnH2() {
    ClusterSettings s = ClusterSettings.fromEnv(Map.of("TABLA_NODE_ID", "n1", "TABLA_CLUSTER_SECRET", SECRET));
    assertThat(s.refusal("jdbc:h2:file:/tmp/tabla")).contains("needs PostgreSQL");
    assertThat(s.refusal("jdbc:postgresql://localhost/tabla")).isNull();
  }

  @Test
  void onlyTheGamesPathsAreForwarded() {
    assertThat(Forwarding.gameId("/api/games/42/actions")).isEqualTo(42);
    assertThat(Forwarding.gameId("/api/games/42")).isEqualTo(42);
    assertThat(Forwarding.gameId("/api/games/computer")).isEqualTo(-1);
    assertThat(Forwarding.gameId("/api/seeks/42")).isEqualTo(-1);
    assertThat(Forwarding.gameId("/api/games/99999999999999999999")).isEqualTo(-1);
  }
}
