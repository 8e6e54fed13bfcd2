package tabla.server.alerts;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.net.URI;
import java.time.Clock;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.GameService;
import tabla.server.games.TurnListener;
import tabla.server.lobby.LobbyRoutes;
import tabla.server.lobby.SeekStore;
import tabla.server.mail.Mailer;
import tabla.server.presence.Presence;
import tabla.server.tournaments.TournamentFeed;
import tabla.server.tournaments.TournamentNews;

/**
 * Turn alerts, wired once: the game service's turns told to the players' open pages ({@link TurnAlerts}), and by
 * mail ({@link MailAlerts}, when TABLA_SMTP_HOST is set) a correspondence game waiting on me, its time running out
 * ({@link DeadlineAlerts}), an invitation, my tournament match starting; the choices per kind and the unsubscribe link ({@link AlertRoutes}).
 */
public record AlertsModule(TurnAlerts pages, MailAlerts mail, AlertRoutes routes) {
  public static AlertsModule wire(GameService games, Presence presence, Jdbi jdbi, Mailer mailer, URI publicUrl,
      Clock clock) {
    if (mailer.configured() && publicUrl == null) {
      throw new IllegalArgumentException("TABLA_SMTP_HOST needs TABLA_PUBLIC_URL: the alert mails link to it");
    }
    AlertStore store = new AlertStore(jdbi, clock);
    UnsubscribeLinks links = new UnsubscribeLinks(store.signingKey(UnsubscribeLinks::freshKey));
    MailAlerts mail = new MailAlerts(mailer, store, links, publicUrl, clock, MailAlerts.MIN_GAP);
    TurnAlerts pages = new TurnAlerts(presence::tell);
    games.listenTurns(pages);
    games.listenTurns(t -> turnByMail(mail, t));
    if (mail.on()) {
      mail.every(DeadlineAlerts.EVERY, new DeadlineAlerts(games::deadlines, mail::alert, clock,
          id -> mail.link("/#/game/" + id)));
    }
    return new AlertsModule(pages, mail, new AlertRoutes(store, mail, links));
  }

  /** A correspondence game waits on a person now: a line of their next mail (live games are played at the board). */
  static void turnByMail(MailAlerts mail, TurnListener.TurnPassed t) {
    if (!"correspondence".equals(t.mode()) || t.toAct() == null) return;
    Long other = t.toAct().equals(t.player0()) ? t.player1() : t.player0();
    mail.alert(t.toAct(), AlertKind.TURNS, "mail.alertTurn", Map.of("game", String.valueOf(t.gameId()),
        "link", mail.link("/#/game/" + t.gameId())), other);
  }

  /** The tournaments' news as {@code shown} tells it, and a starting match also by mail. */
  public TournamentNews tournamentNews(TournamentNews shown) {
    return new TournamentNews() {
      @Override
      public void toWatchers(long id, TournamentFeed.Message m) {
        shown.toWatchers(id, m);
      }

      @Override
      public void matchStarts(long user, MatchStarts m) {
        shown.matchStarts(user, m);
        mail.alert(user, AlertKind.TOURNAMENTS, "mail.alertTournament", Map.of("tournament", m.name(),
            "link", mail.link("/#/game/" + m.gameId())), null);
      }
    };
  }

  /** The routes; {@code seeks}: to find who a new seek invites (mailed an invitation). */
  public void register(RoutesConfig r, SeekStore seeks) {
    routes.register(r);
    r.after("/api/seeks", ctx -> invited(ctx, seeks));
  }

  /** After a seek was made: an invited player is mailed (their pages are told by the presence). */
  private void invited(Context ctx, SeekStore seeks) {
    User creator = Auth.userOrNull(ctx);
    if (creator == null || !mail.on()) return;
    LobbyRoutes.createdSeek(ctx).ifPresent(seek -> seeks.invitee(seek).ifPresent(invitee -> mail.alert(invitee,
        AlertKind.INVITATIONS, "mail.alertInvitation", Map.of("link", mail.link("/#/lobby")), creator.id())));
  }

}
