package tabla.server.socket;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * {@link UpgradeRelease} reads private fields of Javalin and Jetty by name: after an upgrade of either, this says
 * whether they are still there (if not, every socket keeps its upgrade request again, about 12 kB each). That a
 * socket still works once released is every socket test's business (ApiWebSocketTest, SocketEdgesTest, ...), and
 * what it saves is LiveMatchMemoryTest's.
 */
class UpgradeReleaseTest {
  @Test
  void theFieldsItReleasesAreThere() {
    assertThat(UpgradeRelease.fieldsFound()).isTrue();
  }
}
