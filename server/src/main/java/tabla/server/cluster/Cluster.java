package tabla.server.cluster;

import java.time.Clock;
import io.javalin.config.RoutesConfig;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.ServerConfig;
import tabla.server.games.EventRelay;
import tabla.server.games.GameService;
import tabla.server.games.RemoteSockets;
import tabla.server.games.Ownership;
import tabla.server.kernel.Workers;

/**
 * This node's part in a cluster: the leases of the games it runs, the forwarding of requests for games run
 * elsewhere, and the events of games between nodes (LISTEN/NOTIFY) for the sockets of games run elsewhere. Built only when
 * TABLA_NODE_ID is set; a single node is a {@link SingleNode}.
 */
public final class Cluster implements Topology {
  private static final Logger LOG = LoggerFactory.getLogger(Cluster.class);
  private final ClusterSettings settings;
  private final GameLeases leases;
  private final Forwarding forwarding;
  private final PgEvents events;
  private final ClusterSockets sockets;
  private final SiteRelay site;
  private final SharedLimits limits;
  /**
   * Loads the rooms of games taken over from a dead node, two at a time (their clocks and computer players run
   * from then on); at most {@link #MAX_LOADS} wait, beyond that the scan loads them itself.
   */
  private final java.util.concurrent.ThreadPoolExecutor loader = new java.util.concurrent.ThreadPoolExecutor(2, 2, 0,
      java.util.concurrent.TimeUnit.SECONDS, new java.util.concurrent.ArrayBlockingQueue<>(Cluster.MAX_LOADS), Workers.daemon("tabla-takeover"), new java.util.concurrent.ThreadPoolExecutor.CallerRunsPolicy());
  static final int MAX_LOADS = 1000;

  private final Affinity affinity;

  private Cluster(ClusterSettings settings, GameLeases leases, PgEvents events, Jdbi jdbi, Clock clock,
      java.util.List<tabla.server.kernel.AddressRange> proxies) {
    this.settings = settings;
    this.leases = leases;
    this.affinity = new Affinity(leases, proxies);
    this.forwarding = new Forwarding(leases, settings.secret(), affinity);
    this.events = events;
    this.site = new SiteRelay(jdbi, settings.node(), events, clock);
    this.sockets = new ClusterSockets(forwarding, leases, site, events, clock);
    this.limits = new SharedLimits(jdbi, clock);
  }

  /** A node of several; refused on H2, which other processes cannot share. */
  public static Cluster open(ClusterSettings settings, ServerConfig config, Jdbi jdbi, Clock clock) {
    String refusal = settings.refusal(config.dbUrl());
    if (refusal != null) throw new IllegalArgumentException(refusal);
    return new Cluster(settings, new GameLeases(jdbi, settings.node(), settings.leaseMillis(), clock),
        new PgEvents(jdbi, config.dbUrl(), config.dbUser(), config.dbPassword(), settings.node(), clock), jdbi, clock,
        config.site().trustedProxies());
  }

  /** Where the events of the games run here go: to every node. */
  @Override
  public EventRelay events() {
    return events;
  }

  /** The sockets of games run elsewhere. */
  @Override
  public RemoteSockets sockets() {
    return sockets;
  }

  /** The people on the other nodes: chat, presence, spectators, personal messages. */
  @Override
  public tabla.server.site.OtherNodes site() {
    return site;
  }

  /** {@code limit} per client address, counted for all the nodes at once. */
  @Override
  public tabla.server.kernel.http.RateLimit perAddress(String what, tabla.server.kernel.http.RateLimiter.Limit limit) {
    return limits.perAddress(what, limit);
  }

  /** Failures (failed logins) counted for all the nodes at once: a client whose node changes gets no more tries. */
  @Override
  public tabla.server.kernel.http.FailureCount failures(String kind, tabla.server.kernel.http.RateLimiter.Limit limit) {
    return limits.failures(kind, limit);
  }

  /** The chat's limit per user, counted for all the nodes at once. */
  @Override
  public tabla.server.chat.ChatLimit chatLimit() {
    return limits.chat();
  }

  @Override
  public Ownership ownership() {
    return leases;
  }

  public GameLeases leases() {
    return leases;
  }

  /** Game requests for a game run elsewhere go there (after the database check, before sign-in). */
  @Override
  public void register(RoutesConfig r) {
    r.before("/api/games/*", forwarding::before);
    r.wsBeforeUpgrade("/ws/games/*", affinity::beforeUpgrade);
  }

  @Override
  public long forwarded() {
    return forwarding.forwarded();
  }

  /** This node listens on {@code port}: it starts renewing its leases and taking over dead nodes' games. */
  @Override
  public void started(int port, GameService hub) {
    sockets.startedAt(settings.node(), settings.urlFor(port));
    affinity.startWith(game -> {
      try {
        hub.started(game); // pulled here: the room loads, and its computer's turn or clock goes on here
      } catch (Ownership.OwnedElsewhere e) {
        // pulled away again meanwhile (the hash moved once more): the request goes there
      }
    });
    events.start(sockets, site, game -> leases.epoch(game) >= 0);
    site.start();
    leases.start(settings.urlFor(port), new GameLeases.Listener() {
      @Override
      public void lost(long game) {
        hub.handOver(game);
      }

      @Override
      public void orphaned(long game) {
        loader.execute(() -> load(game));
      }

      private void load(long game) {
        try {
          hub.started(game); // the lease is ours: the room, its clock and its computer run here now
          LOG.info("game {} taken over by node {}", game, settings.node());
        } catch (Ownership.OwnedElsewhere e) {
          // lost again meanwhile: its new owner runs it
        } catch (RuntimeException e) {
          LOG.warn("game {} not loaded after its takeover ({}); its lease is let go for the next scan", game, e.toString());
          leases.letGo(game);
        }
      }
    });
  }

  @Override
  public void close() {
    loader.shutdownNow();
    site.close();
    events.close();
    sockets.stop();
    leases.close();
  }
}
