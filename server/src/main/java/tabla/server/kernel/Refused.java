package tabla.server.kernel;

import java.util.Map;

/**
 * A request the site refuses, said in the domain's words: what kind of refusal, a sentence for the person and, where
 * the refuser names one, a {@link RefusalCode} with the sentence's values ({@link #args()}) for clients that say it in
 * the person's language. Nothing changed. Services and stores throw it; each adapter maps the kind to its own protocol in one place (HTTP status codes
 * in {@code kernel.http.Refusals}, FIBS error lines, socket errors), so no domain class knows about HTTP.
 */
public final class Refused extends RuntimeException {
  /** What went wrong, as far as the caller needs to know to react. */
  public enum Kind {
    /** The input is malformed or out of range. */
    INVALID,
    /** Nobody is signed in, or the credentials are wrong. */
    UNAUTHENTICATED,
    /** Signed in, but not allowed to do this. */
    FORBIDDEN,
    NOT_FOUND,
    /** The state has moved on or the thing already exists; {@link #extra()} may carry the current state. */
    CONFLICT,
    /** It existed and is gone for good. */
    GONE,
    TOO_LARGE,
    /** A limit was reached; try again after {@link #retryAfterSeconds()}. */
    TOO_MANY,
    /** The site cannot do it now (database away, shutting down, game moving); try again later. */
    UNAVAILABLE
  }

  private final Kind kind;
  private final transient Object extra;
  private final long retryAfterSeconds;
  private final RefusalCode code;
  private final transient Map<String, Object> args;

  public Refused(Kind kind, String message) {
    this(kind, message, null, 0);
  }

  public Refused(Kind kind, String message, Object extra, long retryAfterSeconds) {
    this(kind, null, Map.of(), message, extra, retryAfterSeconds);
  }

  public Refused(Kind kind, RefusalCode code, Map<String, Object> args, String message) {
    this(kind, code, args, message, null, 0);
  }

  public Refused(Kind kind, RefusalCode code, Map<String, Object> args, String message, Object extra, long retryAfterSeconds) {
    super(message, null, false, false);
    this.kind = kind;
    this.code = code;
    this.args = Map.copyOf(args);
    this.extra = extra;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  public Kind kind() {
    return kind;
  }

  /** Something to send along, e.g. the current snapshot of a game on a version conflict; or null. */
  public Object extra() {
    return extra;
  }

  /** Seconds until trying again makes sense, or 0 for none. */
  public long retryAfterSeconds() {
    return retryAfterSeconds;
  }

  /** The refusal's machine-readable name, or null where the refuser names none yet (clients show the sentence). */
  public RefusalCode code() {
    return code;
  }

  /** The values in the sentence, by the names the code's translations use; empty for none. */
  public Map<String, Object> args() {
    return args;
  }

  public static Refused invalid(String why) {
    return new Refused(Kind.INVALID, why);
  }

  public static Refused notFound(String what) {
    return new Refused(Kind.NOT_FOUND, what + " not found");
  }

  public static Refused forbidden(String why) {
    return new Refused(Kind.FORBIDDEN, why);
  }

  public static Refused conflict(String why) {
    return new Refused(Kind.CONFLICT, why);
  }

  public static Refused conflict(String why, Object current) {
    return new Refused(Kind.CONFLICT, why, current, 0);
  }

  public static Refused tooMany(String why, long retryAfterSeconds) {
    return new Refused(Kind.TOO_MANY, why, null, Math.max(1, retryAfterSeconds));
  }

  public static Refused unavailable(String why, long retryAfterSeconds) {
    return new Refused(Kind.UNAVAILABLE, why, null, Math.max(1, retryAfterSeconds));
  }

  /** A limit reached, with its code: the client may try again after {@code retryAfterSeconds} (sent as {@code seconds}). */
  public static Refused tooMany(RefusalCode code, String why, long retryAfterSeconds) {
    long seconds = Math.max(1, retryAfterSeconds);
    return new Refused(Kind.TOO_MANY, code, Map.of("seconds", seconds), why, null, seconds);
  }

  /** The site cannot do it now, with its code and no values: try again after {@code retryAfterSeconds}. */
  public static Refused unavailable(RefusalCode code, String why, long retryAfterSeconds) {
    return new Refused(Kind.UNAVAILABLE, code, Map.of(), why, null, Math.max(1, retryAfterSeconds));
  }

  /** A refusal with its code and no values, e.g. {@code Refused.of(Kind.FORBIDDEN, ChatCode.GUEST, "register to chat")}. */
  public static Refused of(Kind kind, RefusalCode code, String why) {
    return new Refused(kind, code, Map.of(), why);
  }

  /** A refusal with its code and the values its sentence holds. */
  public static Refused of(Kind kind, RefusalCode code, String why, Map<String, Object> args) {
    return new Refused(kind, code, args, why);
  }
}
