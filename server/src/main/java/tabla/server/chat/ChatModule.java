package tabla.server.chat;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import java.util.Collection;
import java.util.function.LongPredicate;
import java.util.function.Supplier;
import java.util.function.ToIntBiFunction;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;
import tabla.server.site.OtherNodes;
import tabla.server.socket.SocketRoutes;
import tabla.server.watch.Audience;

/** Chat wired once: its store and service, and its routes. */
public record ChatModule(ChatService service) {
  /** See {@link ChatService} for {@code seatOf} and {@code finished}. */
  public static ChatModule wire(Jdbi jdbi, Clock clock, Audience audience, Supplier<Collection<Audience.Member>> lobby,
      ToIntBiFunction<Long, Long> seatOf, LongPredicate finished, OtherNodes others, ChatLimit rate) {
    return new ChatModule(new ChatService(new ChatStore(jdbi), clock, audience, lobby, seatOf, finished, others, rate));
  }

  /** {@code staff}: whether a user (by id) is a moderator or admin; chat's side of the game sockets on {@code sockets}. */
  public void register(RoutesConfig r, SocketRoutes sockets, Accounts accounts, Audience audience, LongPredicate staff) {
    ChatRoutes routes = new ChatRoutes(service, accounts, audience, staff);
    routes.register(r);
    sockets.onGames(routes.gameSocket());
  }
}
