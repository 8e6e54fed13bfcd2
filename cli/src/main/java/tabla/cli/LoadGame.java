package tabla.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.net.http.WebSocket;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One simulated match after another between two users, played the way the board plays: each player holds a
 * WebSocket on the game and acts when an event (or the answer to its own action) says it is its turn, after
 * its think time (none in the closed loop). When a match ends, the first user offers the next.
 */
final class LoadGame {
  /** How long a player thinks before acting, in milliseconds: uniform in [min, max]. */
  record Think(long minMillis, long maxMillis) {
    static final Think NONE = new Think(0, 0);

    long next() {
      return maxMillis <= minMillis ? minMillis : ThreadLocalRandom.current().nextLong(minMillis, maxMillis + 1);
    }
  }

  private final LoadUser[] users;
  private final LoadStats stats;
  private final ScheduledExecutorService timer;
  private final Think think;
  private final int matchLength;
  /** From this version on, the player who may resign does (a single game): short matches; 0 never. */
  private final int resignFrom;
  private final BooleanSupplier running;
  private final InFlight inFlight;
  private final Random rnd;
  private final boolean overSocket;
  /** The references of actions sent over sockets, unique in this process. */
  private static final java.util.concurrent.atomic.AtomicLong REFS = new java.util.concurrent.atomic.AtomicLong();
  private final Seat[] seats = {new Seat(0), new Seat(1)};
  private volatile long gameId = -1;

  LoadGame(LoadUser a, LoadUser b, LoadStats stats, ScheduledExecutorService timer, Think think, int matchLength,
      int resignFrom, BooleanSupplier running, InFlight inFlight, long seed, boolean overSocket) {
    this.users = new LoadUser[] {a, b};
    this.stats = stats;
    this.timer = timer;
    this.think = think;
    this.matchLength = matchLength;
    this.resignFrom = resignFrom;
    this.running = running;
    this.inFlight = inFlight;
    this.rnd = new Random(seed);
    this.overSocket = overSocket;
  }

  /** The first user offers a match, the second accepts it, both open their sockets; completes when both are open. */
  CompletableFuture<Void> newMatch() {
    return users[0].post("/api/seeks", "{\"rules\":{\"matchLength\":" + matchLength + "},\"mode\":\"correspondence\"}")
        .thenCompose(seek -> {
          if (!seek.ok()) throw new IllegalStateException("seek → " + seek.status() + " " + seek.json());
          return users[1].post("/api/seeks/" + seek.json().get("seek").get("id").asLong() + "/accept", "{}");
        })
        .thenCompose(accepted -> {
          if (!accepted.ok()) throw new IllegalStateException("accept → " + accepted.status() + " " + accepted.json());
          long id = accepted.json().get("gameId").asLong();
          gameId = id;
          return CompletableFuture.allOf(seats[0].open(id), seats[1].open(id));
        });
  }

  void close() {
    for (Seat s : seats) s.close();
  }

  /** A match is over: the first player offers the next one, while the test runs. */
  private void finished(long id) {
    if (gameId != id) return;
    synchronized (this) {
      if (gameId != id) return;
      gameId = -1;
    }
    stats.matchesFinished.incrementAndGet();
    close();
    if (!running.getAsBoolean()) return;
    newMatch().exceptionally(e -> {
      stats.error("a new match could not be set up: " + e);
      return null;
    });
  }

  /**
   * At most so many actions waiting for their answer, as many client threads would allow (the old closed loop's
   * 32): more would only measure the queue in front of the server. Actions beyond it wait their turn here, and
   * their latency is counted from the moment they are sent.
   */
  static final class InFlight {
    private final int max;
    private int sent;
    private final java.util.ArrayDeque<java.util.function.Consumer<Runnable>> waiting = new java.util.ArrayDeque<>();

    InFlight(int max) {
      this.max = max;
    }

    /** Runs {@code send} now or when a slot frees; it must call the runnable it gets once its answer came. */
    void submit(java.util.function.Consumer<Runnable> send) {
      synchronized (this) {
        if (sent >= max) {
          waiting.add(send);
          return;
        }
        sent++;
      }
      send.accept(this::release);
    }

    private void release() {
      java.util.function.Consumer<Runnable> next;
      synchronized (this) {
        next = waiting.poll();
        if (next == null) {
          sent--;
          return;
        }
      }
      next.accept(this::release);
    }
  }

  /** An action sent over the socket and not yet answered: when, and what frees its in-flight slot. */
  private record Pending(long sentNanos, Runnable done) {}

  /** One player of the match: its socket, the last version it acted on, and its turn. */
  private final class Seat {
    private final int me;
    private WebSocket ws;
    private long game = -1;
    private int seen = -1;
    /** Actions sent over the socket, by reference, until their answer. */
    private final java.util.Map<Long, Pending> pending = new java.util.concurrent.ConcurrentHashMap<>();
    /** The socket's sends, one after another (a WebSocket takes one message at a time). */
    private CompletableFuture<?> sending = CompletableFuture.completedFuture(null);

    Seat(int me) {
      this.me = me;
    }

    synchronized CompletableFuture<Void> open(long id) {
      game = id;
      seen = -1;
      return users[me].watch(id, new Listener(id)).thenApply(w -> null);
    }

    /**
     * The socket is kept as it opens, before its first message: the snapshot may come (and its action go out) before
     * the future that {@link #open} returns completes, and an action then found no socket and was dropped: the match
     * never went on (a hang of LoadTestCommandTest in a fresh-clone run). A socket of a match already over is closed.
     */
    private synchronized boolean opened(long id, WebSocket w) {
      if (id != game || ws != null) return false;
      ws = w;
      stats.socketsOpen.incrementAndGet();
      return true;
    }

    synchronized void close() {
      game = -1; // this match's late messages (and a socket still opening) are ignored
      if (ws != null) {
        ws.abort();
        ws = null;
        stats.socketsOpen.decrementAndGet();
      }
      // unanswered now for good (the match's last action is answered after the event that ended it): free the slots
      for (Long ref : pending.keySet()) {
        Pending p = pending.remove(ref);
        if (p != null) timer.execute(p.done());
      }
    }

    /** One socket of this seat (a new one per match): its messages, joined from their frames. */
    private final class Listener implements WebSocket.Listener {
      /**
       * The frames of a message that came in parts (a snapshot does), dropped once it is whole: kept, it would hold
       * the largest message's capacity for as long as the socket is open (tens of kB, times 10,000 sockets).
       */
      private StringBuilder partial;
      private final long gameId;

      Listener(long gameId) {
        this.gameId = gameId;
      }

      @Override
      public void onOpen(WebSocket w) {
        if (!opened(gameId, w)) w.abort();
        w.request(1);
      }

      @Override
      public CompletionStage<?> onText(WebSocket w, CharSequence data, boolean last) {
        if (!last) {
          if (partial == null) partial = new StringBuilder();
          partial.append(data);
        } else {
          String text = partial == null ? data.toString() : partial.append(data).toString();
          partial = null;
          stats.events.incrementAndGet();
          try {
            JsonNode m = LoadUser.JSON.readTree(text);
            switch (m.path("type").asText()) {
              case "snapshot" -> state(gameId, m.get("snapshot"), m.get("snapshot").get("version").asInt());
              case "event" -> state(gameId, m.get("changes"), m.get("version").asInt());
              case "answer", "refused" -> answered(gameId, m);
              default -> { } // chat, the spectator count
            }
          } catch (Exception e) {
            stats.error("unreadable event: " + e);
          }
        }
        w.request(1);
        return null;
      }
    }

    /** A state of the game (a snapshot, an event's changes, the answer to an action) at {@code version}. */
    void state(long id, JsonNode s, int version) {
      synchronized (this) {
        if (id != game || version <= seen) return; // an old match's socket, or a version already seen
        seen = version;
      }
      if ("finished".equals(s.path("status").asText())) {
        finished(id);
        return;
      }
      // between two games nobody's turn: each player says "continue" (the second one starts the next game)
      boolean between = s.hasNonNull("between") && !s.get("between").path("ready").path(me).asBoolean(true);
      if ((between || s.path("turn").isInt() && s.get("turn").asInt() == me) && running.getAsBoolean()) {
        String body = between ? "{\"version\":" + version + ",\"type\":\"continue\"}" : decide(s, version);
        timer.schedule(() -> inFlight.submit(done -> act(id, body, done)), think.next(), TimeUnit.MILLISECONDS);
      }
    }

    private void act(long id, String body, Runnable done) {
      if (!running.getAsBoolean()) {
        timer.execute(done); // not in this stack: the waiting actions end one after another
        return;
      }
      if (overSocket) {
        send(id, body, done);
        return;
      }
      long t = System.nanoTime();
      String path = "/api/games/" + id + "/actions";
      // a pooled connection the server closed while idle fails before any answer: sent again once on a fresh one
      // (safe: the action names its version, so a second copy of an applied action is refused as stale)
      users[me].post(path, body).exceptionallyCompose(e -> users[me].post(path, body)).whenComplete((a, e) -> {
        done.run();
        if (e != null) {
          stats.error("action in game " + id + ": " + e);
          resync(id);
        } else if (a.ok()) {
          stats.accepted(System.nanoTime() - t);
          state(id, a.json(), a.json().get("version").asInt());
        } else if (a.status() == 409) {
          stats.stale.incrementAndGet(); // the game moved on (the other player's event is on its way)
        } else {
          stats.error("action " + body + " in game " + id + " → " + a.status() + " " + a.json());
          resync(id);
        }
      });
    }

    /** The action over the game's socket (docs/api.md); its answer comes to {@link #answered}. */
    private void send(long id, String body, Runnable done) {
      long ref = REFS.incrementAndGet();
      String message = "{\"type\":\"action\",\"ref\":" + ref + ",\"csrf\":\"" + users[me].csrf() + "\",\"action\":"
          + body + "}";
      synchronized (this) {
        WebSocket w = ws;
        if (w == null || id != game) {
          timer.execute(done);
          // the match ended meanwhile; a match still on without its socket would wait for ever: said, not dropped
          if (id == game && running.getAsBoolean()) stats.error("action in game " + id + " found no socket");
          return;
        }
        pending.put(ref, new Pending(System.nanoTime(), done));
        sending = sending.handle((x, e) -> null).thenCompose(x -> w.sendText(message, true)).whenComplete((x, e) -> {
          Pending p = e == null ? null : pending.remove(ref);
          if (p == null) return;
          p.done().run();
          if (running.getAsBoolean()) stats.error("action in game " + id + " not sent: " + e);
        });
      }
    }

    /** The answer to an action sent over the socket: counted like the answer to a POST. */
    private void answered(long id, JsonNode m) {
      Pending p = pending.remove(m.path("ref").asLong());
      if (p == null) return;
      p.done().run();
      if (m.path("type").asText().equals("answer")) {
        stats.accepted(System.nanoTime() - p.sentNanos());
      } else if (m.path("status").asInt() == 409) {
        stats.stale.incrementAndGet(); // the game moved on (its event is on its way)
      } else {
        stats.error("action in game " + id + " refused: " + m);
        resync(id);
      }
    }

    /** After a failed action: the snapshot again, as the board does. */
    private void resync(long id) {
      synchronized (this) {
        seen = -1;
      }
      users[me].get("/api/games/" + id).whenComplete((a, e) -> {
        if (e == null && a.ok()) state(id, a.json(), a.json().get("version").asInt());
        else if (running.getAsBoolean()) stats.error("game " + id + " could not be read again: " + (e != null ? e : a.status()));
      });
    }

    private String decide(JsonNode s, int v) {
      if (resignFrom > 0 && v >= resignFrom && canResign(s)) return "{\"version\":" + v + ",\"type\":\"resign\",\"level\":1}";
      String type = switch (s.path("phase").asText()) {
        case "ROLL" -> s.path("canDouble").asBoolean() && rnd.nextInt(20) == 0 ? "double" : "roll";
        case "DOUBLE_OFFERED" -> rnd.nextInt(4) == 0 ? "drop" : "take";
        case "RESIGN_OFFERED" -> "accept";
        default -> "move";
      };
      if (!type.equals("move")) return "{\"version\":" + v + ",\"type\":\"" + type + "\"}";
      JsonNode plays = s.get("legalPlays");
      String move = plays.size() == 0 ? "" : plays.get(rnd.nextInt(plays.size())).get("move").asText();
      return "{\"version\":" + v + ",\"type\":\"move\",\"move\":\"" + move + "\"}";
    }

    private static boolean canResign(JsonNode s) {
      for (JsonNode a : s.path("actions")) if (a.asText().equals("resign")) return true;
      return false;
    }
  }
}
