package tabla.server.accounts;

import org.jdbi.v3.core.Jdbi;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.ApiError;

/**
 * What a player changes about their own account: the password, and deleting it. A deleted account's
 * games stay (the opponents' records and ratings need them) under the name "deleted.ID"; its password,
 * sessions and open challenges go.
 */
public final class AccountChanges {
  private final Jdbi jdbi;

  public AccountChanges(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** Checks the current password, sets the new one, and ends every other session of the account. */
  public void changePassword(long userId, String currentToken, String oldPassword, String newPassword) {
    checkPassword(userId, oldPassword);
    String hash = Accounts.hashNew(newPassword);
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", hash).bind("id", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id AND token <> :t").bind("id", userId)
          .bind("t", currentToken).execute();
    });
    LoggerFactory.getLogger("tabla.security").info("password changed by user {}", userId);
  }

  /**
   * Deletes the account after checking its password: refused while it has games in progress (the
   * opponent would wait for nobody), so the player finishes or resigns them first.
   */
  public String delete(long userId, String password) {
    checkPassword(userId, password);
    int running = jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM games WHERE status <> 'finished' "
            + "AND (player0 = :u OR player1 = :u)").bind("u", userId).mapTo(Integer.class).one());
    if (running > 0) {
      throw new ApiError(409, "you have " + running + " game" + (running == 1 ? "" : "s")
          + " in progress: finish or resign " + (running == 1 ? "it" : "them") + " first");
    }
    // A dot: no registered name can have one, so the new name never clashes.
    String anonymous = "deleted." + userId;
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE seeks SET status = 'cancelled' WHERE status = 'open' AND (creator = :u OR invitee = :u)")
          .bind("u", userId).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :u").bind("u", userId).execute();
      h.createUpdate("UPDATE users SET name = :n, password_hash = NULL, deleted = TRUE, role = 'player' WHERE id = :u")
          .bind("n", anonymous).bind("u", userId).execute();
    });
    LoggerFactory.getLogger("tabla.security").info("user {} deleted their account", userId);
    return anonymous;
  }

  private void checkPassword(long userId, String password) {
    checkPassword(jdbi, userId, password);
  }

  /** 400 for an account without a password (a guest), 403 for a wrong one. */
  static void checkPassword(Jdbi jdbi, long userId, String password) {
    String hash = jdbi.withHandle(h -> h.createQuery("SELECT password_hash FROM users WHERE id = :id AND deleted = FALSE")
        .bind("id", userId).mapTo(String.class).findOne().orElse(null));
    if (hash == null) throw ApiError.badRequest("a guest account has no password");
    if (!Accounts.matches(password, hash)) throw ApiError.forbidden("the current password is wrong");
  }
}
