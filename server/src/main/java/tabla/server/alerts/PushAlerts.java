package tabla.server.alerts;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.time.Clock;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.ResetRoutes;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.Workers;

/**
 * Alerts by Web Push: each alert at once to every browser the person subscribed ({@link PushStore}), when they want
 * that kind (the same choices as the mails, {@link AlertStore#wanted}). The message is a small JSON (title, text,
 * link) encrypted for the browser (RFC 8291) and signed for its push service (VAPID, RFC 8292); the service worker
 * (sw.js) shows it. One background thread sends, from a bounded queue ({@link #MAX_WAITING}: more is dropped and
 * logged), so a move never waits on a push service. A push service's 404 or 410 (the browser unsubscribed, or the
 * subscription expired) forgets that subscription.
 */
public final class PushAlerts implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(PushAlerts.class);
  /** Alerts waiting to be pushed, at most. */
  static final int MAX_WAITING = 1000;
  /** How long a push service keeps a message for a browser that is off (its TTL header). */
  static final Duration TTL = Duration.ofDays(1);
  /** How long one VAPID claim is good (RFC 8292 allows 24 hours). */
  static final Duration CLAIM = Duration.ofHours(12);

  private final PushStore subscriptions;
  private final AlertStore people;
  private final KeyPair vapid;
  private final String subject;
  private final Clock clock;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
      .followRedirects(HttpClient.Redirect.NEVER).build();
  private final ThreadPoolExecutor sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
      new ArrayBlockingQueue<>(MAX_WAITING), Workers.daemon("tabla-alert-push"), (r, pool) -> LOG.warn("{} pushes wait already; one more is dropped", MAX_WAITING));

  /** {@code vapid}: the site's key pair; {@code subject}: a contact for the push services (mailto: or https:). */
  public PushAlerts(PushStore subscriptions, AlertStore people, KeyPair vapid, String subject, Clock clock) {
    this.subscriptions = subscriptions;
    this.people = people;
    this.vapid = vapid;
    this.subject = subject;
    this.clock = clock;
  }

  /** The key browsers subscribe with (applicationServerKey), base64url. */
  public String publicKey() {
    return PushCrypto.b64(PushCrypto.raw((java.security.interfaces.ECPublicKey) vapid.getPublic()));
  }

  /** An alert for {@code user}, pushed soon to each of their browsers; its words as a mail line's (with "link"). */
  public void alert(long user, AlertKind kind, String key, Map<String, String> words, Long nameOf) {
    sender.execute(() -> {
      try {
        push(user, kind, key, words, nameOf);
      } catch (RuntimeException e) {
        LOG.warn("the push to user {} failed: {}", user, e.getMessage());
      }
    });
  }

  private void push(long user, AlertKind kind, String key, Map<String, String> words, Long nameOf) {
    var subs = subscriptions.of(user);
    if (subs.isEmpty() || !people.wanted(user).contains(kind)) return;
    String lang = people.nameAndLang(user).map(nl -> nl[1]).orElse("en");
    Map<String, String> w = new HashMap<>(words);
    w.put("link", ""); // the notification opens the link itself
    if (nameOf != null) w.put("name", people.name(nameOf).orElse("?"));
    Map<String, String> message = new LinkedHashMap<>();
    message.put("title", ResetRoutes.text(lang, "mail.alertSubject", Map.of()));
    message.put("body", ResetRoutes.text(lang, key, w).strip().replaceAll("[:\\s]+$", ""));
    message.put("url", words.getOrDefault("link", "/"));
    message.put("kind", kind.key());
    byte[] plain = Json.MAPPER.valueToTree(message).toString().getBytes(StandardCharsets.UTF_8);
    for (PushStore.Subscription s : subs) send(s, plain);
  }

  private void send(PushStore.Subscription s, byte[] plain) {
    try {
      URI endpoint = URI.create(s.endpoint());
      String audience = endpoint.getScheme() + "://" + endpoint.getRawAuthority();
      byte[] body = PushCrypto.encrypt(plain, PushCrypto.unb64(s.p256dh()), PushCrypto.unb64(s.auth()));
      HttpRequest req = HttpRequest.newBuilder(endpoint).timeout(Duration.ofSeconds(10))
          .header("TTL", String.valueOf(TTL.toSeconds())).header("Content-Encoding", "aes128gcm")
          .header("Content-Type", "application/octet-stream")
          .header("Authorization", PushCrypto.vapid(vapid, audience,
              clock.instant().plus(CLAIM).getEpochSecond(), subject))
          .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build();
      int status = http.send(req, HttpResponse.BodyHandlers.discarding()).statusCode();
      if (status == 404 || status == 410) {
        subscriptions.gone(s.id());
      } else if (status / 100 != 2) {
        LOG.warn("the push service at {} answered {}", audience, status);
      }
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      LOG.warn("subscription {} cannot be pushed to ({}): forgotten", s.id(), e.getMessage());
      subscriptions.gone(s.id());
    } catch (java.io.IOException e) {
      LOG.warn("the push to subscription {} failed: {}", s.id(), e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Pushes waiting (the bound's test, /metrics). */
  public int waiting() {
    return sender.getQueue().size();
  }

  @Override
  public void close() {
    Workers.stop(sender);
  }
}
