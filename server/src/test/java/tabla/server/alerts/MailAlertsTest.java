package tabla.server.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import jakarta.mail.Message;
import jakarta.mail.internet.MimeMessage;
import java.net.URI;
import java.time.Duration;
import java.util.EnumSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import tabla.server.MovableClock;
import tabla.server.SmtpListener;
import tabla.server.kernel.MailSettings;
import tabla.server.mail.Mailer;

/**
 * Alert mails are batched: the first after a quiet spell goes at once, what comes within the gap waits and goes in
 * one mail, at most {@link MailAlerts#MAX_LINES} lines of it; a kind the person turned off is not mailed; each mail
 * carries signed unsubscribe links (List-Unsubscribe, one-click) that this site's key checks and a forged one fails.
 */
class MailAlertsTest {
  /** The site's own gap: a stopped clock, moved over it by the tests, says when it is over. */
  private static final Duration GAP = MailAlerts.MIN_GAP;
  private final MovableClock clock = new MovableClock().stop();
  private final Map<Long, Set<AlertKind>> wanted = new ConcurrentHashMap<>();
  private SmtpListener smtp;
  private MailAlerts alerts;
  private UnsubscribeLinks links;

  @BeforeEach
  void start() throws Exception {
    smtp = new SmtpListener();
    Mailer mailer = new Mailer(new MailSettings("127.0.0.1", smtp.port(), null, null, "tabla@tabla.example",
        MailSettings.Tls.NONE));
    MailAlerts.People people = new MailAlerts.People() {
      @Override
      public Optional<AlertStore.Recipient> recipient(long user) {
        return Optional.of(new AlertStore.Recipient(user, "p" + user, "p" + user + "@tabla.example", "en",
            wanted.getOrDefault(user, EnumSet.allOf(AlertKind.class))));
      }

      @Override
      public Optional<String> name(long user) {
        return Optional.of("p" + user);
      }
    };
    links = new UnsubscribeLinks(UnsubscribeLinks.freshKey());
    // the gap is judged and waited by a clock that stands until a test moves it: what the tests send after a mail
    // came is within its gap however slow the machine (a 300 ms gap waited in real time was over, on a loaded one,
    // before the first mail's delivery and parsing were, or between two alerts of a batch: one went alone)
    alerts = new MailAlerts(mailer, people, links, URI.create("https://tabla.example/"), clock, GAP);
  }

  @AfterEach
  void stop() throws Exception {
    alerts.close();
    smtp.close();
  }

  private void turn(long user, long game, long opponent) {
    alerts.alert(user, AlertKind.TURNS, "mail.alertTurn", Map.of("game", String.valueOf(game),
        "link", "https://tabla.example/#/game/" + game), opponent);
  }

  private MimeMessage next() throws Exception {
    MimeMessage m = smtp.next(20);
    assertThat(m).as("a mail within 20 s").isNotNull();
    return m;
  }

  private static String to(MimeMessage m) throws Exception {
    return m.getRecipients(Message.RecipientType.TO)[0].toString();
  }

  @Test
  void whatComesWithinTheGapGoesInOneMail() throws Exception {
    turn(1, 10, 2);
    MimeMessage first = next();
    assertThat(to(first)).isEqualTo("p1@tabla.example");
    assertThat(first.getSubject()).isEqualTo("Tabla: your games");
    assertThat(first.getContent().toString()).contains("Hello p1,",
        "- Game 10 against p2: it is your turn. https://tabla.example/#/game/10");
    // two more turns at once: held until the gap is over, then one mail with both
    turn(1, 11, 3);
    turn(1, 12, 4);
    alerts.alert(1, AlertKind.INVITATIONS, "mail.alertInvitation", Map.of("link", "https://tabla.example/#/lobby"), 5L);
    assertThat(alerts.peopleWaiting()).as("held").isEqualTo(1);
    clock.advance(GAP);
    MimeMessage second = next();
    String body = second.getContent().toString();
    assertThat(body).contains("Game 11 against p3", "Game 12 against p4", "p5 invites you to a game");
    assertThat(body).contains("No more mails about your turn in a correspondence game: https://tabla.example/unsubscribe?u=1&k=turns&s=",
        "No more mails about invitations to a game: https://tabla.example/unsubscribe?u=1&k=invitations&s=");
    assertThat(alerts.peopleWaiting()).isZero();
    assertThat(smtp.waiting()).isZero();
  }

  @Test
  void aMailHoldsAtMostItsBoundOfLines() throws Exception {
    turn(7, 1, 8);
    next();
    for (int g = 0; g < MailAlerts.MAX_LINES + 5; g++) turn(7, 100 + g, 8);
    clock.advance(GAP);
    String body = next().getContent().toString();
    assertThat(body.lines().filter(l -> l.startsWith("- Game "))).hasSize(MailAlerts.MAX_LINES);
    assertThat(body).contains("…and 5 more.");
  }

  @Test
  void aKindTurnedOffIsNotMailed() throws Exception {
    wanted.put(3L, EnumSet.of(AlertKind.INVITATIONS));
    turn(3, 30, 4);
    turn(5, 50, 4); // one sending thread, in order: had 3's been sent, it would come first
    assertThat(to(next())).isEqualTo("p5@tabla.example");
    assertThat(smtp.waiting()).isZero();
  }

  @Test
  void theOneClickLinkIsSignedForItsAccountAndKindOnly() throws Exception {
    turn(9, 90, 4);
    MimeMessage m = next();
    assertThat(m.getHeader("List-Unsubscribe-Post")[0]).isEqualTo("List-Unsubscribe=One-Click");
    Matcher link = Pattern.compile("^<https://tabla\\.example/unsubscribe\\?u=(\\d+)&k=(\\w+)&s=([\\w-]+)>$")
        .matcher(m.getHeader("List-Unsubscribe")[0]);
    assertThat(link.matches()).isTrue();
    assertThat(link.group(1)).isEqualTo("9");
    assertThat(link.group(2)).isEqualTo(UnsubscribeLinks.ALL);
    var req = links.check(link.group(1), link.group(2), link.group(3));
    assertThat(req).isPresent();
    assertThat(req.get().kinds()).containsExactlyInAnyOrder(AlertKind.values());
    // another account, another kind, or another site's key: refused
    assertThat(links.check("8", link.group(2), link.group(3))).isEmpty();
    assertThat(links.check(link.group(1), "turns", link.group(3))).isEmpty();
    assertThat(new UnsubscribeLinks(UnsubscribeLinks.freshKey()).check(link.group(1), link.group(2), link.group(3)))
        .isEmpty();
    assertThat(links.check("x", "all", "y")).isEmpty();
    assertThat(links.check("9", "nonsense", link.group(3))).isEmpty();
  }
}
