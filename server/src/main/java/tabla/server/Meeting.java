package tabla.server;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;
import tabla.server.admin.Moderation;
import tabla.server.chat.ChatLimit;
import tabla.server.chat.ChatRoutes;
import tabla.server.chat.ChatService;
import tabla.server.chat.ChatStore;
import tabla.server.games.GameFacts;
import tabla.server.games.GameService;
import tabla.server.games.GameStore;
import tabla.server.kernel.SiteSettings;
import tabla.server.presence.Presence;
import tabla.server.presence.PresenceRoutes;
import tabla.server.ratings.RatingRoutes;
import tabla.server.ratings.VariantRatings;
import tabla.server.rematch.Rematches;
import tabla.server.tournaments.TournamentFeed;
import tabla.server.site.NodeSummary;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.tournaments.TournamentNews;
import tabla.server.tournaments.Tournaments;
import tabla.server.watch.Audience;
import tabla.server.watch.LiveGames;

/**
 * The site as a place to meet (issue 14): who watches which game, the live games, who is online, chat,
 * rematches, ratings per variant, tournament news. Wired here, apart from the game service, which knows nothing of it.
 */
final class Meeting {
  private Meeting() {}

  /** What the meeting places are built from. */
  record Parts(Jdbi jdbi, Accounts accounts, GameService hub, GameFacts facts, GameStore games, SiteSettings site, VariantRatings ratings,
      Tournaments tournaments, OtherNodes others, ChatLimit chatLimit,
      tabla.server.socket.SocketRoutes sockets) {}

  static void register(RoutesConfig r, Parts p) {
    Jdbi jdbi = p.jdbi();
    Accounts accounts = p.accounts();
    GameService hub = p.hub();
    OtherNodes others = p.others();
    Audience audience = new Audience(others);
    GameFacts facts = p.facts();
    java.util.function.LongPredicate finished = facts::finished;
    Presence presence = new Presence(audience, finished, others);
    ChatService chat = new ChatService(new ChatStore(jdbi), Clock.systemUTC(), audience, presence::everyone,
        facts::seatOf, finished, others, p.chatLimit());
    others.attach(new OtherNodes.Here() {
      @Override
      public void heard(SiteNotice n) {
        if (n instanceof SiteNotice.ToUser u) presence.tellHere(u.user(), u.message());
        else if (n instanceof SiteNotice.ToTournamentPages t) presence.tellWatchingHere(t.tournament(), t.message());
        else if (n instanceof SiteNotice.BoardOpened o) hub.arrivedElsewhere(o.game(), o.seat());
        else chat.heard(n);
      }

      @Override
      public NodeSummary summary() {
        return new NodeSummary(presence.pagesHere(), presence.seatedHere(), audience.here());
      }

      @Override
      public void spectatorsChanged(java.util.Set<Long> games) {
        audience.changedElsewhere(games);
      }

      @Override
      public void missedSome() {
        presence.everyone().forEach(Audience.Member::reconnect);
        audience.listening().forEach(Audience.Member::reconnect);
      }
    });
    Moderation roles = new Moderation(jdbi, p.site());
    ChatRoutes chatRoutes = new ChatRoutes(chat, accounts, audience, user -> roles.role(user).isStaff());
    chatRoutes.register(r);
    p.sockets().onGames(chatRoutes.gameSocket());
    PresenceRoutes presenceRoutes = new PresenceRoutes(presence, accounts, jdbi, chat::greet, p.ratings(),
        p.tournaments()::watching);
    presenceRoutes.register(r);
    p.sockets().onSite(presenceRoutes.siteSocket());
    new LiveGames(jdbi, audience, p.ratings()).register(r);
    new RatingRoutes(p.ratings(), accounts, hub).register(r);
    new Rematches(jdbi, hub, p.games(), accounts, presence).register(r);
    p.tournaments().tellTo(new TournamentNews() {
      @Override
      public void toWatchers(long id, TournamentFeed.Message m) {
        presence.tellWatching(id, m);
      }

      @Override
      public void matchStarts(long user, MatchStarts m) {
        presence.tell(user, m);
      }
    });
  }
}
