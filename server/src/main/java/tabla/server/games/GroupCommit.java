package tabla.server.games;

import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.statement.PreparedBatch;
import tabla.server.kernel.Workers;

/**
 * Stores the actions of every room through one writer: the actions waiting when it is free go into one
 * transaction, and each caller is answered only after that transaction committed. A commit is most of what storing
 * an action costs (H2 writes a chunk, PostgreSQL flushes its log), so under load one commit serves many actions;
 * with one action waiting it is a plain transaction. When a group fails, each of its actions is tried alone, so
 * one refused action (a second writer of the same version) never takes the others down with it.
 *
 * <p>A game's row ({@code games}: status, whose turn, score, winner, version, updated_at) is written only when an
 * action changes what it says, not for every action (a roll leaves the turn where it was): on H2 rewriting the row's
 * page was a sixth of the server's time per action. Its {@code version} and {@code updated_at} are therefore those of
 * the last change of the summary; a finished game's are its last action's.
 *
 * <p>Bounds: at most {@link #MAX_WAITING} actions wait (a caller beyond it waits for room), {@link #MAX_GROUP} per
 * transaction, and the last stored action of at most {@link #MAX_REMEMBERED} games is remembered (a game forgotten
 * has its row written with its next action).
 */
final class GroupCommit implements AutoCloseable {
  static final int MAX_WAITING = 10_000;
  static final int MAX_GROUP = 256;
  static final int MAX_REMEMBERED = 20_000;

  /**
   * One action to store: row (game, seq) of the log and the game's new summary; {@code epoch} is the writer's lease
   * epoch (null: a single node, no fence).
   */
  private record Append(long game, int seq, String payload, GameStore.Summary summary, List<GameStore.DiceWrite> dice,
      Long epoch, CompletableFuture<Void> done) {}

  /** The last action of a game this writer stored, with the summary its row then had. */
  private record Stored(int seq, GameStore.Summary summary) {}

  private final Jdbi jdbi;
  /** When each group is written (games.updated_at). */
  private final java.time.Clock clock;
  private final tabla.server.kernel.LruCache<Long, Stored> stored = new tabla.server.kernel.LruCache<>(MAX_REMEMBERED);
  private final BlockingQueue<Append> waiting = new ArrayBlockingQueue<>(MAX_WAITING);
  /** Put by {@link #close} to wake an idle writer; never written. */
  private static final Append WAKE = new Append(0, 0, null, null, List.of(), null, new CompletableFuture<>());
  private final Thread writer;
  private volatile boolean closed;

  GroupCommit(Jdbi jdbi, java.time.Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
    this.writer = new Thread(this::run, "tabla-store");
    writer.setDaemon(true);
    writer.start();
  }

  /** Stores one action and returns once it is committed; throws what the database threw. */
  void append(long game, int seq, String payload, GameStore.Summary summary, List<GameStore.DiceWrite> dice, Long epoch) {
    if (closed) throw new IllegalStateException("the store is closed");
    Append a = new Append(game, seq, payload, summary, dice, epoch, new CompletableFuture<>());
    try {
      waiting.put(a);
      // closed meanwhile, and the writer has drained the queue already: nobody would store it
      if (closed && waiting.remove(a)) throw new IllegalStateException("the store is closed");
      a.done().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while storing an action", e);
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
    }
  }

  private void run() {
    List<Append> group = new ArrayList<>();
    while (!closed) {
      try {
        group.add(waiting.take());
      } catch (InterruptedException e) {
        break; // nobody interrupts it (see close): as a close, were one to
      }
      waiting.drainTo(group, MAX_GROUP - 1);
      group.removeIf(a -> a == WAKE);
      if (!group.isEmpty()) write(group);
      group.clear();
    }
    for (Append a; (a = waiting.poll()) != null; ) a.done().completeExceptionally(new IllegalStateException("the store is closed"));
  }

  private void write(List<Append> group) {
    try {
      List<Append> rows = changedRows(group);
      jdbi.useTransaction(h -> insert(h, group, rows));
      for (Append a : group) stored.put(a.game(), new Stored(a.seq(), a.summary()));
      group.forEach(a -> a.done().complete(null));
    } catch (RuntimeException e) {
      if (group.size() == 1) {
        group.get(0).done().completeExceptionally(e);
        return;
      }
      for (Append a : group) write(List.of(a)); // which one was refused: each alone
    }
  }

  /**
   * The newest action of each game of the group whose row must be written: one of its actions changes the summary,
   * or does not follow an action this writer stored (the first after a start, or after another node wrote the game).
   */
  private List<Append> changedRows(List<Append> group) {
    java.util.Map<Long, Append> newest = new java.util.LinkedHashMap<>();
    java.util.Set<Long> changed = new java.util.HashSet<>();
    for (Append a : group) { // a room's actions come in order
      Append before = newest.get(a.game());
      Stored prev = before != null ? new Stored(before.seq(), before.summary()) : stored.get(a.game());
      if (prev == null || prev.seq() != a.seq() - 1 || !prev.summary().equals(a.summary())) changed.add(a.game());
      newest.put(a.game(), a);
    }
    return newest.values().stream().filter(a -> changed.contains(a.game())).toList();
  }

  private void insert(Handle h, List<Append> group, List<Append> rows) {
    fence(h, group);
    PreparedBatch events = h.prepareBatch("INSERT INTO game_events(game_id, seq, payload, epoch) VALUES (:g, :s, :p, :e)");
    PreparedBatch games = h.prepareBatch("UPDATE games SET version = :s, status = :st, turn_user = :tu, score0 = :s0, "
        + "score1 = :s1, winner = :w, updated_at = :now WHERE id = :g");
    Timestamp now = Timestamp.from(clock.instant());
    for (Append a : group) events.bind("g", a.game()).bind("s", a.seq()).bind("p", a.payload()).bind("e", a.epoch()).add();
    // a game's row is written at most once per group, with its newest summary
    for (Append a : rows) {
      GameStore.Summary s = a.summary();
      games.bind("s", a.seq()).bind("st", s.status()).bind("tu", s.turnUser()).bind("s0", s.score0())
          .bind("s1", s.score1()).bind("w", s.winner()).bind("now", now).bind("g", a.game()).add();
    }
    events.execute();
    if (!rows.isEmpty()) games.execute();
    for (Append a : group) {
      for (GameStore.DiceWrite d : a.dice()) d.apply(h, a.game()); // a few per game of a match, in order
    }
  }

  /**
   * The fence: an action written under a lease epoch is stored only while that is still the game's epoch. The
   * update locks the lease row until this transaction ends, so a takeover (which raises the epoch) waits for it,
   * and a takeover that came first leaves nothing to update: the database refuses the stale owner's write. The rows
   * are locked in the order of the games' ids, as the leases' renewal locks them (in two orders each would wait for
   * the other, and the database would abort one).
   */
  private static void fence(Handle h, List<Append> group) {
    List<Append> fenced = group.stream().filter(a -> a.epoch() != null)
        .sorted(java.util.Comparator.comparingLong(Append::game)).toList();
    if (fenced.isEmpty()) return;
    PreparedBatch check = h.prepareBatch("UPDATE game_leases SET epoch = epoch WHERE game_id = :g AND epoch = :e");
    for (Append a : fenced) check.bind("g", a.game()).bind("e", a.epoch()).add();
    int[] counts = check.execute();
    for (int i = 0; i < counts.length; i++) {
      if (counts[i] == 0) throw new Ownership.Fenced(fenced.get(i).game(), fenced.get(i).epoch());
    }
  }

  /**
   * Stops the writer without interrupting it (an interrupt in H2's file write closes the whole database, see
   * {@link Workers}): it ends the group it writes, then refuses the actions still waiting. Waits for it at most
   * {@link Workers#STOP_WAIT}.
   */
  @Override
  public void close() {
    closed = true;
    waiting.offer(WAKE); // an idle writer waits in take(); a busy one (a full queue) sees closed after its group
    try {
      writer.join(Workers.STOP_WAIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
