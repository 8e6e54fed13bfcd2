package tabla.server.accounts;

import io.javalin.http.Context;
import io.javalin.http.Cookie;
import io.javalin.http.HandlerType;
import io.javalin.http.SameSite;
import java.util.Map;
import java.util.Set;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.http.ApiError;

/**
 * Finds the session behind the cookie, and checks the CSRF header of every state-changing request
 * (the cookie alone would let another site act for the user).
 */
public final class Auth {
  public static final String COOKIE = "tabla_session";
  public static final String CSRF_HEADER = "X-CSRF-Token";
  /** A request attribute, true when the site is served over https: the cookie is then marked Secure. */
  public static final String SECURE_ATTR = "tabla.secureCookies";
  private static final String ATTR = "tabla.session";
  private static final Set<String> NO_SESSION_YET = Set.of("/api/register", "/api/login", "/api/guest",
      "/api/password/forgot", "/api/password/reset");
  private static final Set<HandlerType> CHANGES = Set.of(HandlerType.POST, HandlerType.PUT, HandlerType.DELETE,
      HandlerType.PATCH);

  /** A request attribute, true when the request authenticated with a personal API token (no cookie, no CSRF). */
  public static final String BEARER_ATTR = "tabla.bearer";
  private static final String BEARER = "Bearer ";

  /** What a bot account's site session may still change: its account (tokens, language, e-mail…), not a game. */
  private static final java.util.List<String> BOT_SESSION_PATHS = java.util.List.of("/api/tokens", "/api/logout",
      "/api/me/", "/api/password/");

  private final Accounts accounts;
  private final BearerTokens tokens;
  private final java.util.function.LongPredicate botAccount;

  public Auth(Accounts accounts) {
    this(accounts, BearerTokens.NONE, id -> false);
  }

  /** @param botAccount whether an account is a bot (asked only for a site session's changes) */
  public Auth(Accounts accounts, BearerTokens tokens, java.util.function.LongPredicate botAccount) {
    this.accounts = accounts;
    this.tokens = tokens;
    this.botAccount = botAccount;
  }

  /** Before every /api request. */
  public void before(Context ctx) {
    // The admin commands carry the server's local token instead of a session; AdminRoutes checks it.
    if (ctx.path().startsWith("/api/admin/") && ctx.header(tabla.server.admin.AdminToken.HEADER) != null) return;
    String authorization = ctx.header("Authorization");
    if (authorization != null && authorization.regionMatches(true, 0, BEARER, 0, BEARER.length())) {
      // A program with a personal API token: the token alone says who acts, and the cookie is ignored. No CSRF check:
      // a browser never adds this header on its own, so another site cannot borrow it. The secret goes nowhere else
      // (no log line, no error message carries it).
      User user = tokens.user(authorization.substring(BEARER.length()).strip(), ctx.method().name(), ctx.path());
      ctx.attribute(ATTR, new Accounts.Session("", "", user));
      ctx.attribute(BEARER_ATTR, Boolean.TRUE);
      return;
    }
    accounts.session(ctx.cookie(COOKIE)).ifPresent(s -> ctx.attribute(ATTR, s));
    if (CHANGES.contains(ctx.method()) && NO_SESSION_YET.contains(ctx.path())) {
      tabla.server.kernel.http.CsrfRule.requireJson(ctx); // no token yet: the content type is the CSRF rule
    } else if (CHANGES.contains(ctx.method())) {
      Accounts.Session s = ctx.attribute(ATTR);
      if (s == null) throw logInFirst();
      String sent = ctx.header(CSRF_HEADER);
      if (sent == null || !java.security.MessageDigest.isEqual(sent.getBytes(), s.csrf().getBytes())) {
        throw new ApiError(403, SiteCode.CSRF, Map.of(), "missing or wrong " + CSRF_HEADER + " header");
      }
      // a bot signs in to manage its account and tokens, but plays only through the bot API, never at a board
      if (BOT_SESSION_PATHS.stream().noneMatch(ctx.path()::startsWith) && botAccount.test(s.user().id())) {
        throw ApiError.forbidden("a bot account plays only through the bot API (/api/bot/…) with its token");
      }
    }
  }

  /** The session of the request, or 401. */
  public static Accounts.Session session(Context ctx) {
    Accounts.Session s = ctx.attribute(ATTR);
    if (s == null) throw logInFirst();
    return s;
  }

  private static ApiError logInFirst() {
    return new ApiError(401, SiteCode.LOG_IN_FIRST, Map.of(), "log in first");
  }

  /** The session of the request, or null for an anonymous visitor. */
  public static Accounts.Session sessionOrNull(Context ctx) {
    return ctx.attribute(ATTR);
  }

  /** The user of the request, or null for an anonymous visitor. */
  public static User userOrNull(Context ctx) {
    Accounts.Session s = ctx.attribute(ATTR);
    return s == null ? null : s.user();
  }

  public static void setCookie(Context ctx, String token, int maxAgeSeconds) {
    boolean secure = Boolean.TRUE.equals(ctx.attribute(SECURE_ATTR));
    Cookie c = new Cookie(COOKIE, token, "/", maxAgeSeconds, secure, true, null, SameSite.LAX);
    ctx.cookie(c);
  }
}
