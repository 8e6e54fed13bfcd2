package tabla.server.tokens;

import java.util.EnumSet;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;
import tabla.server.kernel.Refused;

/**
 * What a personal API token may do (docs/api.md "API tokens"). Every scope reads (GET): a program that plays must see
 * the game it plays. Only {@link #PLAY} changes things outside the bot API, only {@link #BOT} acts in the bot API
 * (/api/bot/..., its streams too), and no token manages the account itself (tokens, password, e-mail, deletion, logout, admin).
 */
public enum Scope {
  READ, PLAY, BOT;

  /** Paths no token may use, whatever its scopes: they are for the person at the site, with a cookie session. */
  private static final String[] ACCOUNT_PATHS = {"/api/tokens", "/api/logout", "/api/login", "/api/register",
      "/api/guest", "/api/password/", "/api/me/password", "/api/me/delete", "/api/me/email", "/api/admin/"};

  @com.fasterxml.jackson.annotation.JsonValue
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The scope named {@code word} (read, play, bot), or refused. */
  public static Scope of(String word) {
    for (Scope s : values()) if (s.word().equals(word)) return s;
    throw Refused.invalid("a token's scopes are read, play and bot, not '" + cut(word) + "'");
  }

  /** Scopes as stored: their words joined by commas, in a fixed order. */
  static String join(Set<Scope> scopes) {
    return scopes.stream().sorted().map(Scope::word).collect(Collectors.joining(","));
  }

  static Set<Scope> split(String stored) {
    Set<Scope> s = EnumSet.noneOf(Scope.class);
    for (String w : stored.split(",")) if (!w.isEmpty()) s.add(of(w));
    return s;
  }

  /** Why a token with {@code scopes} may not make this request, or null when it may. */
  static String refusal(Set<Scope> scopes, String method, String path) {
    for (String p : ACCOUNT_PATHS) {
      if (path.startsWith(p)) return "an API token cannot manage the account: sign in on the site for that";
    }
    boolean bot = path.startsWith("/api/bot/");
    // the bot API's streams are reads, but only a bot's token opens them (they hold a connection each)
    if ((method.equals("GET") || method.equals("HEAD")) && !bot) return null;
    Scope needed = bot ? BOT : PLAY;
    return scopes.contains(needed) ? null : "this token lacks the '" + needed.word() + "' scope";
  }

  private static String cut(String s) {
    return s.length() > 20 ? s.substring(0, 20) + "…" : s;
  }
}
