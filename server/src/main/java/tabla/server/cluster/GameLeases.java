package tabla.server.cluster;

import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.games.Ownership;
import tabla.server.kernel.Workers;

/**
 * Game ownership between nodes: a lease row per live game (owner, its address, expiry, epoch) in the shared
 * database. A node takes a game nobody holds (or whose lease ran out), renews all its leases every
 * third of the lease in one statement, and stops running a game the moment it cannot show it still holds it.
 * Every {@link #SCAN_MILLIS} it looks for running games whose owner stopped renewing and takes them over, so a dead
 * node's games go on within the lease + {@link #SCAN_MILLIS} (4 s by default; the issue asks for 5). Every
 * {@link #TIDY_MILLIS} it tidies what needs no haste: a dead node's leases of ended games are given back, and the log
 * of owners loses what is older than {@link #LOG_KEEP_MILLIS}.
 *
 * <p>Expiry is in epoch milliseconds of the nodes' clocks (kept in step by NTP, far tighter than the 3 s lease).
 * Safety does not rest on the clocks: a write under an old epoch is refused by the database (the fence in
 * GroupCommit); the clocks only decide how soon a dead owner's games move.
 */
public final class GameLeases implements Ownership, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GameLeases.class);
  public static final long SCAN_MILLIS = 1000;
  /**
   * How often a node tidies ({@link #tidy}): a dead node's leases of ended games wait that long to be given back
   * (nobody waits for them: they only slow the scan's read), and the log of owners is pruned.
   */
  public static final long TIDY_MILLIS = 60_000;
  /**
   * How long a change of owner stays in {@code game_lease_log}: a row for every epoch of every game (each game's
   * first claim, each takeover and pull), kept for a week of looking back at who ran a game when (the cluster tests
   * read the last minutes), then deleted, so that the log holds a week of games, not every game ever played.
   */
  public static final long LOG_KEEP_MILLIS = java.time.Duration.ofDays(7).toMillis();
  /** Leases renewed per statement. */
  static final int RENEW_BATCH = 1000;
  /** Orphaned games taken over per scan (the rest in the next ones), so one scan never stalls a node. */
  static final int MAX_TAKEOVERS_PER_SCAN = 100;
  /** The owner of a lease given back: nobody (its game has nothing to run until someone opens it). */
  private static final String NOBODY = "";
  /**
   * The expiry of a lease given back: never in the range the orphan scan reads ({@code expires_at < now}, on its
   * index), so every node's scan each second costs what the games that may need taking over cost, not every game
   * ever played (at 0, 200,000 finished games made it 60 ms of PostgreSQL's CPU a scan, a node, a second).
   */
  static final long RELEASED = Long.MAX_VALUE;

  /** What a node does with games that change hands: drops one it lost, loads one it has just taken over. */
  public interface Listener {
    void lost(long game);

    void orphaned(long game);
  }

  private final Jdbi jdbi;
  private final String node;
  private final boolean postgres;
  /** How long a lease lasts unless renewed ({@link ClusterSettings#leaseMillis}); renewed every third of it. */
  private final long ttlMillis;
  /** Where other nodes reach this one: known once it listens (a claim before that names no usable address). */
  private volatile String url = "http://127.0.0.1:0";
  /** The games this node runs and the epoch of each. */
  private final Map<Long, Long> held = new ConcurrentHashMap<>();
  /** Until when (local clock) every lease in {@link #held} surely holds: the start of the last good renewal + TTL. */
  private volatile long validUntil;
  private volatile Listener listener = new Listener() {
    @Override
    public void lost(long game) {}

    @Override
    public void orphaned(long game) {}
  };
  private final Clock clock;
  static final int LOCKS = 64;
  private final Object[] locks = new Object[LOCKS];
  private final ScheduledExecutorService exec = Executors.newScheduledThreadPool(2, Workers.daemon("tabla-leases"));

  public GameLeases(Jdbi jdbi, String node, Clock clock) {
    this(jdbi, node, ClusterSettings.DEFAULT_LEASE_MILLIS, clock);
  }

  public GameLeases(Jdbi jdbi, String node, long ttlMillis, Clock clock) {
    this.clock = clock;
    this.jdbi = jdbi;
    this.node = node;
    this.ttlMillis = ttlMillis;
    for (int i = 0; i < LOCKS; i++) locks[i] = new Object();
    this.postgres = jdbi.withHandle(h -> {
      try {
        return h.getConnection().getMetaData().getDatabaseProductName().equals("PostgreSQL");
      } catch (java.sql.SQLException e) {
        throw new IllegalStateException("cannot tell the database's kind", e);
      }
    });
    // an earlier run of this node (killed) left leases that nobody renews: they are free to take now
    jdbi.useHandle(h -> h.createUpdate("UPDATE game_leases SET expires_at = 0 WHERE owner = :me").bind("me", node)
        .execute());
    validUntil = clock.millis() + ttlMillis;
  }

  /** Starts renewing and scanning, reachable at {@code url}; {@code l} hears of games lost and orphaned. */
  public void start(String url, Listener l) {
    this.url = url;
    this.listener = l;
    long renewMillis = ttlMillis / 3;
    exec.scheduleWithFixedDelay(this::renew, renewMillis, renewMillis, TimeUnit.MILLISECONDS);
    exec.scheduleWithFixedDelay(this::scan, SCAN_MILLIS, SCAN_MILLIS, TimeUnit.MILLISECONDS);
    exec.scheduleWithFixedDelay(this::tidy, TIDY_MILLIS, TIDY_MILLIS, TimeUnit.MILLISECONDS);
  }

  public String node() {
    return node;
  }

  @Override
  public Owner claim(long id) {
    long now = clock.millis();
    if (held.containsKey(id) && now < validUntil) return null;
    synchronized (lockOf(id)) { // a pull of the same game here waits: held is set before the other one reads it
      return claimNow(id, now);
    }
  }

  /** One of {@link #LOCKS} monitors: this node's claims and pulls of one game one at a time. */
  private Object lockOf(long id) {
    return locks[(int) Math.floorMod(id, (long) LOCKS)];
  }

  /**
   * Takes game {@code id} from the node that holds it now, because the load balancer sends the game's traffic here
   * (issue 30, affinity): a new epoch, so the other node's writes are refused from this moment, and it drops the
   * game at its next renewal. True when taken; false when nobody else holds it (then a claim takes it as usual).
   * Safe whether the holder is alive or dead: only the fence decides who may write.
   */
  public boolean pull(long id) {
    long now = clock.millis();
    synchronized (lockOf(id)) {
      Long epoch = jdbi.inTransaction(h -> {
        Optional<long[]> cur = h.createQuery("SELECT epoch, expires_at FROM game_leases WHERE game_id = :g "
                + "AND owner <> :me AND owner <> '' AND expires_at > :now FOR UPDATE")
            .bind("g", id).bind("me", node).bind("now", now).map((rs, c) -> new long[] {rs.getLong(1), rs.getLong(2)})
            .findOne();
        if (cur.isEmpty()) return null;
        long e = cur.get()[0] + 1;
        h.createUpdate("UPDATE game_leases SET owner = :me, owner_url = :url, epoch = :e, expires_at = :x "
                + "WHERE game_id = :g")
            .bind("g", id).bind("me", node).bind("url", url).bind("e", e).bind("x", now + ttlMillis).execute();
        h.createUpdate("INSERT INTO game_lease_log(game_id, epoch, owner, taken_at, previous_expired_at) "
                + "VALUES (:g, :e, :me, :now, :prev)")
            .bind("g", id).bind("e", e).bind("me", node).bind("now", now).bind("prev", cur.get()[1]).execute();
        return e;
      });
      if (epoch == null) return false;
      held.put(id, epoch); // committed
      return true;
    }
  }

  private Owner claimNow(long id, long now) {
    record Row(String owner, String url, long epoch, long expiresAt) {}
    long[] taken = {0};
    Owner elsewhere = jdbi.inTransaction(h -> {
      Optional<Row> cur = h.createQuery("SELECT owner, owner_url, epoch, expires_at FROM game_leases "
              + "WHERE game_id = :g FOR UPDATE")
          .bind("g", id).map((rs, c) -> new Row(rs.getString(1), rs.getString(2), rs.getLong(3), rs.getLong(4)))
          .findOne();
      if (cur.isPresent() && !cur.get().owner().equals(node) && !cur.get().owner().equals(NOBODY)
          && cur.get().expiresAt() > now) {
        return new Owner(cur.get().owner(), cur.get().url());
      }
      Long mine = held.get(id);
      if (cur.isPresent() && cur.get().owner().equals(node) && mine != null && mine == cur.get().epoch()
          && cur.get().expiresAt() > now) {
        // still ours under the same epoch (only a renewal ran late): extended, not taken again
        h.createUpdate("UPDATE game_leases SET expires_at = :x WHERE game_id = :g")
            .bind("g", id).bind("x", now + ttlMillis).execute();
        taken[0] = mine;
        return null;
      }
      long epoch = cur.map(r -> r.epoch() + 1).orElse(1L);
      if (cur.isEmpty()) {
        h.createUpdate("INSERT INTO game_leases(game_id, owner, owner_url, epoch, expires_at) "
                + "VALUES (:g, :me, :url, :e, :x)")
            .bind("g", id).bind("me", node).bind("url", url).bind("e", epoch).bind("x", now + ttlMillis).execute();
      } else {
        h.createUpdate("UPDATE game_leases SET owner = :me, owner_url = :url, epoch = :e, expires_at = :x "
                + "WHERE game_id = :g")
            .bind("g", id).bind("me", node).bind("url", url).bind("e", epoch).bind("x", now + ttlMillis).execute();
      }
      Long previousExpiry = cur.filter(r -> !r.owner().equals(NOBODY)).map(Row::expiresAt).orElse(null);
      h.createUpdate("INSERT INTO game_lease_log(game_id, epoch, owner, taken_at, previous_expired_at) "
              + "VALUES (:g, :e, :me, :now, :prev)")
          .bind("g", id).bind("e", epoch).bind("me", node).bind("now", now).bind("prev", previousExpiry).execute();
      taken[0] = epoch;
      return null;
    });
    // held only once committed: a renewal that reads the leases before then must not find it missing
    if (elsewhere == null) held.put(id, taken[0]);
    return elsewhere;
  }

  /** Where game {@code id} runs when that is another node whose lease holds now; null otherwise. */
  public Owner ownerElsewhere(long id) {
    long now = clock.millis();
    if (held.containsKey(id) && now < validUntil) return null;
    return jdbi.withHandle(h -> h.createQuery("SELECT owner, owner_url FROM game_leases "
            + "WHERE game_id = :g AND owner <> :me AND owner <> '' AND expires_at > :now")
        .bind("g", id).bind("me", node).bind("now", now)
        .map((rs, c) -> new Owner(rs.getString(1), rs.getString(2))).findOne().orElse(null));
  }

  @Override
  public void release(long id) {
    Long epoch = held.remove(id);
    if (epoch == null) return;
    try {
      jdbi.useHandle(h -> h.createUpdate("UPDATE game_leases SET owner = '', expires_at = :released "
              + "WHERE game_id = :g AND epoch = :e")
          .bind("released", RELEASED).bind("g", id).bind("e", epoch).execute());
    } catch (RuntimeException e) {
      LOG.warn("lease of game {} not given back ({}); it runs out by itself", id, e.toString());
    }
  }

  /** Ends this node's lease of a game it took but could not load: the next scan (of any node) takes it again. */
  void letGo(long id) {
    Long epoch = held.remove(id);
    if (epoch == null) return;
    try {
      jdbi.useHandle(h -> h.createUpdate("UPDATE game_leases SET expires_at = 0 WHERE game_id = :g AND epoch = :e")
          .bind("g", id).bind("e", epoch).execute());
    } catch (RuntimeException e) {
      LOG.warn("lease of game {} not let go ({}); it runs out by itself", id, e.toString());
    }
  }

  @Override
  public Long epoch(long id) {
    Long e = held.get(id);
    return e != null ? e : -1L; // -1 matches no lease: a write of a game this node does not hold is refused
  }

  /** How many games this node runs now. */
  public int held() {
    return held.size();
  }

  /**
   * Renews this node's leases ({@link #renewOnce}); a renewal that failed is tried again at once, not a third of the
   * lease later: a failure that took its time (a lock wait, a connection lost) would leave the next scheduled one
   * after the leases' end, and the games would move (or, on a single node, be taken over by this node under new
   * epochs, refusing the actions in flight). True when renewed.
   */
  boolean renew() {
    return renewOnce() || renewOnce();
  }

  /**
   * Renews every lease of this node in one statement, then drops (and tells of) each game whose lease another node
   * took meanwhile. When renewal fails past the leases' end, this node can no longer show it holds any game: it
   * drops them all (another node takes them over).
   */
  boolean renewOnce() {
    long start = clock.millis();
    Map<Long, Long> before = Map.copyOf(held); // committed leases: a claim adds to held after its commit
    if (before.isEmpty()) {
      // nothing to renew or to lose: no transaction every second on a node that runs no game. A claim made from now on
      // writes its own expiry (≥ this one), so trusting held leases until then is safe.
      validUntil = start + ttlMillis;
      return true;
    }
    try {
      Map<Long, Long> mine = jdbi.inTransaction(h -> {
        // only the leases this process holds: rows an earlier run of this node left must run out, to be taken over.
        // Rows locked in the order of the games' ids, as the writer's fence locks them: in two orders, the two
        // would wait for each other and the database would abort one (a lost renewal, or a group of actions).
        List<Long> ids = before.keySet().stream().sorted().toList();
        for (int i = 0; i < ids.size(); i += RENEW_BATCH) {
          List<Long> batch = ids.subList(i, Math.min(ids.size(), i + RENEW_BATCH));
          h.createQuery("SELECT game_id FROM game_leases WHERE owner = :me AND game_id IN (<ids>) "
                  + "ORDER BY game_id FOR UPDATE")
              .bind("me", node).bindList("ids", batch).mapTo(Long.class).list();
          h.createUpdate("UPDATE game_leases SET expires_at = :x WHERE owner = :me AND game_id IN (<ids>)")
              .bind("x", start + ttlMillis).bind("me", node).bindList("ids", batch).execute();
        }
        return ours(h);
      });
      validUntil = start + ttlMillis;
      for (Map.Entry<Long, Long> e : before.entrySet()) {
        if (!e.getValue().equals(mine.get(e.getKey()))) drop(e.getKey(), e.getValue());
      }
      return true;
    } catch (RuntimeException e) {
      LOG.warn("leases not renewed ({})", e.toString());
      if (clock.millis() >= validUntil) before.forEach(this::drop);
      return false;
    }
  }

  private Map<Long, Long> ours(Handle h) {
    Map<Long, Long> m = new java.util.HashMap<>();
    h.createQuery("SELECT game_id, epoch FROM game_leases WHERE owner = :me").bind("me", node)
        .map((rs, c) -> Map.entry(rs.getLong(1), rs.getLong(2))).forEach(e -> m.put(e.getKey(), e.getValue()));
    return m;
  }

  /** Forgets the game if this node still holds it under {@code epoch} (not if it took it again meanwhile). */
  private void drop(long game, long epoch) {
    if (!held.remove(game, epoch)) return;
    LOG.warn("game {}: lease lost; another node runs it now", game);
    listener.lost(game);
  }

  /** Takes over running games whose owner stopped renewing (a dead node's). */
  void scan() {
    try {
      List<Long> taken = postgres ? takeOrphans() : takeOrphansOneByOne();
      for (long g : taken) listener.orphaned(g); // then the rooms: a slow load must not hold the next lease up
    } catch (RuntimeException e) {
      LOG.warn("scan for orphaned games failed ({})", e.toString());
    }
  }

  /**
   * What needs no haste, every {@link #TIDY_MILLIS} on every node (each statement is idempotent, so two nodes at once
   * do it twice, harmlessly): a dead node's leases of ended games given back, the log pruned.
   */
  void tidy() {
    try {
      giveBackEnded();
      pruneLog();
    } catch (RuntimeException e) {
      LOG.warn("leases not tidied ({}); tried again in {} s", e.toString(), TIDY_MILLIS / 1000);
    }
  }

  /** Deletes the log's changes of owner older than {@link #LOG_KEEP_MILLIS}, on its index of the time taken. */
  private void pruneLog() {
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM game_lease_log WHERE taken_at < :cut")
        .bind("cut", clock.millis() - LOG_KEEP_MILLIS).execute());
  }

  /**
   * A node that died holding games that have ended since (or had ended: a finished game's room stays until it is
   * released) left leases that ran out and that no scan takes (only running games are taken over): they are given
   * back, so that they leave the range the scan reads. A claim (someone opens the game) that locked the row first
   * has made it unexpired, and the update passes it by.
   */
  private void giveBackEnded() {
    jdbi.useHandle(h -> h.createUpdate("UPDATE game_leases SET owner = '', expires_at = :released "
            + "WHERE expires_at < :now AND owner <> '' "
            + "AND NOT EXISTS (SELECT 1 FROM games g WHERE g.id = game_leases.game_id AND g.status = 'playing')")
        .bind("released", RELEASED).bind("now", clock.millis()).execute());
  }

  /**
   * PostgreSQL: every orphaned lease (up to {@link #MAX_TAKEOVERS_PER_SCAN}) taken in one statement, logged in the
   * same; rows another node is taking at that moment are skipped, so the nodes share a dead node's games.
   */
  private List<Long> takeOrphans() {
    long now = clock.millis();
    Map<Long, Long> taken = new java.util.LinkedHashMap<>();
    jdbi.useTransaction(h -> h.createQuery("WITH orphan AS (SELECT l.game_id, l.expires_at FROM game_leases l "
            + "JOIN games g ON g.id = l.game_id WHERE l.expires_at < :now AND l.owner <> '' AND g.status = 'playing' "
            + "ORDER BY l.expires_at LIMIT " + MAX_TAKEOVERS_PER_SCAN + " FOR UPDATE OF l SKIP LOCKED), "
            + "taken AS (UPDATE game_leases t SET owner = :me, owner_url = :url, epoch = t.epoch + 1, expires_at = :x "
            + "FROM orphan o WHERE t.game_id = o.game_id RETURNING t.game_id, t.epoch, o.expires_at AS previous) "
            + "INSERT INTO game_lease_log(game_id, epoch, owner, taken_at, previous_expired_at) "
            + "SELECT game_id, epoch, :me, :now, previous FROM taken RETURNING game_id, epoch")
        .bind("now", now).bind("me", node).bind("url", url).bind("x", now + ttlMillis)
        .map((rs, c) -> Map.entry(rs.getLong(1), rs.getLong(2))).forEach(e -> taken.put(e.getKey(), e.getValue())));
    held.putAll(taken); // committed
    return List.copyOf(taken.keySet());
  }

  /** Other databases (tests on H2): the orphans found, then each claimed as a request would. */
  private List<Long> takeOrphansOneByOne() {
    List<Long> orphans = jdbi.withHandle(h -> h.createQuery("SELECT l.game_id FROM game_leases l "
            + "JOIN games g ON g.id = l.game_id WHERE l.expires_at < :now AND l.owner <> '' "
            + "AND g.status = 'playing' ORDER BY l.expires_at FETCH FIRST " + MAX_TAKEOVERS_PER_SCAN + " ROWS ONLY")
        .bind("now", clock.millis()).mapTo(Long.class).list());
    List<Long> taken = new java.util.ArrayList<>();
    for (long g : orphans) {
      try {
        if (claim(g) == null) taken.add(g);
      } catch (RuntimeException e) {
        LOG.warn("game {} not taken over ({})", g, e.toString());
      }
    }
    return taken;
  }


  /** Gives back every lease: the node is stopping, and another takes its games over at once. */
  @Override
  public void close() {
    exec.shutdownNow();
    try {
      jdbi.useHandle(h -> h.createUpdate("UPDATE game_leases SET expires_at = 0 WHERE owner = :me")
          .bind("me", node).execute());
    } catch (RuntimeException e) {
      LOG.warn("leases not given back ({}); they run out by themselves", e.toString());
    }
    held.clear();
  }

  /** For tests: hears of lost and orphaned games without the schedule of {@link #start}. */
  void listen(LongConsumer lost, LongConsumer orphaned) {
    listener = new Listener() {
      @Override
      public void lost(long game) {
        lost.accept(game);
      }

      @Override
      public void orphaned(long game) {
        orphaned.accept(game);
      }
    };
  }

  /** A fixed view for tests: the games held and their epochs. */
  Map<Long, Long> heldEpochs() {
    return Map.copyOf(held);
  }
}
