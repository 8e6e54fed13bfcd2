package tabla.server.fibs;

import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** What the FIBS door reads from the database that no other store answers: experience, the saved matches. */
final class FibsStore {
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

  /** The user's unfinished matches of standard backgammon against a person, newest first. */
  List<Long> unfinished(long userId, String variant) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id FROM games WHERE status = 'playing' AND bot_seat IS NULL AND variant = :v "
                + "AND (player0 = :u OR player1 = :u) ORDER BY id DESC LIMIT " + MAX_SAVED)
        .bind("u", userId).bind("v", variant).mapTo(Long.class).list());
  }
}
