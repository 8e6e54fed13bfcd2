package tabla.server.accounts;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.time.Clock;
import java.util.Map;
import java.util.function.LongPredicate;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.kernel.http.RateLimits;
import tabla.server.kernel.ClientAddress;

/**
 * /api/register, /api/login, /api/guest, /api/logout, /api/me, /api/session. Each answer with a session says whether
 * its user is staff (a moderator or admin): the pages show the way to the moderation page only to them.
 */
public final class AuthRoutes {
  private static final org.slf4j.Logger SECURITY = org.slf4j.LoggerFactory.getLogger("tabla.security");
  private final Accounts accounts;
  private final LoginLimiter logins;
  private final RateLimiter registrations;
  private final RateLimiter guests;
  private final LongPredicate staff;

  /**
   * With the failed logins counted by {@code logins} (in the database for all the nodes of a cluster); {@code staff}:
   * whether a user (by id) is a moderator or admin.
   */
  public AuthRoutes(Accounts accounts, RateLimits limits, LoginLimiter logins, Clock clock, LongPredicate staff) {
    this.accounts = accounts;
    this.staff = staff;
    this.logins = logins;
    this.registrations = new RateLimiter("new accounts", limits.registrations(), clock);
    this.guests = new RateLimiter("guest accounts", limits.guests(), clock);
  }

  public void register(RoutesConfig app) {
    app.post("/api/register", this::registerUser);
    app.post("/api/login", this::login);
    app.post("/api/guest", this::guest);
    app.post("/api/logout", this::logout);
    app.post("/api/me/lang", ctx -> {
      String lang = Json.text(Json.body(ctx), "lang");
      if (!Languages.ALL.contains(lang)) throw Refused.of(Refused.Kind.INVALID, AccountCode.LANGUAGE, "language must be one of " + Languages.ALL);
      accounts.setLanguage(Auth.session(ctx).user().id(), lang);
      ctx.status(204);
    });
    app.get("/api/me", ctx -> ctx.json(answer(Auth.session(ctx))));
    // what a page asks first: nobody signed in is an answer here, not a 401 the browser logs as an error
    app.get("/api/session", ctx -> {
      Accounts.Session s = Auth.sessionOrNull(ctx);
      if (s != null) {
        ctx.json(answer(s));
        return;
      }
      java.util.Map<String, Object> nobody = new java.util.LinkedHashMap<>();
      nobody.put("user", null);
      nobody.put("csrf", null);
      nobody.put("staff", false);
      ctx.json(nobody);
    });
  }

  /** What a session is told of itself: its user, its CSRF token, and whether the user is staff. */
  private Map<String, Object> answer(Accounts.Session s) {
    return Map.of("user", s.user(), "csrf", s.csrf(), "staff", !s.user().guest() && staff.test(s.user().id()));
  }

  private void registerUser(Context ctx) {
    ObjectNode body = Json.body(ctx);
    String lang = body.hasNonNull("lang") ? body.get("lang").asText() : null;
    registrations.take(ClientAddress.limitKey(ctx.ip()));
    Accounts.Session s = accounts.register(Json.text(body, "name"), Json.text(body, "password"), lang);
    endReplaced(ctx);
    started(ctx.status(201), s);
  }

  private void login(Context ctx) {
    ObjectNode body = Json.body(ctx);
    String name = Json.text(body, "name");
    String password = Json.text(body, "password");
    String address = ClientAddress.limitKey(ctx.ip());
    long wait = logins.waitSeconds(address, name);
    if (wait > 0) throw logins.refusal(wait);
    Accounts.Session s = accounts.login(name, password).orElse(null);
    if (s == null) {
      logins.failed(address, name);
      // One line per failure for fail2ban (deploy/fail2ban): the name cleaned so it cannot forge the address.
      SECURITY.warn("login failed for '{}' from {}", logSafe(name), ctx.ip());
      throw new ApiError(401, AccountCode.LOGIN_FAILED, Map.of(), "wrong name or password");
    }
    logins.succeeded(address, name);
    endReplaced(ctx);
    started(ctx, s);
  }

  private void guest(Context ctx) {
    ObjectNode body = Json.body(ctx);
    guests.take(ClientAddress.limitKey(ctx.ip()));
    Accounts.Session s = accounts.guest(body.hasNonNull("lang") ? body.get("lang").asText() : null);
    endReplaced(ctx);
    started(ctx, s);
  }

  /**
   * The session whose cookie the new one replaces ends: a guest's stayed valid after the same browser logged in to a
   * real account (issue 30), though nothing would ever send its token again but someone who had copied it.
   */
  private void endReplaced(Context ctx) {
    String old = ctx.cookie(Auth.COOKIE);
    if (old != null && !old.isBlank()) accounts.logout(old);
  }

  private void logout(Context ctx) {
    accounts.logout(Auth.session(ctx).token());
    Auth.setCookie(ctx, "", 0);
    ctx.status(204);
  }

  /** A user-typed name as a log may show it: letters, digits, '_', '-' and at most 40 of them, the rest '?'. */
  static String logSafe(String name) {
    String cut = name.length() > 40 ? name.substring(0, 40) : name;
    return cut.replaceAll("[^A-Za-z0-9_-]", "?");
  }

  private void started(Context ctx, Accounts.Session s) {
    Auth.setCookie(ctx, s.token(), (int) Accounts.SESSION_LIFETIME.toSeconds());
    ctx.json(answer(s));
  }
}
