package tabla.server.bots;

import tabla.server.accounts.User;
import tabla.server.kernel.Refused;

/** Which accounts are bots, and making one (docs/api.md "Bots"). */
public final class BotAccounts {
  private final BotAccountStore store;

  public BotAccounts(BotAccountStore store) {
    this.store = store;
  }

  BotAccountStore store() {
    return store;
  }

  public boolean isBot(long userId) {
    return store.isBot(userId);
  }

  /** Makes {@code user} a bot; a bot already is one (nothing changes). */
  public void upgrade(User user) {
    if (user.guest()) throw Refused.forbidden("a guest cannot become a bot: register an account for it");
    if (store.isBot(user.id())) return;
    store.upgrade(user.id());
  }

  /** {@code user} itself, or refused when it is no bot. */
  public User requireBot(User user) {
    if (!store.isBot(user.id())) {
      throw Refused.forbidden("this account is not a bot: POST /api/bot/account/upgrade first");
    }
    return user;
  }
}
