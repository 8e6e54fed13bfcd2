package tabla.server;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;
import tabla.server.chat.ChatRoutes;
import tabla.server.chat.ChatService;
import tabla.server.chat.ChatStore;
import tabla.server.games.GameHub;
import tabla.server.watch.Audience;

/** The site as a place to meet (issue 14): chat, and who watches which game. Wired here, apart from the game service. */
final class Meeting {
  private Meeting() {}

  static void register(RoutesConfig r, Jdbi jdbi, Accounts accounts, GameHub hub) {
    Audience audience = new Audience();
    ChatService chat = new ChatService(new ChatStore(jdbi), Clock.systemUTC(), audience,
        (game, user) -> hub.room(game).seatOf(user), game -> hub.room(game).isFinished());
    new ChatRoutes(chat, accounts, audience).register(r);
  }
}
