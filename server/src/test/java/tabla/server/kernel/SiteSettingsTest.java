package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.ServerConfig;

class SiteSettingsTest {

  @Test
  void defaultsAreLoopbackOpenRegistrationAndPlainCookies() {
    ServerConfig c = ServerConfig.fromEnv(Map.of());
    assertThat(c.site().bindHost()).isEqualTo("127.0.0.1");
    assertThat(c.site().registration()).isEqualTo(RegistrationMode.OPEN);
    assertThat(c.site().secureCookies()).isFalse();
    assertThat(c.site().admins()).isEmpty();
    assertThat(c.testDiceSeed()).isNull();
  }

  @Test
  void everySettingIsReadFromTheEnvironment() {
    ServerConfig c = ServerConfig.fromEnv(Map.of("TABLA_BIND", "0.0.0.0", "TABLA_PUBLIC_URL", "https://club.example.org",
        "TABLA_TRUSTED_PROXIES", "127.0.0.1, 10.0.0.0/8", "TABLA_REGISTRATION", "Invitation",
        "TABLA_ADMINS", "Alice, bob", "TABLA_DATA", "/var/lib/tabla", "TABLA_PORT", "9000"));
    assertThat(c.port()).isEqualTo(9000);
    assertThat(c.site().bindHost()).isEqualTo("0.0.0.0");
    assertThat(c.site().secureCookies()).isTrue();
    assertThat(c.site().registration()).isEqualTo(RegistrationMode.INVITATION);
    assertThat(c.site().isAdmin("alice")).isTrue();
    assertThat(c.site().isAdmin("BOB")).isTrue();
    assertThat(c.site().isAdmin("carol")).isFalse();
    assertThat(c.dbUrl()).startsWith("jdbc:h2:file:/var/lib/tabla/tabla;");
    assertThat(c.site().trustedProxies()).hasSize(2);
  }

  @Test
  void anHttpPublicUrlKeepsCookiesPlain() {
    assertThat(ServerConfig.fromEnv(Map.of("TABLA_PUBLIC_URL", "http://192.168.1.5:8080")).site().secureCookies()).isFalse();
  }

  @Test
  void wrongValuesStopTheStartWithTheReason() {
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of("TABLA_REGISTRATION", "maybe")))
        .hasMessageContaining("open, invitation or closed");
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of("TABLA_PUBLIC_URL", "club.example.org")))
        .hasMessageContaining("TABLA_PUBLIC_URL");
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of("TABLA_TRUSTED_PROXIES", "proxy.example.org")))
        .hasMessageContaining("not an IP address");
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of("TABLA_TRUSTED_PROXIES", "10.0.0.0/33")))
        .hasMessageContaining("prefix");
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of("TABLA_PORT", "eighty")))
        .hasMessageContaining("TABLA_PORT");
  }

  @Test
  void testDiceSeedIsRefusedWithoutTheInsecureFlag() {
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of(ServerConfig.TEST_DICE_ENV, "42")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("predictable").hasMessageContaining(ServerConfig.INSECURE_DICE_ENV);
    assertThatThrownBy(() -> ServerConfig.fromEnv(Map.of(ServerConfig.TEST_DICE_ENV, "42",
        ServerConfig.INSECURE_DICE_ENV, "yes"))).isInstanceOf(IllegalArgumentException.class);
    ServerConfig c = ServerConfig.fromEnv(Map.of(ServerConfig.TEST_DICE_ENV, "42", ServerConfig.INSECURE_DICE_ENV, "1"));
    assertThat(c.testDiceSeed()).isEqualTo(42L);
  }

  @Test
  void forwardedForIsBelievedOnlyFromATrustedProxyAndReadFromTheRight() {
    ClientAddress a = new ClientAddress(List.of(AddressRange.parse("127.0.0.1"), AddressRange.parse("10.0.0.0/8")));
    // Straight from the internet: the header is whatever the client wrote.
    assertThat(a.of("203.0.113.9", "1.2.3.4")).isEqualTo("203.0.113.9");
    // Through our proxy: the address the proxy saw.
    assertThat(a.of("127.0.0.1", "198.51.100.7")).isEqualTo("198.51.100.7");
    // A client that forges the left part cannot choose its address: the right-most untrusted hop counts.
    assertThat(a.of("127.0.0.1", "1.1.1.1, 198.51.100.7")).isEqualTo("198.51.100.7");
    // Two trusted hops (a load balancer on 10.x in front of the proxy).
    assertThat(a.of("127.0.0.1", "198.51.100.7, 10.1.2.3")).isEqualTo("198.51.100.7");
    // No header, or garbage in it: the peer.
    assertThat(a.of("127.0.0.1", null)).isEqualTo("127.0.0.1");
    assertThat(a.of("127.0.0.1", "evil.example.org")).isEqualTo("127.0.0.1");
    // No trusted proxies at all: always the peer.
    assertThat(new ClientAddress(List.of()).of("127.0.0.1", "198.51.100.7")).isEqualTo("127.0.0.1");
  }

  @Test
  void rangesMatchIpv4Ipv6AndMappedAddresses() {
    assertThat(AddressRange.parse("10.0.0.0/8").contains("10.255.1.2")).isTrue();
    assertThat(AddressRange.parse("10.0.0.0/8").contains("11.0.0.1")).isFalse();
    assertThat(AddressRange.parse("192.168.1.0/25").contains("192.168.1.127")).isTrue();
    assertThat(AddressRange.parse("192.168.1.0/25").contains("192.168.1.128")).isFalse();
    assertThat(AddressRange.parse("::1").contains("0:0:0:0:0:0:0:1")).isTrue();
    assertThat(AddressRange.parse("fd00::/8").contains("fd12::5")).isTrue();
    assertThat(AddressRange.parse("127.0.0.1").contains("::ffff:127.0.0.1")).isTrue();
    assertThat(AddressRange.parse("127.0.0.1").contains("localhost")).isFalse();
  }
}
