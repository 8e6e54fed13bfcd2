package tabla.server.alerts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import tabla.server.accounts.AccountCode;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;

/**
 * {@code /api/me/alerts}: which alerts I want by mail, per kind, and whether this site sends mail at all;
 * {@code /unsubscribe}: the one-click link of every alert mail ({@link UnsubscribeLinks}), a page that asks (GET) and
 * the stop itself (POST, also what a mail program's own button sends, RFC 8058). It needs no session.
 */
public final class AlertRoutes {
  private final AlertStore store;
  private final MailAlerts mail;
  private final UnsubscribeLinks links;

  public AlertRoutes(AlertStore store, MailAlerts mail, UnsubscribeLinks links) {
    this.store = store;
    this.mail = mail;
    this.links = links;
  }

  public void register(RoutesConfig app) {
    app.get("/api/me/alerts", this::read);
    app.put("/api/me/alerts", this::write);
    app.get("/unsubscribe", ctx -> unsubscribe(ctx, false));
    app.post("/unsubscribe", ctx -> unsubscribe(ctx, true));
  }

  /** The member signed in; a guest is refused (no mail, no push: register first). */
  static User member(Context ctx) {
    User u = Auth.session(ctx).user();
    if (u.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, AccountCode.GUEST_MAIL, "a guest account gets no mail: register first");
    return u;
  }

  private void read(Context ctx) {
    User me = member(ctx);
    Set<AlertKind> wanted = store.wanted(me.id());
    Map<String, Boolean> kinds = new LinkedHashMap<>();
    for (AlertKind k : AlertKind.values()) kinds.put(k.key(), wanted.contains(k));
    ctx.json(Map.of("mail", mail.on(), "kinds", kinds));
  }

  /** Every kind must be given, true or false: a typo does not silently keep a mail coming. */
  private void write(Context ctx) {
    User me = member(ctx);
    ObjectNode b = Json.body(ctx);
    Set<AlertKind> wanted = EnumSet.noneOf(AlertKind.class);
    for (AlertKind k : AlertKind.values()) {
      JsonNode v = b.get(k.key());
      if (v == null || !v.isBoolean()) throw ApiError.badRequest("'" + k.key() + "' must be true or false");
      if (v.asBoolean()) wanted.add(k);
    }
    for (var it = b.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (AlertKind.of(f).isEmpty()) throw ApiError.badRequest("unknown kind of alert '" + f + "'");
    }
    store.setWanted(me.id(), wanted);
    ctx.status(204);
  }

  private void unsubscribe(Context ctx, boolean stop) {
    var req = links.check(ctx.queryParam("u"), ctx.queryParam("k"), ctx.queryParam("s"));
    String[] who = req.flatMap(r -> store.nameAndLang(r.user())).orElse(null);
    if (req.isEmpty() || who == null) {
      ctx.status(400).html(UnsubscribePage.bad("en"));
      return;
    }
    String what = UnsubscribePage.what(who[1], req.get().key());
    if (!stop) {
      ctx.html(UnsubscribePage.ask(who[1], who[0], what, ctx.queryString()));
      return;
    }
    Set<AlertKind> wanted = EnumSet.noneOf(AlertKind.class);
    wanted.addAll(store.wanted(req.get().user()));
    wanted.removeAll(req.get().kinds());
    store.setWanted(req.get().user(), wanted);
    ctx.html(UnsubscribePage.done(who[1], what));
  }
}
