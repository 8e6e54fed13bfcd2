package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.Clock;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;
import tabla.server.kernel.http.Json;
import tabla.server.site.NodeSummary;
import tabla.server.site.OnlineState;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;

/**
 * Issue 30: a notice for a user's pages (a turn alert) goes to the other nodes only when one of them has that user
 * online; one told while nobody else had the user is held and sent when a page of theirs opens on another node.
 * Two relays on one PostgreSQL schema (LISTEN/NOTIFY).
 */
class SiteRelayTest {
  @Test
  void aNoticeForAUserReachesAnotherNodeOnlyOnceThatNodeHasTheUserOnline() throws Exception {
    ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    try (Database db = Database.open(config); Nodes nodes = Nodes.start(db, config, config.dbPassword())) {
      SiteRelay a = nodes.a();
      Node onB = nodes.onB();
      await("a read b's row", () -> a.alive().map(s -> s.contains("b")).orElse(false));

      // user 7 has no page on b: the alert is not sent, the chat line told after it is
      a.tell(new SiteNotice.ToUser(7, text("first")));
      a.tell(new SiteNotice.Chat("lobby", text("marker")));
      await("the chat line reached b", () -> onB.heard.stream().anyMatch(n -> n instanceof SiteNotice.Chat));
      assertThat(onB.heard).as("b has no page of user 7").noneMatch(n -> n instanceof SiteNotice.ToUser);

      // a page of user 7 opens on b: as a reads b's row, it sends what it held
      onB.online = Map.of(7L, OnlineState.IDLE);
      await("the held alert reached b", () -> onB.heard.contains(new SiteNotice.ToUser(7, text("first"))));

      // from now on at once
      a.tell(new SiteNotice.ToUser(7, text("second")));
      await("the next alert reached b", () -> onB.heard.contains(new SiteNotice.ToUser(7, text("second"))));
      assertThat(onB.heard.stream().filter(n -> n instanceof SiteNotice.ToUser))
          .as("each alert once, in order").extracting(n -> ((SiteNotice.ToUser) n).message().asText())
          .containsExactly("first", "second");
    }
  }

  @Test
  void aNodeThatDoesNotHearTheNoticesYetIsNotCountedAlive() throws Exception {
    ServerConfig config = TestDb.POSTGRES.freshConfig(TestServers.DICE_SEED);
    // b's listening connection cannot start (a wrong password): it hears nothing another node sends
    try (Database db = Database.open(config); Nodes nodes = Nodes.start(db, config, config.dbPassword() + "-wrong")) {
      SiteRelay a = nodes.a();
      // b's sync loop has run its first rounds (every SYNC_MILLIS), a has read the rows since
      Thread.sleep(3 * SiteRelay.SYNC_MILLIS);
      await("a read the rows", () -> a.alive().isPresent());
      assertThat(a.alive().orElseThrow()).as("a does not send b notices b cannot hear").doesNotContain("b");
    }
  }

  @Test
  void thePagesOpenedBeforeTheFirstListenReconnectOnceItHolds() {
    // a node serves pages from its first request, and listens a moment later: what was told meanwhile is missed
    SiteRelay relay = new SiteRelay(null, "a", null, Clock.systemUTC());
    Node here = new Node();
    relay.attach(here);
    try {
      relay.missedSome(); // the first LISTEN holds
      relay.missedSome(); // and again after a lost connection
      await("both told", () -> here.reconnects.get() == 2);
    } catch (InterruptedException e) {
      throw new AssertionError(e);
    } finally {
      relay.close();
    }
  }

  /** Two nodes' relays and events on one database, started; b's listening connection logs in with {@code bPassword}. */
  private record Nodes(PgEvents eventsA, PgEvents eventsB, SiteRelay a, SiteRelay b, Node onB) implements AutoCloseable {
    static Nodes start(Database db, ServerConfig config, String bPassword) {
      PgEvents eventsA = events(db, config, "a");
      PgEvents eventsB = new PgEvents(db.jdbi(), config.dbUrl(), config.dbUser(), bPassword, "b", Clock.systemUTC());
      SiteRelay a = new SiteRelay(db.jdbi(), "a", eventsA, Clock.systemUTC());
      SiteRelay b = new SiteRelay(db.jdbi(), "b", eventsB, Clock.systemUTC());
      Node onB = new Node();
      a.attach(new Node());
      b.attach(onB);
      eventsA.start(noGames(), a, g -> false);
      eventsB.start(noGames(), b, g -> false);
      a.start();
      b.start();
      return new Nodes(eventsA, eventsB, a, b, onB);
    }

    @Override
    public void close() {
      a.close();
      b.close();
      eventsA.close();
      eventsB.close();
    }
  }

  /** One node's side: what it has open (its online users, set by the test) and the notices it heard. */
  private static final class Node implements OtherNodes.Here {
    final ConcurrentLinkedQueue<SiteNotice> heard = new ConcurrentLinkedQueue<>();
    volatile Map<Long, OnlineState> online = Map.of();
    final java.util.concurrent.atomic.AtomicInteger reconnects = new java.util.concurrent.atomic.AtomicInteger();

    @Override
    public void heard(SiteNotice n) {
      heard.add(n);
    }

    @Override
    public NodeSummary summary() {
      return new NodeSummary(online, Map.of(), Map.of());
    }

    @Override
    public void spectatorsChanged(Set<Long> games) {}

    @Override
    public void missedSome() {
      reconnects.incrementAndGet();
    }
  }

  private static JsonNode text(String s) {
    return Json.MAPPER.valueToTree(s);
  }

  private static PgEvents events(Database db, ServerConfig config, String name) {
    return new PgEvents(db.jdbi(), config.dbUrl(), config.dbUser(), config.dbPassword(), name, Clock.systemUTC());
  }

  private static PgEvents.Listener noGames() {
    return new PgEvents.Listener() {
      @Override
      public void heard(PgEvents.Notice n) {}

      @Override
      public void missedSome() {}
    };
  }

  /** Until {@code done} (at most 20 s: a notice that never comes fails, not a slow one). */
  private static void await(String what, BooleanSupplier done) throws InterruptedException {
    long end = System.currentTimeMillis() + 20_000;
    while (!done.getAsBoolean() && System.currentTimeMillis() < end) Thread.sleep(20);
    assertThat(done.getAsBoolean()).as(what).isTrue();
  }
}
