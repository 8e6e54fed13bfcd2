package tabla.server.fibs;

import java.util.List;
import org.jdbi.v3.core.Jdbi;

/**
 * What the FIBS door reads from the database that no other store answers: experience, the saved matches; and the one
 * thing it writes, each account's toggles.
 */
final class FibsStore {
  /** The most characters of kept toggle names: the 17 names, comma-separated, need ~200. */
  static final int MAX_TOGGLES_TEXT = 400;

  /** Saved matches listed per user, newest first: FIBS lists a handful, and a list without end is a risk. */
  static final int MAX_SAVED = 20;

  private final Jdbi jdbi;

  FibsStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** FIBS's experience: the sum of the lengths of the rated matches finished (the rating formula's own count). */
  int experience(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT experience FROM users WHERE id = :u").bind("u", userId)
        .mapTo(Integer.class).findOne().orElse(0));
  }

  /** The toggle names kept for {@code userId} (none: every toggle at FIBS's default). */
  List<String> keptToggles(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT changed FROM fibs_toggles WHERE user_id = :u").bind("u", userId)
        .mapTo(String.class).findOne()
        .map(s -> java.util.Arrays.stream(s.split(",")).filter(n -> !n.isEmpty()).toList()).orElse(List.of()));
  }

  /** Keeps {@code changed} for {@code userId}, replacing what was kept (nothing changed: no row at all). */
  void keepToggles(long userId, List<String> changed) {
    String text = String.join(",", changed);
    if (text.length() > MAX_TOGGLES_TEXT) throw new IllegalArgumentException("too many toggle names: " + text);
    jdbi.useTransaction(h -> {
      h.createUpdate("DELETE FROM fibs_toggles WHERE user_id = :u").bind("u", userId).execute();
      if (!changed.isEmpty()) {
        h.createUpdate("INSERT INTO fibs_toggles(user_id, changed) VALUES (:u, :c)").bind("u", userId).bind("c", text)
            .execute();
      }
    });
  }

  /** The user's unfinished matches of standard backgammon against a person, newest first. */
  List<Long> unfinished(long userId, String variant) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id FROM games WHERE status = 'playing' AND bot_seat IS NULL AND variant = :v "
                + "AND (player0 = :u OR player1 = :u) ORDER BY id DESC LIMIT " + MAX_SAVED)
        .bind("u", userId).bind("v", variant).mapTo(Long.class).list());
  }
}
