package tabla.server.rollouts;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.LongFunction;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Bots;
import tabla.bot.rollout.Rollout;
import tabla.bot.rollout.RolloutResult;
import tabla.bot.rollout.RolloutSettings;
import tabla.core.Result;
import tabla.core.format.GameIds;
import tabla.core.format.ToRoll;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.server.accounts.User;
import tabla.server.kernel.Workers;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;

/**
 * Rollouts asked for on the site, as background jobs: {@link #WORKERS} thread at the lowest priority (the site's games
 * and the computer's turns come first; the rollout's own thread inherits it) takes them from a queue of at most
 * {@link #QUEUE}; a full queue is refused at once, as is an account's {@link #PER_USER}th job (one running and two
 * waiting, counted in the database, so across all the nodes of a cluster). The rollout is the bot's ({@link Rollout#run}, what {@code ./tabla rollout} runs, with the command's
 * defaults: variance reduction, quasi-random first rolls, seed 1, bear-off truncation when cubeless, one thread), so
 * the figures equal the command's at the same settings. Each job is a row from the moment it is queued; only waiting
 * and running jobs live here, so this memory is bounded by the queue. Each row names the node that runs it: a node
 * that starts marks only its own unfinished rows interrupted (another node's may be running).
 */
public final class Rollouts implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Rollouts.class);
  /** Jobs waiting at most (beyond the running ones). */
  public static final int QUEUE = 16;
  /** Jobs running at once: one, so rollouts take at most one core from play. */
  public static final int WORKERS = 1;
  /** Jobs one account may have waiting or running: one running and two waiting. */
  public static final int PER_USER = 3;
  /**
   * Trials when none are asked for: 1,296 (36 × 36 quasi-random first two rolls), cubeless about half a minute of one
   * core (34–47 games per CPU second, docs/measurements/2026-11-27-rollout-speed.md).
   */
  public static final int DEFAULT_TRIALS = 1296;
  /** The most trials one job may ask for: eight defaults, a few minutes of one core. */
  public static final int MAX_TRIALS = 8 * DEFAULT_TRIALS;
  /** The most plies a truncated rollout plays before the evaluator takes over (0: play games to the end). */
  public static final int MAX_TRUNCATE = 100;
  /** Rollouts an account keeps (its oldest finished ones go first). */
  public static final int KEPT = 50;
  /** The node name of a server alone (no TABLA_NODE_ID): its rows are all its own. */
  public static final String SINGLE_NODE = "single";
  private static final Set<String> FIELDS = Set.of("position", "record", "game", "move", "trials", "truncate",
      "cubeful");

  private final RolloutStore store;
  private final LongFunction<Match> records;
  private final Clock clock;
  private final String node;
  private final Supplier<Optional<Set<String>>> alive;
  private final ThreadPoolExecutor pool;
  private final Map<Long, Job> jobs = new ConcurrentHashMap<>();
  private volatile boolean closing;

  /**
   * {@code node}: this node's name (rows it queues are its own; {@link #SINGLE_NODE} alone); {@code records}: the
   * match an uploaded record holds, by its id (refused when there is none).
   */
  Rollouts(RolloutStore store, String node, LongFunction<Match> records, Clock clock) {
    this(store, node, Optional::empty, records, clock);
  }

  /**
   * {@code alive}: the other nodes alive now (empty while not known), so that an account's jobs on a node that is gone
   * are marked interrupted instead of counting against its bound until that node comes back.
   */
  Rollouts(RolloutStore store, String node, Supplier<Optional<Set<String>>> alive, LongFunction<Match> records,
      Clock clock) {
    this.store = store;
    this.alive = alive;
    this.node = node;
    this.records = records;
    this.clock = clock;
    pool = new ThreadPoolExecutor(WORKERS, WORKERS, 0, TimeUnit.SECONDS, new ArrayBlockingQueue<>(QUEUE), r -> {
      Thread t = new Thread(r, "rollout-job");
      t.setDaemon(true);
      t.setPriority(Thread.MIN_PRIORITY);
      return t;
    });
    int cut = store.interruptUnfinished(node, "the server restarted before this rollout finished: ask for it again",
        clock.instant());
    if (cut > 0) LOG.info("{} rollouts cut off by the last stop marked interrupted", cut);
  }

  /** A waiting or running job: what it rolls out and how far it has come. */
  private final class Job implements Runnable {
    final long id;
    final long ownerId;
    final Game root;
    final RolloutSettings settings;
    volatile boolean running;
    volatile boolean cancelled;
    volatile Rollout.Progress progress;

    Job(long id, long ownerId, Game root, RolloutSettings settings) {
      this.id = id;
      this.ownerId = ownerId;
      this.root = root;
      this.settings = settings;
    }

    @Override
    public void run() {
      Rollouts.this.run(this);
    }
  }

  /**
   * Queues a rollout for {@code owner}. The body names the position, either {@code position} (a gnubg ID, with its
   * match ID for the cube and score, or an XGID, the player on roll before rolling) or {@code record}, {@code game}
   * and {@code move} (the position before that move of an uploaded record, from 1, passes counted); and may set
   * {@code trials} (default {@link #DEFAULT_TRIALS}, at most {@link #MAX_TRIALS}), {@code truncate} (plies, 0 for
   * none) and {@code cubeful} (play with the cube at the position's cube and score; default cubeless). Refused, with
   * nothing stored: a guest, bad or unknown fields, a position that does not read or is not backgammon's,
   * {@link #PER_USER} jobs of the account's waiting or running, or the queue full (try again later).
   */
  public synchronized RolloutView start(User owner, ObjectNode body) {
    if (owner.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, RolloutCode.GUEST, "guests ask for no rollouts: register to ask for one");
    body.fieldNames().forEachRemaining(f -> {
      if (!FIELDS.contains(f)) throw Refused.invalid("unknown field '" + f + "': a rollout takes " + FIELDS);
    });
    Game root = root(body);
    String position = GameIds.gnubg(root).orElseThrow(() -> Refused.of(Refused.Kind.INVALID, RolloutCode.NOT_BACKGAMMON,
        "rollouts are of backgammon positions"));
    int trials = number(body, "trials", DEFAULT_TRIALS, 2, MAX_TRIALS);
    int truncate = number(body, "truncate", 0, 0, MAX_TRUNCATE);
    JsonNode c = body.get("cubeful");
    if (c != null && !c.isBoolean()) throw Refused.invalid("'cubeful' is true or false");
    boolean cubeful = c != null && c.asBoolean();
    RolloutSettings settings = new RolloutSettings(trials, truncate, cubeful, true, true, !cubeful, 1, 1);
    settings.problem().ifPresent(p -> {
      throw Refused.invalid(p);
    });
    if (pool.getQueue().remainingCapacity() == 0) {
      throw new Refused(Refused.Kind.UNAVAILABLE, RolloutCode.QUEUE_FULL, Map.of("max", QUEUE),
          "the rollout queue is full (" + QUEUE + " wait): try again in a few minutes", null, 120);
    }
    forgetOrphans(owner.id());
    long id = store.insert(owner.id(), node, position, trials, truncate, cubeful, clock.instant(), PER_USER, KEPT)
        .orElseThrow(() -> new Refused(Refused.Kind.TOO_MANY, RolloutCode.TOO_MANY, Map.of("max", PER_USER), "you have "
            + PER_USER + " rollouts waiting or running: wait for one to finish or cancel one", null, 30));
    Job job = new Job(id, owner.id(), root, settings);
    jobs.put(id, job);
    try {
      pool.execute(job);
    } catch (RejectedExecutionException e) { // only when the server is stopping: start is the only one adding
      jobs.remove(id);
      store.finish(id, "failed", null, "the server is stopping: ask again", clock.instant());
      throw new Refused(Refused.Kind.UNAVAILABLE, RolloutCode.STOPPING, Map.of(), "the server is stopping: ask again in a minute", null, 60);
    }
    return view(store.find(id).orElseThrow());
  }

  /** The rollout {@code id}, live while it waits or runs; only its owner sees it. */
  public RolloutView view(User me, long id) {
    return view(mine(me, id));
  }

  /** The account's rollouts, newest first (at most {@link #KEPT}). */
  public List<RolloutView> list(User me) {
    forgetOrphans(me.id());
    return store.list(me.id(), KEPT).stream().map(this::view).toList();
  }

  /**
   * Cancels the owner's rollout {@code id}: a waiting one never runs, a running one stops after the block of trials
   * it is playing and keeps the figures of the trials done. Refused when it has already ended.
   */
  public synchronized RolloutView cancel(User me, long id) {
    RolloutStore.Row row = mine(me, id);
    Job job = jobs.get(id);
    if (job == null) throw Refused.of(Refused.Kind.CONFLICT, RolloutCode.ENDED, "rollout " + id + " has already ended (" + row.state() + ")",
          Map.of("id", id, "state", row.state()));
    job.cancelled = true;
    if (pool.remove(job)) { // never started: nothing to keep
      jobs.remove(id);
      store.finish(id, "cancelled", null, null, clock.instant());
      return view(store.find(id).orElseThrow());
    }
    return view(row); // the worker stores what it has once it sees the flag
  }

  private void forgetOrphans(long ownerId) {
    if (node.equals(SINGLE_NODE)) return; // alone, every row is this node's: a start marked the stop's
    alive.get().ifPresent(nodes -> store.interruptOrphans(ownerId, node, nodes,
        "the node running this rollout stopped before it finished: ask for it again", clock.instant()));
  }

  private RolloutStore.Row mine(User me, long id) {
    RolloutStore.Row row = store.find(id)
        .orElseThrow(() -> Refused.of(Refused.Kind.NOT_FOUND, RolloutCode.NOT_FOUND, "rollout " + id + " not found", Map.of("id", id)));
    if (row.ownerId() != me.id()) throw Refused.of(Refused.Kind.FORBIDDEN, RolloutCode.NOT_OWNER, "rollout " + id + " is another account's: only its owner sees it",
          Map.of("id", id));
    return row;
  }

  private Game root(ObjectNode body) {
    boolean byId = body.has("position");
    boolean byRecord = body.has("record") || body.has("game") || body.has("move");
    if (byId == byRecord) {
      throw Refused.invalid("name the position: 'position' (a gnubg ID or an XGID) or 'record', 'game' and 'move'");
    }
    Result<Game> r;
    if (byId) {
      JsonNode p = body.get("position");
      if (!p.isTextual() || p.asText().isBlank() || p.asText().length() > 120) {
        throw Refused.of(Refused.Kind.INVALID, RolloutCode.POSITION, "'position' is a gnubg ID (POSITIONID:MATCHID) or an XGID");
      }
      r = ToRoll.fromId(p.asText());
    } else {
      JsonNode rec = body.get("record");
      if (rec == null || !rec.canConvertToLong() || !rec.isIntegralNumber()) {
        throw Refused.invalid("'record' is a record's id");
      }
      Match m = records.apply(rec.asLong());
      r = ToRoll.beforeMove(m, number(body, "game", -1, 1, Integer.MAX_VALUE),
          number(body, "move", -1, 1, Integer.MAX_VALUE));
    }
    if (!r.isOk()) {
      String why = "the position does not read: " + r.error();
      // a typed ID is the person's; a record's play out of range is the API's (the pages send those they show)
      throw byId ? Refused.of(Refused.Kind.INVALID, RolloutCode.POSITION, why) : Refused.invalid(why);
    }
    return r.get();
  }

  private static int number(ObjectNode body, String field, int dflt, int min, int max) {
    JsonNode n = body.get(field);
    if (n == null && dflt >= min) return dflt;
    if (n == null || !n.isIntegralNumber() || !n.canConvertToInt() || n.asInt() < min || n.asInt() > max) {
      if (max == Integer.MAX_VALUE) throw Refused.invalid("'" + field + "' is a whole number from " + min);
      throw Refused.of(Refused.Kind.INVALID, RolloutCode.NUMBER_RANGE, "'" + field + "' is a whole number from " + min + " to " + max,
          Map.of("field", field, "min", min, "max", max));
    }
    return n.asInt();
  }

  private void run(Job job) {
    try {
      if (closing) return; // queued as the stop came: marked interrupted when the server starts again
      if (job.cancelled) { // cancelled as the worker took it from the queue
        store.finish(job.id, "cancelled", null, null, clock.instant());
        return;
      }
      job.running = true;
      store.running(job.id);
      Result<RolloutResult> r = Rollout.run(Bots.standard(), job.root, job.settings, p -> job.progress = p,
          () -> job.cancelled || closing);
      if (closing) return; // cut off by the stop: marked interrupted when the server starts again
      if (!r.isOk()) {
        store.finish(job.id, "failed", null, "the rollout failed: " + r.error(), clock.instant());
        return;
      }
      // cancelled before its first block: no figures rather than a table of unknowns
      String figures = r.get().trials() == 0 ? null : Json.write(RolloutView.Figures.of(r.get()));
      store.finish(job.id, job.cancelled ? "cancelled" : "done", figures, null, clock.instant());
    } catch (RuntimeException e) {
      LOG.warn("rollout {} failed", job.id, e);
      try {
        store.finish(job.id, "failed", null, "the rollout failed: " + e, clock.instant());
      } catch (RuntimeException again) {
        LOG.warn("rollout {}: the failure could not be stored either", job.id, again);
      }
    } finally {
      jobs.remove(job.id);
    }
  }

  /** A row as the API shows it, with the live progress of its job while it waits or runs. */
  private RolloutView view(RolloutStore.Row row) {
    Job job = jobs.get(row.id());
    RolloutView.Figures figures = figures(row);
    String state = row.state();
    int done = figures == null ? 0 : figures.trials();
    Double equity = figures == null ? null : figures.headline();
    Double error = figures == null ? null : figures.headlineError();
    if (job != null) {
      state = job.cancelled ? "cancelled" : job.running ? "running" : "queued";
      Rollout.Progress p = job.progress;
      if (p != null) {
        done = p.done();
        equity = RolloutView.finite(p.equity());
        error = RolloutView.finite(p.standardError());
      }
    }
    return new RolloutView(row.id(), row.position(), row.trials(), row.truncate(), row.cubeful(), state, done, equity,
        error, figures, row.error(), row.created().toString(),
        Optional.ofNullable(row.finished()).map(Object::toString).orElse(null));
  }

  private static RolloutView.Figures figures(RolloutStore.Row row) {
    if (row.result() == null) return null;
    try {
      return Json.MAPPER.readValue(row.result(), RolloutView.Figures.class);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("rollout " + row.id() + ": its stored figures do not read", e);
    }
  }

  /** Stops the worker: a running rollout stops after its block and is not stored, waiting ones are dropped. */
  @Override
  public void close() {
    closing = true;
    // no interrupt: a thread interrupted in a write to H2's file closes the whole database (ClosedByInterruptException);
    // the running job sees `closing` after its block of trials, and the waiting ones never start
    Workers.stop(pool);
  }
}
