package tabla.server.accounts;

import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Refused;

/**
 * What a player changes about their own account: the password, and deleting it. A deleted account's
 * games stay (the opponents' records and ratings need them) under the name "deleted.ID"; its password,
 * sessions and open challenges go.
 */
public final class AccountChanges {
  private final AccountStore store;

  public AccountChanges(Jdbi jdbi) {
    this.store = new AccountStore(jdbi);
  }

  /** Checks the current password, sets the new one, and ends every other session of the account. */
  public void changePassword(long userId, String currentToken, String oldPassword, String newPassword) {
    checkPassword(userId, oldPassword);
    String hash = Accounts.hashNew(newPassword);
    store.setPassword(userId, hash, currentToken);
    LoggerFactory.getLogger("tabla.security").info("password changed by user {}", userId);
  }

  /**
   * Deletes the account after checking its password: refused while it has games in progress (the
   * opponent would wait for nobody), so the player finishes or resigns them first.
   */
  public String delete(long userId, String password) {
    checkPassword(userId, password);
    int running = store.gamesInProgress(userId);
    if (running > 0) {
      throw Refused.of(Refused.Kind.CONFLICT, AccountCode.GAMES_RUNNING, "you have " + running + " game" + (running == 1 ? "" : "s")
          + " in progress: finish or resign " + (running == 1 ? "it" : "them") + " first", Map.of("count", running));
    }
    // A dot: no registered name can have one, so the new name never clashes.
    String anonymous = "deleted." + userId;
    store.delete(userId, anonymous);
    LoggerFactory.getLogger("tabla.security").info("user {} deleted their account", userId);
    return anonymous;
  }

  private void checkPassword(long userId, String password) {
    checkPassword(store, userId, password);
  }

  /** Refused as invalid for an account without a password (a guest), as forbidden for a wrong one. */
  static void checkPassword(AccountStore store, long userId, String password) {
    String hash = store.passwordHash(userId).orElse(null);
    if (hash == null) throw Refused.of(Refused.Kind.INVALID, AccountCode.GUEST_PASSWORD, "a guest account has no password");
    if (!Accounts.matches(password, hash)) throw Refused.of(Refused.Kind.FORBIDDEN, AccountCode.WRONG_PASSWORD, "the current password is wrong");
  }
}
