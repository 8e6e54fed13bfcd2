package tabla.server.admin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.Consumer;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;

/**
 * What the site tells everyone: the message of the day (kept in the database), broadcasts (kept in
 * memory for {@link #BROADCAST_LIFETIME}, at most {@link #MAX_BROADCASTS}), and a coming shutdown. Every
 * page asks for them ({@code GET /api/notices}) when it opens and then every {@link #POLL_SECONDS} s.
 */
public final class Notices {
  public static final int POLL_SECONDS = 10;
  static final Duration BROADCAST_LIFETIME = Duration.ofMinutes(10);
  static final int MAX_BROADCASTS = 20;
  static final int MAX_TEXT = 500;

  private final SiteSettingStore store;
  private final Clock clock;
  private final Deque<Broadcast> broadcasts = new ArrayDeque<>();
  /** Broadcast ids stay below 2^53: the page reads them as JavaScript numbers. */
  static final long MAX_ID = 1L << 53;
  private volatile String motd;
  private volatile Shutdown shutdown;

  /** {@code at}: ISO-8601 UTC, as the page reads it. */
  public record Broadcast(long id, String text, String at) {}

  public record Shutdown(String at, String message) {}

  /** The answer of GET /api/notices. */
  public record View(String motd, List<Broadcast> broadcasts, Shutdown shutdown, int pollSeconds) {}

  /** {"type":"notice","kind":"broadcast","id":N,"text":T}: a broadcast, pushed to every open socket. */
  public record BroadcastMessage(String type, String kind, long id, String text) {
    public BroadcastMessage(Broadcast b) {
      this("notice", "broadcast", b.id(), b.text());
    }
  }

  private volatile OtherNodes others = OtherNodes.NONE;
  private volatile Consumer<String> everyone = json -> { };

  public Notices(Jdbi jdbi, Clock clock) {
    this.store = new SiteSettingStore(jdbi);
    this.clock = clock;
    this.motd = readMotd();
  }

  private String readMotd() {
    return store.read("motd").orElse("");
  }

  /**
   * Several nodes: broadcasts and a new message of the day posted here go to the other nodes too, and theirs come
   * here ({@code everyone}: sends a message to every socket open on this node).
   */
  public void acrossNodes(OtherNodes nodes, Consumer<String> everyone) {
    this.others = nodes;
    this.everyone = everyone;
    nodes.listen(n -> {
      if (n instanceof SiteNotice.Broadcast b) heard(new Broadcast(b.id(), b.text(), b.at()));
      else if (n instanceof SiteNotice.MotdChanged) motd = readMotd();
    });
  }

  private void heard(Broadcast b) {
    synchronized (this) {
      keep(b);
    }
    everyone.accept(Json.write(new BroadcastMessage(b)));
  }

  public void setMotd(String text) {
    String t = clean(text, true);
    store.write("motd", t, clock.instant());
    motd = t;
    others.tell(new SiteNotice.MotdChanged());
  }

  /** A new broadcast, here and on the other nodes; its id is random, so that two nodes never give the same one. */
  public Broadcast broadcast(String text) {
    Broadcast b = new Broadcast(ThreadLocalRandom.current().nextLong(1, MAX_ID), clean(text, false),
        clock.instant().toString());
    synchronized (this) {
      keep(b);
    }
    others.tell(new SiteNotice.Broadcast(b.id(), b.text(), b.at()));
    return b;
  }

  private void keep(Broadcast b) {
    broadcasts.addLast(b);
    while (broadcasts.size() > MAX_BROADCASTS) broadcasts.removeFirst();
  }

  public void announceShutdown(Instant at, String message) {
    shutdown = new Shutdown(at.toString(), clean(message, false));
  }

  public boolean shuttingDown() {
    return shutdown != null;
  }

  public synchronized View view() {
    Instant oldest = clock.instant().minus(BROADCAST_LIFETIME);
    while (!broadcasts.isEmpty() && Instant.parse(broadcasts.peekFirst().at()).isBefore(oldest)) broadcasts.removeFirst();
    return new View(motd, new ArrayList<>(broadcasts), shutdown, POLL_SECONDS);
  }

  private static String clean(String text, boolean mayBeEmpty) {
    String t = text == null ? "" : text.strip();
    if (t.isEmpty() && !mayBeEmpty) throw Refused.of(Refused.Kind.INVALID, AdminCode.NOTICE_EMPTY, "the message is empty");
    if (t.length() > MAX_TEXT) {
      throw Refused.of(Refused.Kind.INVALID, AdminCode.NOTICE_LONG, "a message has at most " + MAX_TEXT + " characters",
          java.util.Map.of("max", MAX_TEXT));
    }
    return t;
  }
}
