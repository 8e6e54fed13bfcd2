package tabla.server.alerts;

import com.sun.net.httpserver.HttpServer;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * A push service and a browser in one, for tests: it holds the browser's side of a subscription (its own key pair
 * and auth secret, made here), takes the server's pushes on {@link #url()} and decrypts them the way a browser does
 * (RFC 8291). {@link #answer} sets the status it replies (201, or 404/410: "this subscription is gone").
 */
public final class PushEndpoint implements AutoCloseable {
  /** One push as received: its headers and the decrypted text. */
  public record Received(Map<String, List<String>> headers, String text) {}

  private final HttpServer http;
  private final KeyPair browser = PushCrypto.newKeyPair();
  private final byte[] auth = new byte[16];
  private final LinkedBlockingQueue<Received> received = new LinkedBlockingQueue<>();
  private volatile int answer = 201;

  public PushEndpoint() throws Exception {
    new java.security.SecureRandom().nextBytes(auth);
    http = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    http.createContext("/push/", ex -> {
      byte[] body = ex.getRequestBody().readAllBytes();
      var headers = Map.copyOf(ex.getRequestHeaders());
      ex.sendResponseHeaders(answer, -1); // answered first: a test that has its message may close this at once
      ex.close();
      String text;
      try {
        text = new String(decrypt(body, browser, auth), StandardCharsets.UTF_8);
      } catch (GeneralSecurityException | RuntimeException e) {
        text = "UNDECRYPTABLE " + e;
      }
      received.add(new Received(headers, text));
    });
    http.start();
  }

  public String url() {
    return "http://127.0.0.1:" + http.getAddress().getPort() + "/push/" + Integer.toHexString(hashCode());
  }

  /** The subscription as a browser's PushSubscription.toJSON() gives it. */
  public Map<String, Object> subscription() {
    return Map.of("endpoint", url(), "keys", Map.of("p256dh",
        PushCrypto.b64(PushCrypto.raw((ECPublicKey) browser.getPublic())), "auth", PushCrypto.b64(auth)));
  }

  public void answer(int status) {
    answer = status;
  }

  public Received next(int seconds) throws InterruptedException {
    return received.poll(seconds, TimeUnit.SECONDS);
  }

  public int waiting() {
    return received.size();
  }

  /** The browser's side of RFC 8291: the header's salt and sender key, the same keys, AES-GCM, the delimiter off. */
  public static byte[] decrypt(byte[] message, KeyPair ua, byte[] authSecret) throws GeneralSecurityException {
    ByteBuffer b = ByteBuffer.wrap(message);
    byte[] salt = new byte[16];
    b.get(salt);
    b.getInt(); // record size
    byte[] asPublic = new byte[b.get() & 0xff];
    b.get(asPublic);
    byte[] sealed = new byte[b.remaining()];
    b.get(sealed);
    byte[] uaPublic = PushCrypto.raw((ECPublicKey) ua.getPublic());
    ECPrivateKey uaPrivate = (ECPrivateKey) ua.getPrivate();
    byte[][] kn = PushCrypto.keys(PushCrypto.ecdh(uaPrivate, PushCrypto.publicKey(asPublic)), authSecret, uaPublic,
        asPublic, salt);
    Cipher c = Cipher.getInstance("AES/GCM/NoPadding");
    c.init(Cipher.DECRYPT_MODE, new SecretKeySpec(kn[0], "AES"), new GCMParameterSpec(128, kn[1]));
    byte[] padded = c.doFinal(sealed);
    int end = padded.length - 1;
    while (end >= 0 && padded[end] == 0) end--;
    if (end < 0 || padded[end] != 2) throw new GeneralSecurityException("no last-record delimiter");
    return Arrays.copyOf(padded, end);
  }

  @Override
  public void close() {
    http.stop(0);
  }
}
