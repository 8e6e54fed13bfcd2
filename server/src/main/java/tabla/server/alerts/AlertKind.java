package tabla.server.alerts;

import java.util.Locale;
import java.util.Optional;

/** What an alert is about: each a preference of its own (a column of alert_prefs) and a line of the mail. */
public enum AlertKind {
  /** A correspondence game waits on me. */
  TURNS,
  /** A correspondence move's time runs out in a day, or in an hour. */
  DEADLINES,
  /** Someone invited me to a game. */
  INVITATIONS,
  /** My tournament match starts. */
  TOURNAMENTS;

  /** Its name in the API, the unsubscribe link and the column: "turns", … */
  public String key() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static Optional<AlertKind> of(String key) {
    for (AlertKind k : values()) if (k.key().equals(key)) return Optional.of(k);
    return Optional.empty();
  }
}
