package tabla.server.kernel;

import java.util.List;

/**
 * The address of the person behind a request. Behind a reverse proxy every request comes from the
 * proxy, so the rate limits and the failed-login log would see one address; the proxy's
 * X-Forwarded-For is believed only when the direct peer is a trusted proxy, and then read from the
 * right, skipping the trusted hops (a client can write anything at the left of that header).
 */
public final class ClientAddress {
  private final List<AddressRange> trusted;

  public ClientAddress(List<AddressRange> trusted) {
    this.trusted = List.copyOf(trusted);
  }

  public String of(String peer, String forwardedFor) {
    if (!isTrusted(peer) || forwardedFor == null || forwardedFor.isBlank()) return peer;
    String[] hops = forwardedFor.split(",");
    for (int i = hops.length - 1; i >= 0; i--) {
      String hop = hops[i].trim();
      if (AddressRange.literal(hop) == null) return peer; // garbage: do not guess
      if (!isTrusted(hop)) return hop;
    }
    return hops[0].trim();
  }

  /**
   * What the rate limits count a client by: its address, but for IPv6 its /64 network, since one household or
   * server is handed a whole /64 and could otherwise take a fresh address for every try.
   */
  public static String limitKey(String address) {
    byte[] b = AddressRange.literal(address);
    if (b == null || b.length != 16) return address;
    return java.util.HexFormat.of().formatHex(b, 0, 8) + "::/64";
  }

  private boolean isTrusted(String address) {
    for (AddressRange r : trusted) if (r.contains(address)) return true;
    return false;
  }
}
