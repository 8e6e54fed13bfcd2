package tabla.server.presence;

import io.javalin.config.RoutesConfig;
import java.util.function.Consumer;
import java.util.function.LongPredicate;
import tabla.server.accounts.Accounts;
import tabla.server.lobby.SeekStore;
import tabla.server.ratings.VariantRatings;
import tabla.server.site.OtherNodes;
import tabla.server.socket.SocketRoutes;
import tabla.server.tournaments.TournamentFeed;
import tabla.server.tournaments.TournamentNews;
import tabla.server.watch.Audience;

/** Who is online, wired once: the presence and its routes (the site socket and the online list). */
public record PresenceModule(Presence presence) {
  /** {@code finished}: whether a game is over. */
  public static PresenceModule wire(Audience audience, LongPredicate finished, OtherNodes others) {
    return new PresenceModule(new Presence(audience, finished, others));
  }

  /** The tournaments' news, told to the pages that show a tournament and to the players whose match starts. */
  public TournamentNews tournamentNews() {
    return new TournamentNews() {
      @Override
      public void toWatchers(long id, TournamentFeed.Message m) {
        presence.tellWatching(id, m);
      }

      @Override
      public void matchStarts(long user, MatchStarts m) {
        presence.tell(user, m);
      }
    };
  }

  /** {@code greet}: what a page's site socket gets first (the lobby chat); {@code watching}: a tournament page's feed. */
  public void register(RoutesConfig r, SocketRoutes sockets, Accounts accounts, SeekStore seeks,
      Consumer<Audience.Member> greet, VariantRatings ratings, TournamentFeed.Watch watching) {
    PresenceRoutes routes = new PresenceRoutes(presence, accounts, seeks, greet, ratings, watching);
    routes.register(r);
    sockets.onSite(routes.siteSocket());
  }
}
