package tabla.server.alerts;

import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.ResetRoutes;
import tabla.server.mail.Mailer;
import tabla.server.kernel.Workers;

/**
 * Alerts by mail, batched: a person gets at most one alert mail per {@link #MIN_GAP}; what happens meanwhile waits
 * and goes in the next one. The first alert after a quiet spell goes out at once. Everything waits in memory, with
 * bounds ({@link #MAX_LINES} lines per person, {@link #MAX_PEOPLE} people), and is sent by one background thread,
 * so neither a move nor a slow mail server waits for the other. A restart loses what waits (a few minutes' news).
 * Whether a person wants a kind, and their address, is read when the mail is made, so a change counts at once.
 */
public final class MailAlerts implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(MailAlerts.class);
  /** The shortest time between two alert mails to one person. */
  public static final Duration MIN_GAP = Duration.ofMinutes(5);
  /** Lines one mail holds at most; more are counted ("and 3 more"). */
  static final int MAX_LINES = 20;
  /** People whose mail waits, at most; an alert for one more is dropped (and logged). */
  static final int MAX_PEOPLE = 10_000;

  /** The message keys of the mails' and the unsubscribe page's words (MessagesTest checks them in every language). */
  public static final List<String> MAIL_KEYS = java.util.stream.Stream.concat(java.util.stream.Stream.of(
      "mail.alertSubject", "mail.alertHello", "mail.alertTurn", "mail.alertInvitation", "mail.alertTournament",
      "mail.alertMore", "mail.alertStopKind", "mail.alertDeadlineDay", "mail.alertDeadlineHour", "mail.alertFooter", "unsub.title", "unsub.all", "unsub.ask",
      "unsub.button", "unsub.done", "unsub.account", "unsub.bad"),
      java.util.Arrays.stream(AlertKind.values()).map(k -> "account.alert." + k.key())).toList();

  /** One line of a mail: its kind, its message key and words; {@code nameOf}: a user whose name is the word "name". */
  record Line(AlertKind kind, String key, Map<String, String> words, Long nameOf) {}

  /** How often a waiting mail looks at the clock while its gap runs: a test's moved clock is seen within this. */
  static final long LOOK_MILLIS = 1000;

  private static final class Waiting {
    final List<Line> lines = new ArrayList<>();
    int more;
    long due; // when it goes, by the clock
  }

  /** Who the mail goes to, read when it is made ({@link AlertStore}). */
  public interface People {
    Optional<AlertStore.Recipient> recipient(long user);

    Optional<String> name(long user);
  }

  private final Mailer mailer;
  private final People store;
  private final UnsubscribeLinks links;
  private final String site;
  private final Clock clock;
  private final long gapMillis;
  private final Map<Long, Waiting> waiting = new HashMap<>();
  /** When each person was last mailed, kept while it still holds back their next mail (pruned beyond MAX_PEOPLE). */
  private final Map<Long, Long> lastSent = new HashMap<>();
  private final ScheduledThreadPoolExecutor sender = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-alert-mail"));

  /** {@code site}: the site's public address, for the links in the mail; {@code gap}: {@link #MIN_GAP} but in tests. */
  public MailAlerts(Mailer mailer, People store, UnsubscribeLinks links, URI site, Clock clock, Duration gap) {
    this.mailer = mailer;
    this.store = store;
    this.links = links;
    this.site = site == null ? "" : site.toString().replaceAll("/+$", "");
    this.clock = clock;
    this.gapMillis = gap.toMillis();
  }

  /** Whether mail goes out at all (TABLA_SMTP_HOST set). */
  public boolean on() {
    return mailer.configured();
  }

  /** The site's address of {@code path} ("/#/game/3"). */
  String link(String path) {
    return site + path;
  }

  /** An alert for {@code user}: in their next mail, which goes out at once or when their gap is over. */
  public void alert(long user, AlertKind kind, String key, Map<String, String> words, Long nameOf) {
    if (!on()) return;
    long now = clock.millis();
    synchronized (this) {
      Waiting w = waiting.get(user);
      if (w == null) {
        if (waiting.size() >= MAX_PEOPLE) {
          LOG.warn("{} people's alert mails wait already; one for user {} is dropped", MAX_PEOPLE, user);
          return;
        }
        w = new Waiting();
        waiting.put(user, w);
        Long last = lastSent.get(user);
        w.due = last == null ? now : Math.max(now, last + gapMillis);
        lookAt(user, w.due - now);
      }
      if (w.lines.size() < MAX_LINES) w.lines.add(new Line(kind, key, Map.copyOf(words), nameOf));
      else w.more++;
    }
  }

  /** Runs {@code task} every {@code period} on the sending thread (the deadlines' look); a failure waits for the next. */
  void every(Duration period, Runnable task) {
    sender.scheduleWithFixedDelay(() -> {
      try {
        task.run();
      } catch (RuntimeException e) {
        LOG.warn("an alert task failed: {}", e.getMessage());
      }
    }, period.toMillis(), period.toMillis(), TimeUnit.MILLISECONDS);
  }

  /** Alerts waiting to be mailed, for how many people (the bound's test, /metrics). */
  public synchronized int peopleWaiting() {
    return waiting.size();
  }

  /**
   * Sends {@code user}'s mail when it is due by the clock, {@code left} ms from now: the wait looks at the clock at
   * least once a {@link #LOOK_MILLIS}, so a clock moved over the gap (a test's) sends it then, and one that stands
   * holds it, however long the sending thread took to come.
   */
  private void lookAt(long user, long left) {
    if (left <= 0) {
      sender.execute(() -> send(user));
      return;
    }
    sender.schedule(() -> {
      long still;
      synchronized (this) {
        Waiting w = waiting.get(user);
        if (w == null) return;
        still = w.due - clock.millis();
      }
      lookAt(user, still);
    }, Math.min(left, LOOK_MILLIS), TimeUnit.MILLISECONDS);
  }

  private void send(long user) {
    Waiting w;
    synchronized (this) {
      w = waiting.remove(user);
      long now = clock.millis();
      lastSent.put(user, now);
      if (lastSent.size() > MAX_PEOPLE) lastSent.values().removeIf(t -> now - t >= gapMillis);
    }
    if (w == null) return;
    try {
      Optional<AlertStore.Recipient> r = store.recipient(user);
      if (r.isEmpty()) return;
      List<Line> wanted = w.lines.stream().filter(l -> r.get().wanted().contains(l.kind())).toList();
      if (wanted.isEmpty()) return;
      mail(r.get(), wanted, w.more);
    } catch (Exception e) {
      LOG.warn("the alert mail to user {} could not be sent: {}", user, e.getMessage());
    }
  }

  private void mail(AlertStore.Recipient r, List<Line> lines, int more) throws Exception {
    String lang = r.lang();
    StringBuilder body = new StringBuilder(text(lang, "mail.alertHello", Map.of("name", r.name()))).append("\n\n");
    Set<AlertKind> kinds = new LinkedHashSet<>();
    for (Line l : lines) {
      Map<String, String> words = new HashMap<>(l.words());
      if (l.nameOf() != null) words.put("name", store.name(l.nameOf()).orElse("?"));
      body.append("- ").append(text(lang, l.key(), words)).append('\n');
      kinds.add(l.kind());
    }
    if (more > 0) body.append(text(lang, "mail.alertMore", Map.of("n", String.valueOf(more)))).append('\n');
    body.append("\n-- \n");
    for (AlertKind k : kinds) {
      body.append(text(lang, "mail.alertStopKind", Map.of("what", text(lang, "account.alert." + k.key(), Map.of()),
          "link", unsubscribe(r.id(), k.key())))).append('\n');
    }
    body.append(text(lang, "mail.alertFooter", Map.of("account", link("/account.html"),
        "link", unsubscribe(r.id(), UnsubscribeLinks.ALL))));
    String oneClick = unsubscribe(r.id(), UnsubscribeLinks.ALL);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("List-Unsubscribe", "<" + oneClick + ">");
    headers.put("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"); // RFC 8058: the mail program's own button
    mailer.send(r.email(), text(lang, "mail.alertSubject", Map.of()), body.toString(), headers);
  }

  private String unsubscribe(long user, String kinds) {
    return link("/unsubscribe?" + links.query(user, kinds));
  }

  private static String text(String lang, String key, Map<String, String> words) {
    return ResetRoutes.text(lang, key, words);
  }

  @Override
  public void close() {
    Workers.stop(sender);
  }
}
