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
 * The same alerts go by Web Push ({@link PushAlerts}) to every browser a player subscribed ({@link PushRoutes}).
 */
public record AlertsModule(TurnAlerts pages, MailAlerts mail, PushAlerts push, AlertRoutes routes,
    PushRoutes pushRoutes) implements AutoCloseable {
  public static AlertsModule wire(GameService games, Presence presence, Jdbi jdbi, Mailer mailer, URI publicUrl,
      Clock clock) {
    if (mailer.configured() && publicUrl == null) {
      throw new IllegalArgumentException("TABLA_SMTP_HOST needs TABLA_PUBLIC_URL: the alert mails link to it");
    }
    AlertStore store = new AlertStore(jdbi, clock);
    UnsubscribeLinks links = new UnsubscribeLinks(store.signingKey(UnsubscribeLinks::freshKey));
    MailAlerts mail = new MailAlerts(mailer, store, links, publicUrl, clock, MailAlerts.MIN_GAP);
    PushStore subscriptions = new PushStore(jdbi, clock);
    PushAlerts push = new PushAlerts(subscriptions, store, vapidKeys(store.kept("alerts.vapidKey", AlertsModule::freshVapid)),
        publicUrl != null && "https".equals(publicUrl.getScheme()) ? publicUrl.toString() : "mailto:webmaster@localhost",
        clock);
    TurnAlerts pages = new TurnAlerts(presence::tell);
    games.listenTurns(pages);
    AlertsModule m = new AlertsModule(pages, mail, push, new AlertRoutes(store, mail, links),
        new PushRoutes(subscriptions, push, publicUrl == null || !"https".equals(publicUrl.getScheme())));
    games.listenTurns(m::turn);
    mail.every(DeadlineAlerts.EVERY, new DeadlineAlerts(games::deadlines, m::alert, clock,
        id -> mail.link("/#/game/" + id)));
    return m;
  }

  /** An alert by mail (when the site sends mail) and by push (to the browsers subscribed). */
  void alert(long user, AlertKind kind, String key, Map<String, String> words, Long nameOf) {
    mail.alert(user, kind, key, words, nameOf);
    push.alert(user, kind, key, words, nameOf);
  }

  /** A fresh VAPID key pair as kept: "private.public", base64url. */
  private static String freshVapid() {
    java.security.KeyPair k = PushCrypto.newKeyPair();
    return PushCrypto.b64(PushCrypto.raw((java.security.interfaces.ECPrivateKey) k.getPrivate())) + "."
        + PushCrypto.b64(PushCrypto.raw((java.security.interfaces.ECPublicKey) k.getPublic()));
  }

  private static java.security.KeyPair vapidKeys(String kept) {
    String[] parts = kept.split("\\.");
    try {
      return new java.security.KeyPair(PushCrypto.publicKey(PushCrypto.unb64(parts[1])),
          PushCrypto.privateKey(PushCrypto.unb64(parts[0])));
    } catch (java.security.GeneralSecurityException | RuntimeException e) {
      throw new IllegalStateException("the site setting alerts.vapidKey is not a P-256 key pair", e);
    }
  }

  @Override
  public void close() {
    mail.close();
    push.close();
  }

  /** A correspondence game waits on a person now: a mail's line, a push (live games are played at the board). */
  void turn(TurnListener.TurnPassed t) {
    if (!"correspondence".equals(t.mode()) || t.toAct() == null) return;
    Long other = t.toAct().equals(t.player0()) ? t.player1() : t.player0();
    alert(t.toAct(), AlertKind.TURNS, "mail.alertTurn", Map.of("game", String.valueOf(t.gameId()),
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
        alert(user, AlertKind.TOURNAMENTS, "mail.alertTournament", Map.of("tournament", m.name(),
            "link", mail.link("/#/game/" + m.gameId())), null);
      }
    };
  }

  /** The routes; {@code seeks}: to find who a new seek invites (mailed an invitation). */
  public void register(RoutesConfig r, SeekStore seeks) {
    routes.register(r);
    pushRoutes.register(r);
    r.after("/api/seeks", ctx -> invited(ctx, seeks));
  }

  /** After a seek was made: an invited player is mailed and pushed (their pages are told by the presence). */
  private void invited(Context ctx, SeekStore seeks) {
    User creator = Auth.userOrNull(ctx);
    if (creator == null) return;
    LobbyRoutes.createdSeek(ctx).ifPresent(seek -> seeks.invitee(seek).ifPresent(invitee -> alert(invitee,
        AlertKind.INVITATIONS, "mail.alertInvitation", Map.of("link", mail.link("/#/lobby")), creator.id())));
  }

}
