package tabla.server.tournaments;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Workers;

/**
 * What the pages showing a tournament are sent as it changes, over the site socket: the versioned pattern of the game
 * sockets. A page that starts watching gets the whole tournament ({@link Whole}); after that each change comes as what
 * changed since the version before ({@link Delta}). A burst of changes (a round of computer matches decided at once)
 * is one message: a tournament's news goes out at most once per {@link #GAP_MS}, after the last view sent is compared
 * with a fresh read, one read for all its pages. A page whose version is not the delta's {@code from} (it missed one)
 * asks for the whole again by watching again.
 */
public final class TournamentFeed implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TournamentFeed.class);
  /** A tournament's pages hear of its changes at most once per this many ms: the changes in between are one delta. */
  public static final long GAP_MS = 300;
  /** The last view sent is kept for this many tournaments (the most recently changed or watched ones). */
  public static final int MAX_KEPT = 200;

  /** A message to the pages showing a tournament. */
  public sealed interface Message permits Whole, Delta {}

  /** {"type":"tournament","tournament":TOURNAMENT}: the whole tournament, at its version. */
  public record Whole(String type, TournamentView tournament) implements Message {
    Whole(TournamentView tournament) {
      this("tournament", tournament);
    }
  }

  /**
   * {"type":"tournamentDelta","id","from","version",...}: what changed from version {@code from} to {@code version}.
   * The status, note, winner and consolation are always given; {@code entrants} and {@code standings} (whole lists)
   * only when they changed, else null; {@code matches} are the match lines that are new or changed.
   */
  public record Delta(String type, long id, long from, long version, String status, String note, Integer winner,
      Long consolationId, List<TournamentView.Entrant> entrants, List<TournamentView.MatchLine> matches,
      List<TournamentView.StandingLine> standings) implements Message {

    static Delta between(TournamentView before, TournamentView now) {
      Map<Long, TournamentView.MatchLine> old = new HashMap<>();
      for (List<TournamentView.MatchLine> round : before.rounds()) for (TournamentView.MatchLine m : round) old.put(place(m), m);
      List<TournamentView.MatchLine> changed = new ArrayList<>();
      for (List<TournamentView.MatchLine> round : now.rounds()) {
        for (TournamentView.MatchLine m : round) if (!m.equals(old.get(place(m)))) changed.add(m);
      }
      return new Delta("tournamentDelta", now.id(), before.version(), now.version(), now.status(), now.note(), now.winner(),
          now.consolationId(), before.entrants().equals(now.entrants()) ? null : now.entrants(), changed,
          before.standings().equals(now.standings()) ? null : now.standings());
    }

    private static long place(TournamentView.MatchLine m) {
      return ((long) m.round() << 32) | m.slot();
    }
  }

  private final TournamentReads reads;
  private final Sink toWatchers;
  private final ScheduledExecutorService timer = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-tournament-feed"));
  /** Tournaments changed whose news is not out yet (each has its send scheduled). */
  private final Set<Long> due = ConcurrentHashMap.newKeySet();
  /** The last view each page was sent, the oldest dropped beyond {@link #MAX_KEPT}; guarded by itself. */
  private final Map<Long, TournamentView> sent = new LinkedHashMap<>(16, 0.75f, true) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, TournamentView> eldest) {
      return size() > MAX_KEPT;
    }
  };

  /** Where the messages go: to every page showing tournament {@code id}. */
  public interface Sink {
    void send(long id, Message m);
  }

  public TournamentFeed(TournamentReads reads, Sink toWatchers) {
    this.reads = reads;
    this.toWatchers = toWatchers;
  }

  /** Tournament {@code id} changed (committed): its pages hear of it within {@link #GAP_MS}, with what came after. */
  public void changed(long id) {
    if (!due.add(id)) return;
    try {
      timer.schedule(() -> send(id), GAP_MS, TimeUnit.MILLISECONDS);
    } catch (RejectedExecutionException e) {
      due.remove(id); // the server is stopping: the pages get the whole when they watch again, on another start
    }
  }

  /** How a page that starts watching a tournament is answered. */
  public interface Watch {
    /** The page (already among the watchers) starts showing tournament {@code id}: {@code reply} gets the whole of it. */
    void watching(long id, Consumer<Whole> reply);
  }

  /**
   * A page starts showing tournament {@code id} (or asks again, having missed a change), and is among its watchers
   * already: {@code reply} is given the whole of it, as the next delta will start from, under the same lock as the
   * deltas go out, so that the page gets the whole and the deltas in order. Nothing when there is no such tournament.
   */
  public void watching(long id, Consumer<Whole> reply) {
    synchronized (sent) {
      TournamentView kept = sent.get(id);
      try {
        // read afresh: with several nodes, changes made on another node reach this node's pages as that node's deltas
        // and never this feed's cache; under the lock, so no delta goes out meanwhile
        TournamentView now = reads.view(id);
        if (kept != null && now.version() > kept.version()) {
          toWatchers.send(id, Delta.between(kept, now)); // the pages that follow the kept view catch up first
        }
        kept = keep(now);
      } catch (RuntimeException e) {
        if (kept == null) return; // no such tournament (its GET says so), or the database away (the page shows what it read)
      }
      reply.accept(new Whole(kept));
    }
  }

  private void send(long id) {
    due.remove(id); // a change committed from now on sends again
    try {
      TournamentView now = reads.view(id);
      synchronized (sent) {
        TournamentView before = sent.get(id);
        if (before != null && before.version() >= now.version()) return;
        keep(now);
        toWatchers.send(id, before == null ? new Whole(now) : Delta.between(before, now));
      }
    } catch (RuntimeException e) {
      // the database away: tried again a gap later, so the pages are right once it answers
      LOG.warn("the pages of tournament {} are not told of its change yet ({}); trying again", id, e.toString());
      changed(id);
    }
  }

  /** Keeps {@code view} as the last sent unless a newer one is kept already; answers the one kept. */
  private TournamentView keep(TournamentView view) {
    synchronized (sent) {
      return sent.merge(view.id(), view, (a, b) -> a.version() >= b.version() ? a : b);
    }
  }

  @Override
  public void close() {
    Workers.stop(timer);
  }
}
