package tabla.server.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.security.GeneralSecurityException;
import java.util.Map;
import java.util.Set;
import tabla.server.accounts.User;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;

/**
 * {@code /api/me/push}: this browser's Web Push subscription. GET gives the site's public key (what the browser
 * subscribes with) and how many browsers I have subscribed; POST keeps a subscription (the browser's
 * PushSubscription.toJSON()); DELETE forgets one ({"endpoint": …}). Members only, like the mails.
 */
public final class PushRoutes {
  /** The longest endpoint kept (push services' are about 200 characters). */
  static final int MAX_ENDPOINT = 1000;

  private final PushStore store;
  private final PushAlerts push;
  private final boolean plainHttp;

  /**
   * {@code plainHttp}: whether http:// endpoints are taken too (TABLA_PUBLIC_URL unset or http: a laptop, the tests);
   * a public site takes https only, as every browser's push service is.
   */
  public PushRoutes(PushStore store, PushAlerts push, boolean plainHttp) {
    this.store = store;
    this.push = push;
    this.plainHttp = plainHttp;
  }

  public void register(RoutesConfig app) {
    app.get("/api/me/push", this::read);
    app.post("/api/me/push", this::subscribe);
    app.delete("/api/me/push", this::unsubscribe);
  }

  private void read(Context ctx) {
    User me = AlertRoutes.member(ctx);
    ctx.json(Map.of("key", push.publicKey(), "devices", store.of(me.id()).size(), "maxDevices", PushStore.MAX_PER_USER));
  }

  private void subscribe(Context ctx) {
    User me = AlertRoutes.member(ctx);
    ObjectNode b = Json.body(ctx);
    only(b, Set.of("endpoint", "keys", "expirationTime"));
    String endpoint = endpoint(b);
    JsonNode keys = b.get("keys");
    if (keys == null || !keys.isObject()) throw ApiError.badRequest("'keys' must hold p256dh and auth");
    only((ObjectNode) keys, Set.of("p256dh", "auth"));
    String p256dh = base64(keys, "p256dh", 65);
    String auth = base64(keys, "auth", 16);
    try {
      PushCrypto.publicKey(PushCrypto.unb64(p256dh));
    } catch (GeneralSecurityException e) {
      throw ApiError.badRequest("'p256dh' is not a P-256 public key");
    }
    store.subscribe(me.id(), endpoint, p256dh, auth);
    ctx.status(204);
  }

  private void unsubscribe(Context ctx) {
    User me = AlertRoutes.member(ctx);
    ObjectNode b = Json.body(ctx);
    only(b, Set.of("endpoint"));
    if (!store.unsubscribe(me.id(), endpoint(b))) throw ApiError.notFound("no such push subscription of yours");
    ctx.status(204);
  }

  private static void only(ObjectNode b, Set<String> fields) {
    for (var it = b.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!fields.contains(f)) throw ApiError.badRequest("unknown field '" + f + "'");
    }
  }

  private String endpoint(ObjectNode b) {
    JsonNode e = b.get("endpoint");
    if (e == null || !e.isTextual() || e.asText().length() > MAX_ENDPOINT) {
      throw ApiError.badRequest("'endpoint' must be the push service's address, at most " + MAX_ENDPOINT + " characters");
    }
    URI u;
    try {
      u = new URI(e.asText());
    } catch (java.net.URISyntaxException x) {
      throw ApiError.badRequest("'endpoint' is not an address");
    }
    boolean scheme = "https".equals(u.getScheme()) || plainHttp && "http".equals(u.getScheme());
    if (!scheme || u.getHost() == null || u.getRawUserInfo() != null) {
      throw ApiError.badRequest("'endpoint' must be an https:// address" + (plainHttp ? " (or http://)" : ""));
    }
    return e.asText();
  }

  /** A base64url field that decodes to {@code bytes} bytes. */
  private static String base64(JsonNode keys, String field, int bytes) {
    JsonNode v = keys.get(field);
    try {
      if (v != null && v.isTextual() && PushCrypto.unb64(v.asText()).length == bytes) return v.asText();
    } catch (IllegalArgumentException e) {
      // not base64url: refused below
    }
    throw ApiError.badRequest("'" + field + "' must be " + bytes + " bytes, base64url");
  }
}
