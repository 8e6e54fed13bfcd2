package tabla.server.kernel;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.regex.Pattern;

/**
 * One address or a CIDR range ("10.0.0.0/8", "::1", "127.0.0.1"), for the trusted proxies. Parsed from
 * literals only: a host name would make every request wait for DNS.
 */
public record AddressRange(byte[] network, int prefixBits) {
  // Compiled once: literal() runs on every request (the client's address), and String.matches compiles anew.
  private static final Pattern V4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern V6 = Pattern.compile("[0-9A-Fa-f:.]+(%[A-Za-z0-9]+)?");

  public static AddressRange parse(String text) {
    String s = text.trim();
    int slash = s.indexOf('/');
    byte[] addr = literal(slash < 0 ? s : s.substring(0, slash));
    if (addr == null) throw new IllegalArgumentException("not an IP address or CIDR range: '" + text + "'");
    int bits = addr.length * 8;
    if (slash >= 0) {
      try {
        bits = Integer.parseInt(s.substring(slash + 1));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("bad prefix length in '" + text + "'");
      }
      if (bits < 0 || bits > addr.length * 8) throw new IllegalArgumentException("bad prefix length in '" + text + "'");
    }
    return new AddressRange(addr, bits);
  }

  public boolean contains(String address) {
    byte[] a = literal(address);
    if (a == null || a.length != network.length) return false;
    int full = prefixBits / 8;
    for (int i = 0; i < full; i++) if (a[i] != network[i]) return false;
    int rest = prefixBits % 8;
    if (rest == 0) return true;
    int mask = (0xff << (8 - rest)) & 0xff;
    return (a[full] & mask) == (network[full] & mask);
  }

  /** The bytes of an IPv4 or IPv6 literal, or null for anything else (never a DNS look-up). */
  static byte[] literal(String s) {
    if (s == null) return null;
    String t = s.trim();
    if (t.startsWith("[") && t.endsWith("]")) t = t.substring(1, t.length() - 1);
    if (t.isEmpty()) return null;
    boolean v4 = V4.matcher(t).matches();
    boolean v6 = !v4 && t.indexOf(':') >= 0 && V6.matcher(t).matches();
    if (!v4 && !v6) return null;
    if (v4 && !octetsInRange(t)) return null;
    try {
      byte[] b = InetAddress.getByName(t).getAddress();
      // An IPv4-mapped IPv6 address (::ffff:1.2.3.4) is read as the IPv4 address it holds.
      if (b.length == 16 && isMapped(b)) return java.util.Arrays.copyOfRange(b, 12, 16);
      return b;
    } catch (UnknownHostException e) {
      return null;
    }
  }

  /** Each dotted part of an address V4 matched is at most 255. */
  private static boolean octetsInRange(String t) {
    int value = 0;
    for (int i = 0; i <= t.length(); i++) {
      if (i == t.length() || t.charAt(i) == '.') {
        if (value > 255) return false;
        value = 0;
      } else {
        value = value * 10 + (t.charAt(i) - '0');
      }
    }
    return true;
  }

  private static boolean isMapped(byte[] b) {
    for (int i = 0; i < 10; i++) if (b[i] != 0) return false;
    return b[10] == (byte) 0xff && b[11] == (byte) 0xff;
  }
}
