package tabla.server.kernel;

/**
 * The codes of the answers the whole site gives, whatever the page: a rate limit, the database away, a restart, a
 * game moving between servers, a request that needs a session or its CSRF token; see {@link RefusalCode}.
 */
public enum SiteCode implements RefusalCode {
  /** 429, {@code seconds}: too many attempts from one address (or one token). */
  TOO_MANY,
  /** 503: the database cannot be reached. */
  DATABASE_DOWN,
  /** 503: every database connection is busy. */
  BUSY,
  /** 503: the server is stopping for a restart; nothing was changed. */
  RESTARTING,
  /** 503: a restart is announced: no new games until it is done (admin.AdminRoutes refuses them). */
  RESTART_SOON,
  /** 503: the game has just moved to another server of the site; nothing was stored. */
  GAME_MOVING,
  /** 401: the request needs a signed-in session. */
  LOG_IN_FIRST,
  /** 403: the session's CSRF token is missing or wrong (a page opened before the session changed). */
  CSRF,
  /** 415: a request before a session must be JSON (the CSRF rule of sign-up and log-in). */
  JSON_ONLY,
  /** 400: a text of the request holds a control character (a tab or a line break pasted into a one-line field). */
  CONTROL_CHARACTERS,
  /** 413, {@code kb}: a body larger than the route takes (an uploaded record's file, a JSON request), in kB. */
  TOO_LARGE;

  @Override
  public String concern() {
    return "site";
  }
}
