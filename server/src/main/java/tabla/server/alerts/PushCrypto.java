package tabla.server.alerts;

import java.io.ByteArrayOutputStream;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.AlgorithmParameters;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.SecureRandom;
import java.security.Signature;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.spec.ECGenParameterSpec;
import java.security.spec.ECParameterSpec;
import java.security.spec.ECPoint;
import java.security.spec.ECPrivateKeySpec;
import java.security.spec.ECPublicKeySpec;
import java.util.Arrays;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.KeyAgreement;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The cryptography of Web Push, with the JDK alone (no maintained Java library resolves here): the message encrypted
 * for one browser (RFC 8291, "aes128gcm" of RFC 8188, one record) and the server's signed claim (VAPID, RFC 8292,
 * an ES256 JWT). P-256 keys travel as the browser gives them: base64url of the 65-byte uncompressed point.
 */
public final class PushCrypto {
  private PushCrypto() {}

  /** The record size written in the header; a push message is one record, far below it. */
  static final int RECORD_SIZE = 4096;
  /** The plaintext one message may hold (RFC 8291 §4: 4096 bytes a message, less the header, tag and delimiter). */
  public static final int MAX_PLAINTEXT = 3993;

  private static final SecureRandom RANDOM = new SecureRandom();
  private static final ECParameterSpec P256 = p256();

  private static ECParameterSpec p256() {
    try {
      AlgorithmParameters p = AlgorithmParameters.getInstance("EC");
      p.init(new ECGenParameterSpec("secp256r1"));
      return p.getParameterSpec(ECParameterSpec.class);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("P-256 is part of every Java", e);
    }
  }

  public static byte[] unb64(String s) {
    return Base64.getUrlDecoder().decode(s.replace("=", ""));
  }

  public static String b64(byte[] b) {
    return Base64.getUrlEncoder().withoutPadding().encodeToString(b);
  }

  /** A fresh P-256 key pair. */
  public static KeyPair newKeyPair() {
    try {
      KeyPairGenerator g = KeyPairGenerator.getInstance("EC");
      g.initialize(new ECGenParameterSpec("secp256r1"), RANDOM);
      return g.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("P-256 is part of every Java", e);
    }
  }

  /** The 65 bytes of a public key's uncompressed point (0x04, x, y). */
  public static byte[] raw(ECPublicKey k) {
    byte[] out = new byte[65];
    out[0] = 4;
    fixed32(k.getW().getAffineX(), out, 1);
    fixed32(k.getW().getAffineY(), out, 33);
    return out;
  }

  /** The 32 bytes of a private key's scalar. */
  public static byte[] raw(ECPrivateKey k) {
    byte[] out = new byte[32];
    fixed32(k.getS(), out, 0);
    return out;
  }

  private static void fixed32(BigInteger v, byte[] out, int at) {
    byte[] b = v.toByteArray(); // big-endian, maybe with a sign byte, maybe shorter than 32
    int n = Math.min(b.length, 32);
    System.arraycopy(b, b.length - n, out, at + 32 - n, n);
  }

  /** A public key from its 65 bytes; an error when they are not a point of P-256. */
  public static ECPublicKey publicKey(byte[] raw) throws GeneralSecurityException {
    if (raw.length != 65 || raw[0] != 4) throw new GeneralSecurityException("not an uncompressed P-256 point");
    ECPoint w = new ECPoint(new BigInteger(1, Arrays.copyOfRange(raw, 1, 33)),
        new BigInteger(1, Arrays.copyOfRange(raw, 33, 65)));
    return (ECPublicKey) KeyFactory.getInstance("EC").generatePublic(new ECPublicKeySpec(w, P256));
  }

  public static ECPrivateKey privateKey(byte[] raw) throws GeneralSecurityException {
    return (ECPrivateKey) KeyFactory.getInstance("EC").generatePrivate(new ECPrivateKeySpec(new BigInteger(1, raw), P256));
  }

  /** The message for one browser: {@code uaPublic} and {@code authSecret} from its subscription, a fresh key and salt. */
  public static byte[] encrypt(byte[] plaintext, byte[] uaPublic, byte[] authSecret) throws GeneralSecurityException {
    byte[] salt = new byte[16];
    RANDOM.nextBytes(salt);
    return encrypt(plaintext, uaPublic, authSecret, newKeyPair(), salt);
  }

  /** As above with the sender's key pair and the salt given (RFC 8291's example, Appendix A). */
  static byte[] encrypt(byte[] plaintext, byte[] uaPublic, byte[] authSecret, KeyPair as, byte[] salt)
      throws GeneralSecurityException {
    if (plaintext.length > MAX_PLAINTEXT) throw new GeneralSecurityException("a push message holds 3993 bytes at most");
    byte[] asPublic = raw((ECPublicKey) as.getPublic());
    byte[][] keyAndNonce = keys(ecdh((ECPrivateKey) as.getPrivate(), publicKey(uaPublic)), authSecret, uaPublic,
        asPublic, salt);
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(keyAndNonce[0], "AES"), new GCMParameterSpec(128, keyAndNonce[1]));
    byte[] padded = Arrays.copyOf(plaintext, plaintext.length + 1);
    padded[plaintext.length] = 2; // the last record's delimiter, no padding after it
    byte[] sealed = c.doFinal(padded);
    return ByteBuffer.allocate(16 + 4 + 1 + 65 + sealed.length).put(salt).putInt(RECORD_SIZE).put((byte) 65)
        .put(asPublic).put(sealed).array();
  }

  static byte[] ecdh(ECPrivateKey mine, ECPublicKey theirs) throws GeneralSecurityException {
    KeyAgreement ka = KeyAgreement.getInstance("ECDH");
    ka.init(mine);
    ka.doPhase(theirs, true);
    return ka.generateSecret();
  }

  /**
   * RFC 8291 §3.3–3.4: the content key and the nonce from the shared secret, the browser's auth secret, both public
   * keys and the salt ({key, nonce}). The receiver derives the same from its side of the ECDH.
   */
  static byte[][] keys(byte[] ecdhSecret, byte[] authSecret, byte[] uaPublic, byte[] asPublic, byte[] salt)
      throws GeneralSecurityException {
    byte[] prkKey = hmac(authSecret, ecdhSecret);
    byte[] keyInfo = concat("WebPush: info\0".getBytes(StandardCharsets.US_ASCII), uaPublic, asPublic, new byte[] {1});
    byte[] ikm = hmac(prkKey, keyInfo);
    byte[] prk = hmac(salt, ikm);
    byte[] cek = Arrays.copyOf(hmac(prk, concat("Content-Encoding: aes128gcm\0".getBytes(StandardCharsets.US_ASCII),
        new byte[] {1})), 16);
    byte[] nonce = Arrays.copyOf(hmac(prk, concat("Content-Encoding: nonce\0".getBytes(StandardCharsets.US_ASCII),
        new byte[] {1})), 12);
    return new byte[][] {cek, nonce};
  }

  /** HMAC-SHA-256: HKDF's extract, and its expand for one block of output (all Web Push needs). */
  private static byte[] hmac(byte[] key, byte[] data) throws GeneralSecurityException {
    Mac m = Mac.getInstance("HmacSHA256");
    m.init(new SecretKeySpec(key, "HmacSHA256"));
    return m.doFinal(data);
  }

  private static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] p : parts) out.writeBytes(p);
    return out.toByteArray();
  }

  /**
   * The Authorization header of RFC 8292: {@code vapid t=JWT, k=PUBLIC} for the push service at {@code audience}
   * (its origin), valid until {@code expiresAt} (epoch seconds), with {@code subject} a contact (mailto: or https:).
   */
  public static String vapid(KeyPair server, String audience, long expiresAt, String subject)
      throws GeneralSecurityException {
    String header = b64("{\"typ\":\"JWT\",\"alg\":\"ES256\"}".getBytes(StandardCharsets.UTF_8));
    String claims = b64(("{\"aud\":" + tabla.server.kernel.http.Json.write(audience) + ",\"exp\":" + expiresAt + ",\"sub\":" + tabla.server.kernel.http.Json.write(subject) + "}")
        .getBytes(StandardCharsets.UTF_8));
    Signature s = Signature.getInstance("SHA256withECDSAinP1363Format"); // JWS wants r||s, not DER
    s.initSign(server.getPrivate());
    s.update((header + "." + claims).getBytes(StandardCharsets.US_ASCII));
    return "vapid t=" + header + "." + claims + "." + b64(s.sign()) + ", k=" + b64(raw((ECPublicKey) server.getPublic()));
  }

}
