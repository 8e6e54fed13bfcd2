package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Address literals as the trusted-proxy rule reads them: IPv4, IPv6, bracketed, mapped; never a host name. */
class AddressRangeTest {
  @Test
  void readsIpv4AndIpv6LiteralsOnly() {
    assertThat(AddressRange.literal("203.0.113.7")).containsExactly(203, 0, 113, 7);
    assertThat(AddressRange.literal(" 0.0.0.0 ")).containsExactly(0, 0, 0, 0);
    assertThat(AddressRange.literal("255.255.255.255")).containsExactly(-1, -1, -1, -1);
    assertThat(AddressRange.literal("::1")).hasSize(16);
    assertThat(AddressRange.literal("[2001:db8::1]")).hasSize(16);
    assertThat(AddressRange.literal("::ffff:198.51.100.4")).containsExactly(198, 51, 100, 4);
    for (String bad : new String[] {"256.1.1.1", "1.1.1.300", "1.2.3", "1.2.3.4.5", "1234.1.1.1", "localhost",
        "example.org", "", "[]", "unknown", "1.2.3.4:80", "::g", null}) {
      assertThat(AddressRange.literal(bad)).as("'%s'", bad).isNull();
    }
  }

  @Test
  void rangesContainTheirAddressesAndNoOthers() {
    AddressRange ten = AddressRange.parse("10.0.0.0/8");
    assertThat(ten.contains("10.255.1.2")).isTrue();
    assertThat(ten.contains("11.0.0.1")).isFalse();
    assertThat(ten.contains("::1")).isFalse();
    AddressRange odd = AddressRange.parse("192.168.4.0/22");
    assertThat(odd.contains("192.168.7.255")).isTrue();
    assertThat(odd.contains("192.168.8.0")).isFalse();
    assertThat(AddressRange.parse("::1").contains("::1")).isTrue();
    assertThat(AddressRange.parse("127.0.0.1").contains("127.0.0.2")).isFalse();
    assertThatThrownBy(() -> AddressRange.parse("10.0.0.0/33")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> AddressRange.parse("proxy.local")).isInstanceOf(IllegalArgumentException.class);
  }
}
