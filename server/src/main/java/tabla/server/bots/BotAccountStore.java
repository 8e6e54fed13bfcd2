package tabla.server.bots;

import java.util.List;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.Refused;

/** All SQL of bot accounts: the flag on users (V21_27), and the games a bot's event stream follows. */
public final class BotAccountStore {
  private final Jdbi jdbi;

  public BotAccountStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  boolean isBot(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT bot FROM users WHERE id = :u").bind("u", userId)
        .mapTo(Boolean.class).findOne().orElse(false));
  }

  /**
   * Makes the account a bot, for good; refused when it has played or is playing a game (its record and rating were
   * made by a person).
   */
  void upgrade(long userId) {
    jdbi.useTransaction(h -> {
      h.createQuery("SELECT id FROM users WHERE id = :u <rowLock>").bind("u", userId).mapTo(Long.class).one();
      int games = h.createQuery("SELECT COUNT(*) FROM games WHERE player0 = :u OR player1 = :u").bind("u", userId)
          .mapTo(Integer.class).one();
      if (games > 0) {
        throw Refused.conflict("only an account that has never played can become a bot: this one has " + games
            + (games == 1 ? " game" : " games"));
      }
      h.createUpdate("UPDATE users SET bot = TRUE WHERE id = :u").bind("u", userId).execute();
    });
  }

  /** The ids of the account's games not over yet, at most {@code max}. */
  List<Long> running(long userId, int max) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM games WHERE (player0 = :u OR player1 = :u) "
            + "AND status = 'playing' ORDER BY id LIMIT :n")
        .bind("u", userId).bind("n", max).mapTo(Long.class).list());
  }
}
