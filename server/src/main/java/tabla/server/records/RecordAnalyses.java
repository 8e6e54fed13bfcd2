package tabla.server.records;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Analysis;
import tabla.core.match.Match;
import tabla.server.accounts.User;
import tabla.server.games.Analyses;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.Workers;

/**
 * Analysis of uploaded records as background jobs: {@link #WORKERS} thread (low priority, so the site's games and the
 * computer's turns come first) takes them from a queue of at most {@link #QUEUE}; a full queue is refused at once. The
 * analysis is the bot's ({@link Analysis#analyse}, the code {@code ./tabla analyse} runs), so the figures equal the
 * command's at the same depth. A finished (or failed) job is kept with its record; only waiting and running jobs live
 * here, so this memory is bounded by the queue.
 */
public final class RecordAnalyses implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(RecordAnalyses.class);
  /** Jobs waiting at most (beyond the running ones). */
  public static final int QUEUE = 16;
  /** Jobs running at once: one, so an analysis takes at most one core from play. */
  public static final int WORKERS = 1;
  /** Jobs one account may have waiting or running. */
  public static final int PER_USER = 2;
  /** The depth when none is asked for: 2-ply, the computer's strongest. */
  public static final int DEFAULT_PLIES = 2;

  private final Records records;
  private final RecordStore store;
  private final ThreadPoolExecutor pool;
  private final Analyser analyser;
  private final int queue;
  private final Map<Long, Job> jobs = new ConcurrentHashMap<>();
  private volatile boolean closing;

  /** How a job analyses a match: the bot's analysis on the site; a test holds it to fill the queue. */
  @FunctionalInterface
  interface Analyser {
    Analysis.Report analyse(Match match, int plies, Analysis.Progress progress);
  }

  public RecordAnalyses(Records records, RecordStore store) {
    this(records, store, QUEUE, Analysis::analyse);
  }

  RecordAnalyses(Records records, RecordStore store, int queue, Analyser analyser) {
    this.records = records;
    this.store = store;
    this.queue = queue;
    this.analyser = analyser;
    AtomicInteger n = new AtomicInteger();
    pool = new ThreadPoolExecutor(WORKERS, WORKERS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(queue), r -> {
      Thread t = new Thread(r, "record-analysis-" + n.incrementAndGet());
      t.setDaemon(true);
      t.setPriority(Thread.MIN_PRIORITY);
      return t;
    });
  }

  /** A waiting or running job: its record, owner, depth and how far it has come. */
  private static final class Job {
    final long recordId;
    final long ownerId;
    final int plies;
    volatile boolean running;
    volatile int done;
    volatile int total;

    Job(long recordId, long ownerId, int plies) {
      this.recordId = recordId;
      this.ownerId = ownerId;
      this.plies = plies;
    }
  }

  /**
   * What the API answers about a record's analysis: {@code state} none, queued, running, done or failed; progress as
   * checker plays judged of all; the analysis when done (as a site game's), the reason when failed.
   */
  public record Status(String state, Integer plies, int done, int total, JsonNode analysis, String error) {}

  /**
   * Queues the analysis of record {@code id} at {@code plies} (0, 1 or 2) for its owner. A job already waiting or
   * running for the record is answered with its status. Refused: not the owner's record, a variant the analysis cannot
   * judge, {@link #PER_USER} jobs of the account's waiting, or the queue full (try again later).
   */
  public synchronized Status start(User owner, long id, int plies) {
    if (plies < 0 || plies > 2) throw Refused.invalid("plies is 0, 1 or 2");
    Records.Loaded l = records.load(id);
    if (l.row().ownerId() != owner.id()) {
      throw Refused.of(Refused.Kind.FORBIDDEN, RecordCode.OWNER_ANALYSES, "only the record's owner starts its analysis");
    }
    String unsupported = Analysis.unsupported(l.record().match().rules().variant());
    if (unsupported != null) {
      throw Refused.of(Refused.Kind.INVALID, RecordCode.ANALYSIS_VARIANT, unsupported,
          java.util.Map.of("variant", l.record().match().rules().variant().name()));
    }
    Job running = jobs.get(id);
    if (running != null) return status(running);
    long mine = jobs.values().stream().filter(j -> j.ownerId == owner.id()).count();
    if (mine >= PER_USER) {
      throw new Refused(Refused.Kind.TOO_MANY, RecordCode.TOO_MANY_ANALYSES, java.util.Map.of("count", mine),
          "you have " + mine + " analyses waiting or running: wait for one to finish", null, 60);
    }
    Job job = new Job(id, owner.id(), plies);
    jobs.put(id, job);
    try {
      pool.execute(() -> run(job, l.record().match()));
    } catch (RejectedExecutionException e) {
      jobs.remove(id);
      throw Refused.unavailable(RecordCode.QUEUE_FULL,
          "the analysis queue is full (" + queue + " records wait): try again in a few minutes", 120);
    }
    return status(job);
  }

  /** The analysis of record {@code id}: waiting, running, done, failed or none. */
  public Status status(long id) {
    Job job = jobs.get(id);
    if (job != null) return status(job);
    RecordStore.StoredAnalysis a = store.analysis(id).orElseThrow(() -> Records.notFound(id, "record " + id + " not found"));
    if (a.error() != null) return new Status("failed", a.plies(), 0, 0, null, a.error());
    if (a.json() == null) return new Status("none", null, 0, 0, null, null);
    try {
      return new Status("done", a.plies(), 0, 0, Json.MAPPER.readTree(a.json()), null);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("record " + id + ": its stored analysis does not read", e);
    }
  }

  private static Status status(Job j) {
    return new Status(j.running ? "running" : "queued", j.plies, j.done, j.total, null, null);
  }

  private void run(Job job, Match match) {
    job.running = true;
    try {
      if (closing) return; // taken from the queue as the stop came
      Analysis.Report r = analyser.analyse(match, job.plies, (done, total) -> {
        if (closing) throw new Stopped();
        job.done = done;
        job.total = total;
      });
      store.saveAnalysis(job.recordId, job.plies, Json.write(Analyses.View.of(r, job.plies)));
    } catch (Stopped e) {
      LOG.info("record {}: the analysis stopped with the server, not stored", job.recordId);
    } catch (RuntimeException e) {
      LOG.warn("record {}: the analysis failed", job.recordId, e);
      try {
        store.saveFailure(job.recordId, job.plies, "the analysis failed: " + e);
      } catch (RuntimeException again) {
        LOG.warn("record {}: the failure could not be stored either", job.recordId, again);
      }
    } finally {
      jobs.remove(job.recordId);
    }
  }

  /**
   * Stops the worker: a running analysis stops at its next move and is not stored, waiting ones are dropped. Not
   * interrupted: an interrupt in H2's file IO closes the whole database (see {@link Workers}).
   */
  @Override
  public void close() {
    closing = true;
    Workers.stop(pool);
  }

  /** Thrown from a running analysis's progress when the worker stops: it ends there. */
  private static final class Stopped extends RuntimeException {
    Stopped() {
      super("the server stops", null, false, false);
    }
  }
}
