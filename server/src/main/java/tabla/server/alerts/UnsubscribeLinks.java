package tabla.server.alerts;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HexFormat;
import java.util.Optional;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One-click unsubscribe links: {@code /unsubscribe?u=USER&k=KIND&s=SIGNATURE} (KIND a kind's key, or "all"), the
 * signature an HMAC-SHA256 of the user and the kind under the site's key. A link stops that mail for that account and
 * nothing else, needs no session, and cannot be made for another account without the key.
 */
public final class UnsubscribeLinks {
  /** The kind of a link that stops every alert mail. */
  public static final String ALL = "all";

  /** What a good link asks: stop mailing {@code kinds} to {@code user}. */
  public record Request(long user, java.util.Set<AlertKind> kinds, String key) {}

  private final byte[] key;

  public UnsubscribeLinks(String keyHex) {
    this.key = HexFormat.of().parseHex(keyHex);
  }

  /** A fresh random key, hex (32 bytes). */
  public static String freshKey() {
    byte[] b = new byte[32];
    new java.security.SecureRandom().nextBytes(b);
    return HexFormat.of().formatHex(b);
  }

  /** The link's query, without the site's address: {@code u=…&k=…&s=…}. */
  public String query(long user, String kinds) {
    return "u=" + user + "&k=" + kinds + "&s=" + sign(user, kinds);
  }

  /** The request a link's parameters make, when they are well formed and signed by this site; else empty. */
  public Optional<Request> check(String u, String k, String s) {
    if (u == null || k == null || s == null) return Optional.empty();
    long user;
    try {
      user = Long.parseLong(u);
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
    java.util.Set<AlertKind> kinds = ALL.equals(k) ? java.util.EnumSet.allOf(AlertKind.class)
        : AlertKind.of(k).map(java.util.EnumSet::of).orElse(null);
    if (kinds == null) return Optional.empty();
    byte[] want = sign(user, k).getBytes(StandardCharsets.US_ASCII);
    if (!MessageDigest.isEqual(want, s.getBytes(StandardCharsets.US_ASCII))) return Optional.empty();
    return Optional.of(new Request(user, kinds, k));
  }

  private String sign(long user, String kinds) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      byte[] d = mac.doFinal(("unsubscribe:" + user + ":" + kinds).getBytes(StandardCharsets.US_ASCII));
      return Base64.getUrlEncoder().withoutPadding().encodeToString(d);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java", e);
    }
  }
}
