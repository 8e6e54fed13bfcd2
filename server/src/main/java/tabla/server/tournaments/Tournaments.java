package tabla.server.tournaments;

import tabla.core.tournament.Result;
import tabla.core.tournament.Knockout;
import tabla.core.tournament.Pairings;
import tabla.core.tournament.Pair;
import tabla.core.tournament.Format;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.LongConsumer;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Bots;
import tabla.bot.SelfPlay;
import tabla.core.dice.SecureDice;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.server.games.GameRow;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.http.ApiError;

/**
 * Stored tournaments and their progress. Everything is in the database: a round's matches are inserted with their
 * games in one transaction, and a result is read back from the finished game, so a restart ({@link #resumeAll})
 * loses nothing: it records the results that came in meanwhile and pairs the rounds that are due. Changes are
 * serialized by one lock (a single server; they are a few small statements each).
 */
public final class Tournaments implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Tournaments.class);
  /** A creator's tournaments that are registering or playing at once. */
  public static final int MAX_OPEN_PER_CREATOR = 3;
  /** Computer players are seeded as people start: at the FIBS starting rating. */
  static final double COMPUTER_RATING = 1500;
  /** How often tournaments due to start at their time, and results not yet recorded, are looked at. */
  static final long CHECK_SECONDS = 15;

  private final Jdbi jdbi;
  private final GameStore games;
  private final Clock clock;
  private final LongConsumer gameStarted;
  private final Object lock = new Object();
  private volatile TournamentNews news = TournamentNews.NONE;
  /** Matches between two computer players are played here, off the board, one at a time. */
  private final ExecutorService offBoard = Executors.newSingleThreadExecutor(r -> daemon(r, "tabla-tournament-bots"));
  private final ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor(r -> daemon(r, "tabla-tournaments"));
  private final TournamentFeed feed;

  /** @param gameStarted told each new game's id after it is stored (the hub lets the computer and clocks go) */
  public Tournaments(Jdbi jdbi, GameStore games, Clock clock, LongConsumer gameStarted) {
    this.jdbi = jdbi;
    this.games = games;
    this.clock = clock;
    this.gameStarted = gameStarted;
    this.feed = new TournamentFeed(new TournamentReads(jdbi), (id, m) -> news.toWatchers(id, m));
  }

  /** Where the news goes (the site sockets), once they exist: the tournaments start before the routes. */
  public void tellTo(TournamentNews news) {
    this.news = news;
  }

  /** A page starts showing tournament {@code id}: {@code reply} gets the whole of it, which the changes sent next start from. */
  public void watching(long id, java.util.function.Consumer<TournamentFeed.Whole> reply) {
    feed.watching(id, reply);
  }

  private static Thread daemon(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }

  /**
   * What a change leaves to do once committed: games to hand to the hub, computer-only matches to play, people to tell
   * that their match starts.
   */
  private record Follow(List<Long> started, List<OffBoardMatch> offBoard, List<Alert> alerts) {
    static Follow none() {
      return new Follow(new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
    }
  }

  private record Alert(long user, TournamentNews.MatchStarts news) {}

  private record OffBoardMatch(long tournament, int round, int slot, Rules rules, String level0, String level1) {}

  /** One entrant as stored: a person ({@code userId}) or the computer ({@code level}). */
  private record Entry(long id, Long userId, String level, Integer seed) {}

  private record Tour(long id, String name, long creator, Format format, int swissRounds, String rules, String mode,
      long reserveMs, long delayMs, int minPlayers, int maxPlayers, Timestamp startsAt, String status, boolean consolation) {}

  // ---- registration ----

  public long create(long creator, TournamentSettings s) {
    synchronized (lock) {
      return jdbi.inTransaction(h -> {
        int open = h.createQuery("SELECT COUNT(*) FROM tournaments WHERE creator = :c AND status IN ('registering', 'playing') "
                + "AND parent_id IS NULL")
            .bind("c", creator).mapTo(Integer.class).one();
        if (open >= MAX_OPEN_PER_CREATOR) {
          throw new ApiError(409, "you run " + open + " tournaments, the most there can be: let one finish or cancel it");
        }
        return h.createUpdate("INSERT INTO tournaments(name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, "
                + "clock_delay_ms, min_players, max_players, rated, starts_at, status, created_at, consolation) VALUES (:n, :c, "
                + ":f, :sr, :r, :m, :cr, :cd, :min, :max, :rated, :at, 'registering', :now, :cons)")
            .bind("n", s.name()).bind("c", creator).bind("f", s.format().api).bind("sr", s.swissRounds())
            .bind("r", RulesJson.write(s.rules())).bind("m", s.mode())
            .bind("cr", s.clock() == null ? 0 : s.clock().reservePerPointMillis())
            .bind("cd", s.clock() == null ? 0 : s.clock().delayMillis())
            .bind("min", s.minPlayers()).bind("max", s.maxPlayers()).bind("rated", s.rated())
            .bind("at", s.startsAt() == null ? null : Timestamp.from(s.startsAt())).bind("now", Timestamp.from(clock.instant()))
            .bind("cons", s.consolation())
            .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
      });
    }
  }

  /** Registers {@code user}; a tournament with no start time starts when this fills it. */
  public void join(long id, long user) {
    enter(id, user, null, null);
  }

  /** The creator enters the computer at {@code level}. */
  public void addComputer(long id, long creator, String level) {
    enter(id, null, level, creator);
  }

  private void enter(long id, Long user, String level, Long asCreator) {
    Follow follow;
    synchronized (lock) {
      follow = jdbi.inTransaction(h -> {
        Tour t = registering(h, id);
        if (asCreator != null && t.creator() != asCreator) throw ApiError.forbidden("only the creator enters computer players");
        int count = entries(h, id).size();
        if (count >= t.maxPlayers()) throw new ApiError(409, "the tournament is full");
        if (user != null && entries(h, id).stream().anyMatch(e -> user.equals(e.userId()))) {
          throw new ApiError(409, "you are already registered");
        }
        h.createUpdate("INSERT INTO tournament_entries(tournament_id, user_id, bot_level) VALUES (:t, :u, :l)")
            .bind("t", id).bind("u", user).bind("l", level).execute();
        touch(h, id);
        return count + 1 == t.maxPlayers() && t.startsAt() == null ? start(h, t) : Follow.none();
      });
    }
    after(id, follow);
  }

  public void withdraw(long id, long user) {
    synchronized (lock) {
      jdbi.useTransaction(h -> {
        registering(h, id);
        int gone = h.createUpdate("DELETE FROM tournament_entries WHERE tournament_id = :t AND user_id = :u")
            .bind("t", id).bind("u", user).execute();
        if (gone == 0) throw ApiError.notFound("your registration in tournament " + id);
        touch(h, id);
      });
    }
    after(id, Follow.none());
  }

  /** The creator cancels before the start (a running tournament's games are people's games: they play out). */
  public void cancel(long id, long creator) {
    synchronized (lock) {
      jdbi.useTransaction(h -> {
        Tour t = registering(h, id);
        if (t.creator() != creator) throw ApiError.forbidden("only the creator cancels a tournament");
        setStatus(h, id, "cancelled", "cancelled by its creator");
      });
    }
    after(id, Follow.none());
  }

  /** The creator starts now, with at least the minimum registered. */
  public void startNow(long id, long creator) {
    Follow follow;
    synchronized (lock) {
      follow = jdbi.inTransaction(h -> {
        Tour t = registering(h, id);
        if (t.creator() != creator) throw ApiError.forbidden("only the creator starts a tournament");
        int count = entries(h, id).size();
        if (count < t.minPlayers()) {
          throw new ApiError(409, count + " registered, " + t.minPlayers() + " needed to start");
        }
        return start(h, t);
      });
    }
    after(id, follow);
  }

  // ---- progress ----

  /**
   * Called after every change of a finished game (it must be cheap and idempotent): records a tournament's result.
   * A failure (the database away) is logged, not thrown at the player whose action was stored: the periodic check
   * ({@link #catchUp}) records the result within {@link #CHECK_SECONDS}.
   */
  public void gameFinished(long gameId) {
    try {
      List<Long> ids = jdbi.withHandle(h -> h.createQuery(
              "SELECT tournament_id FROM tournament_matches WHERE game_id = :g AND winner_seed IS NULL")
          .bind("g", gameId).mapTo(Long.class).list());
      for (long id : ids) advance(id);
    } catch (RuntimeException e) {
      LOG.warn("the result of game {} is not in its tournament yet ({}); the periodic check records it", gameId, e.toString());
    }
  }

  /** The tournaments with a finished game whose result is not recorded (a hook that failed or never ran). */
  private void catchUp() {
    List<Long> behind = jdbi.withHandle(h -> h.createQuery("SELECT DISTINCT m.tournament_id FROM tournament_matches m "
            + "JOIN games g ON g.id = m.game_id WHERE m.winner_seed IS NULL AND g.status = 'finished'")
        .mapTo(Long.class).list());
    for (long id : behind) advance(id);
  }

  /**
   * After a start or restart: starts the tournaments whose time came, replays every running tournament's progress
   * (results that came in while the server was down, rounds now due), plays again the computer-only matches a stop
   * cut off, and looks for due starts and missed results every {@link #CHECK_SECONDS} s from now on.
   */
  public void resumeAll() {
    startDue();
    List<Long> playing = jdbi.withHandle(h -> h.createQuery("SELECT id FROM tournaments WHERE status = 'playing'")
        .mapTo(Long.class).list());
    for (long id : playing) {
      try {
        advance(id);
        for (OffBoardMatch m : jdbi.withHandle(h -> unplayedOffBoard(h, id))) play(m);
      } catch (RuntimeException e) {
        LOG.error("tournament {} could not be resumed", id, e);
      }
    }
    timer.scheduleWithFixedDelay(this::check, CHECK_SECONDS, CHECK_SECONDS, TimeUnit.SECONDS);
  }

  private void check() {
    try {
      startDue();
      catchUp();
    } catch (RuntimeException e) {
      LOG.warn("the tournaments' periodic check failed ({}); trying again", e.toString());
    }
  }

  /** Tournaments whose start time came: started with enough players, else cancelled saying why. */
  void startDue() {
    List<Long> due = jdbi.withHandle(h -> h.createQuery(
            "SELECT id FROM tournaments WHERE status = 'registering' AND starts_at IS NOT NULL AND starts_at <= :now")
        .bind("now", Timestamp.from(clock.instant())).mapTo(Long.class).list());
    for (long id : due) {
      Follow follow;
      synchronized (lock) {
        follow = jdbi.inTransaction(h -> {
          Tour t = locked(h, id);
          if (!t.status().equals("registering")) return Follow.none();
          int count = entries(h, id).size();
          if (count >= t.minPlayers()) return start(h, t);
          setStatus(h, id, "cancelled", "only " + count + " registered of the " + t.minPlayers() + " needed by the start time");
          return Follow.none();
        });
      }
      after(id, follow);
    }
  }

  /** Seeds the entrants by rating (registration order among equals) and pairs the first round. */
  private Follow start(Handle h, Tour t) {
    List<Entry> entries = entries(h, t.id());
    record Seeded(Entry e, double rating) {}
    List<Seeded> seeded = new ArrayList<>();
    for (Entry e : entries) {
      double rating = e.userId() == null ? COMPUTER_RATING
          : h.createQuery("SELECT rating FROM users WHERE id = :u").bind("u", e.userId()).mapTo(Double.class).one();
      seeded.add(new Seeded(e, rating));
    }
    seeded.sort((a, b) -> a.rating() != b.rating() ? Double.compare(b.rating(), a.rating()) : Long.compare(a.e().id(), b.e().id()));
    for (int i = 0; i < seeded.size(); i++) {
      h.createUpdate("UPDATE tournament_entries SET seed = :s, rating = :r WHERE id = :id")
          .bind("s", i).bind("r", seeded.get(i).rating()).bind("id", seeded.get(i).e().id()).execute();
    }
    setStatus(h, t.id(), "playing", null);
    Follow follow = Follow.none();
    pairDue(h, tour(h, t.id()), follow);
    return follow;
  }

  /** Records finished games' winners in tournament {@code id} and pairs the next round when this one is complete. */
  private void advance(long id) {
    Follow follow;
    synchronized (lock) {
      follow = jdbi.inTransaction(h -> {
        Tour t = locked(h, id);
        Follow f = Follow.none();
        if (!t.status().equals("playing")) return f;
        h.createQuery("SELECT m.round, m.slot, m.first_seed, m.second_seed, g.winner FROM tournament_matches m "
                + "JOIN games g ON g.id = m.game_id WHERE m.tournament_id = :t AND m.winner_seed IS NULL "
                + "AND g.status = 'finished' AND g.winner IS NOT NULL")
            .bind("t", id)
            .map((rs, c) -> new int[] {rs.getInt(1), rs.getInt(2), rs.getInt(5) == 0 ? rs.getInt(3) : rs.getInt(4)})
            .list()
            .forEach(w -> recordWinner(h, id, w[0], w[1], w[2]));
        pairDue(h, t, f);
        if (t.consolation()) consolationIfDue(h, t, f);
        return f;
      });
    }
    after(id, follow);
  }

  private static void recordWinner(Handle h, long id, int round, int slot, int winnerSeed) {
    int recorded = h.createUpdate("UPDATE tournament_matches SET winner_seed = :w WHERE tournament_id = :t AND round = :r AND slot = :s "
            + "AND winner_seed IS NULL")
        .bind("w", winnerSeed).bind("t", id).bind("r", round).bind("s", slot).execute();
    if (recorded > 0) touch(h, id);
  }

  /** The matches that can start now: the next round's (or a knock-out's next matches), or the end and its winner. */
  private void pairDue(Handle h, Tour t, Follow follow) {
    if (t.format() == Format.KNOCKOUT) {
      pairKnockout(h, t, follow);
      return;
    }
    List<List<Result>> rounds = results(h, t.id());
    if (rounds == null) return; // a match of the current round is still on
    List<Entry> entrants = seeded(h, t.id());
    List<Pair> next = Pairings.next(t.format(), entrants.size(), t.swissRounds(), rounds);
    if (next.isEmpty()) {
      finish(h, t.id(), Pairings.winner(t.format(), entrants.size(), rounds));
      return;
    }
    for (int slot = 0; slot < next.size(); slot++) insertMatch(h, t, entrants, rounds.size(), slot, next.get(slot), follow);
  }

  /**
   * A knock-out's match starts as soon as the two matches feeding it (slots 2i and 2i+1 of the round before) are
   * decided: a player who won early does not wait for the rest of the round. The final's winner ends it.
   */
  private void pairKnockout(Handle h, Tour t, Follow follow) {
    List<Entry> entrants = seeded(h, t.id());
    List<TournamentView.MatchLine> matches = TournamentReads.matches(h, t.id());
    if (matches.isEmpty()) {
      List<Pair> first = Knockout.firstRound(entrants.size());
      for (int slot = 0; slot < first.size(); slot++) insertMatch(h, t, entrants, 0, slot, first.get(slot), follow);
      matches = TournamentReads.matches(h, t.id()); // two byes side by side already make a match of round two
    }
    int last = Knockout.rounds(entrants.size()) - 1;
    java.util.Map<Long, TournamentView.MatchLine> at = new java.util.HashMap<>();
    for (TournamentView.MatchLine m : matches) at.put(place(m.round(), m.slot()), m);
    TournamentView.MatchLine fin = at.get(place(last, 0));
    if (fin != null && fin.winner() != null) {
      finish(h, t.id(), fin.winner());
      return;
    }
    for (TournamentView.MatchLine m : matches) {
      if (m.round() >= last || m.slot() % 2 != 0) continue;
      TournamentView.MatchLine other = at.get(place(m.round(), m.slot() + 1));
      if (m.winner() == null || other == null || other.winner() == null || at.containsKey(place(m.round() + 1, m.slot() / 2))) {
        continue;
      }
      int a = m.winner();
      int b = other.winner();
      insertMatch(h, t, entrants, m.round() + 1, m.slot() / 2, new Pair(Math.min(a, b), Math.max(a, b)), follow);
    }
  }

  /**
   * Once the main bracket's first round is decided: its losers (two or more) play a knock-out of their own, a tournament
   * that names this one its parent, with its name, rules, clock and rating, seeded by rating like any. (The pages say
   * "consolation" in the reader's language.)
   */
  private void consolationIfDue(Handle h, Tour t, Follow follow) {
    List<TournamentView.MatchLine> first = TournamentReads.matches(h, t.id()).stream().filter(m -> m.round() == 0).toList();
    if (first.isEmpty() || first.stream().anyMatch(m -> m.winner() == null)) return;
    if (h.createQuery("SELECT COUNT(*) FROM tournaments WHERE parent_id = :t").bind("t", t.id()).mapTo(Integer.class).one() > 0) {
      return;
    }
    List<Entry> entrants = seeded(h, t.id());
    List<Entry> losers = first.stream().filter(m -> m.second() != null)
        .map(m -> entrants.get(m.winner() == m.first() ? m.second() : m.first())).toList();
    if (losers.size() < 2) return;
    long child = h.createUpdate("INSERT INTO tournaments(name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, "
            + "clock_delay_ms, min_players, max_players, rated, starts_at, status, created_at, consolation, parent_id) "
            + "SELECT name, creator, format, 0, rules, mode, clock_reserve_ms, clock_delay_ms, 2, :max, rated, NULL, "
            + "'registering', :now, FALSE, id FROM tournaments WHERE id = :t")
        .bind("max", losers.size()).bind("now", Timestamp.from(clock.instant())).bind("t", t.id())
        .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    touch(h, t.id()); // its page links the consolation bracket now
    for (Entry e : losers) {
      h.createUpdate("INSERT INTO tournament_entries(tournament_id, user_id, bot_level) VALUES (:t, :u, :l)")
          .bind("t", child).bind("u", e.userId()).bind("l", e.level()).execute();
    }
    Follow started = start(h, tour(h, child));
    follow.started().addAll(started.started());
    follow.offBoard().addAll(started.offBoard());
    follow.alerts().addAll(started.alerts());
  }

  private static long place(int round, int slot) {
    return ((long) round << 32) | slot;
  }

  private static void finish(Handle h, long id, int winnerSeed) {
    h.createUpdate("UPDATE tournaments SET status = 'finished', winner_seed = :w, version = version + 1 WHERE id = :t")
        .bind("w", winnerSeed).bind("t", id).execute();
  }

  /** A change its page shows: the version goes up ({@link TournamentFeed} sends the pages what changed since one). */
  private static void touch(Handle h, long id) {
    h.createUpdate("UPDATE tournaments SET version = version + 1 WHERE id = :t").bind("t", id).execute();
  }

  /** One pairing stored: a bye won at once, two computers played off the board, else a game that starts now. */
  private void insertMatch(Handle h, Tour t, List<Entry> entrants, int round, int slot, Pair p, Follow follow) {
    Long gameId = null;
    Integer winner = null;
    if (p.isBye()) {
      winner = p.first();
    } else {
      Entry a = entrants.get(p.first());
      Entry b = entrants.get(p.second());
      if (a.userId() == null && b.userId() == null) {
        follow.offBoard().add(new OffBoardMatch(t.id(), round, slot, RulesJson.read(t.rules()), a.level(), b.level()));
      } else {
        // Jdbi hands the store this same handle (nested calls on one thread share it): the game is in this transaction.
        gameId = games.create(t.rules(), t.mode(), a.userId(), b.userId(), a.userId() == null ? a.level() : b.level(),
            a.userId() == null ? Integer.valueOf(0) : b.userId() == null ? Integer.valueOf(1) : null,
            GameStore.clock(t.reserveMs(), t.delayMs()));
        follow.started().add(gameId);
        if (a.userId() != null) follow.alerts().add(new Alert(a.userId(), matchStarts(h, t, gameId, b)));
        if (b.userId() != null) follow.alerts().add(new Alert(b.userId(), matchStarts(h, t, gameId, a)));
      }
    }
    h.createUpdate("INSERT INTO tournament_matches(tournament_id, round, slot, first_seed, second_seed, game_id, winner_seed) "
            + "VALUES (:t, :r, :s, :a, :b, :g, :w)")
        .bind("t", t.id()).bind("r", round).bind("s", slot).bind("a", p.first())
        .bind("b", p.isBye() ? null : p.second()).bind("g", gameId).bind("w", winner).execute();
    touch(h, t.id());
  }

  /** The rounds so far as results, or null while a match of the last round is undecided. */
  private static List<List<Result>> results(Handle h, long id) {
    List<List<Result>> rounds = new ArrayList<>();
    boolean[] open = {false};
    h.createQuery("SELECT round, first_seed, second_seed, winner_seed FROM tournament_matches WHERE tournament_id = :t "
            + "ORDER BY round, slot")
        .bind("t", id)
        .map((rs, c) -> {
          int round = rs.getInt(1);
          while (rounds.size() <= round) rounds.add(new ArrayList<>());
          Integer second = rs.getObject(3, Integer.class);
          Integer winner = rs.getObject(4, Integer.class);
          if (winner == null) open[0] = true;
          else rounds.get(round).add(new Result(new Pair(rs.getInt(2), second == null ? Pair.BYE : second), winner));
          return round;
        })
        .list();
    return open[0] ? null : rounds;
  }

  private List<OffBoardMatch> unplayedOffBoard(Handle h, long id) {
    Tour t = tour(h, id);
    List<Entry> entrants = seeded(h, id);
    return h.createQuery("SELECT round, slot, first_seed, second_seed FROM tournament_matches WHERE tournament_id = :t "
            + "AND game_id IS NULL AND second_seed IS NOT NULL AND winner_seed IS NULL")
        .bind("t", id)
        .map((rs, c) -> new OffBoardMatch(id, rs.getInt(1), rs.getInt(2), RulesJson.read(t.rules()),
            entrants.get(rs.getInt(3)).level(), entrants.get(rs.getInt(4)).level()))
        .list();
  }

  /** Once a change of tournament {@code id} is committed: the games to the hub, the news to the pages and players. */
  private void after(long id, Follow follow) {
    for (long g : follow.started()) {
      try {
        gameStarted.accept(g);
      } catch (RuntimeException e) {
        LOG.error("tournament game {} could not be handed to the hub (it loads when opened)", g, e);
      }
    }
    follow.offBoard().forEach(this::play);
    feed.changed(id);
    try {
      for (Alert a : follow.alerts()) news.matchStarts(a.user(), a.news());
    } catch (RuntimeException e) {
      LOG.warn("the alerts of tournament {} were not sent ({}); a page asks for my matches on when its socket opens", id,
          e.toString());
    }
  }

  /**
   * Plays a match between two computer players off the board, with fresh secure dice, and records its winner; a stop
   * before it is recorded plays it again after the restart ({@link #resumeAll}).
   */
  private void play(OffBoardMatch m) {
    offBoard.execute(() -> {
      try {
        long seed = m.tournament() * 1_000_003L + m.round() * 1009L + m.slot();
        Match done = SelfPlay.play(m.rules(), Bots.forVariant(m.rules().variant(), m.level0(), seed),
            Bots.forVariant(m.rules().variant(), m.level1(), seed + 1), new SecureDice(), 0);
        OptionalInt w = done.winner();
        if (w.isEmpty()) throw new IllegalStateException("a computer match ended with no winner");
        synchronized (lock) {
          jdbi.useTransaction(h -> {
            int[] seeds = h.createQuery("SELECT first_seed, second_seed FROM tournament_matches WHERE tournament_id = :t "
                    + "AND round = :r AND slot = :s")
                .bind("t", m.tournament()).bind("r", m.round()).bind("s", m.slot())
                .map((rs, c) -> new int[] {rs.getInt(1), rs.getInt(2)}).one();
            recordWinner(h, m.tournament(), m.round(), m.slot(), seeds[w.getAsInt()]);
          });
        }
        advance(m.tournament());
      } catch (RuntimeException e) {
        LOG.error("the computer match {} of tournament {} failed; it is played again after a restart", m, m.tournament(), e);
      }
    });
  }

  // ---- reading ----

  private Tour registering(Handle h, long id) {
    Tour t = tour(h, id);
    if (!t.status().equals("registering")) throw new ApiError(409, "the tournament is " + t.status() + ": registration is closed");
    return t;
  }

  /**
   * The tournament, its row locked until the transaction ends: with several nodes (README "Running a cluster") two
   * of them may start or advance the same tournament at once; the second waits and then sees what the first did.
   */
  private static Tour locked(Handle h, long id) {
    h.createQuery("SELECT id FROM tournaments WHERE id = :id FOR UPDATE").bind("id", id).mapTo(Long.class).one();
    return tour(h, id);
  }

  private static Tour tour(Handle h, long id) {
    return h.createQuery("SELECT id, name, creator, format, swiss_rounds, rules, mode, clock_reserve_ms, clock_delay_ms, "
            + "min_players, max_players, starts_at, status, consolation FROM tournaments WHERE id = :id")
        .bind("id", id)
        .map((rs, c) -> new Tour(rs.getLong(1), rs.getString(2), rs.getLong(3), Format.of(rs.getString(4)), rs.getInt(5),
            rs.getString(6), rs.getString(7), rs.getLong(8), rs.getLong(9), rs.getInt(10), rs.getInt(11), rs.getTimestamp(12),
            rs.getString(13), rs.getBoolean(14)))
        .findOne().orElseThrow(() -> ApiError.notFound("tournament " + id));
  }

  private static List<Entry> entries(Handle h, long id) {
    return h.createQuery("SELECT id, user_id, bot_level, seed FROM tournament_entries WHERE tournament_id = :t ORDER BY id")
        .bind("t", id)
        .map((rs, c) -> new Entry(rs.getLong(1), rs.getObject(2, Long.class), rs.getString(3), rs.getObject(4, Integer.class)))
        .list();
  }

  /** The entrants by seed (the list's index is the seed). */
  private static List<Entry> seeded(Handle h, long id) {
    List<Entry> list = new ArrayList<>(entries(h, id));
    list.sort((a, b) -> Integer.compare(a.seed(), b.seed()));
    return list;
  }

  private static TournamentNews.MatchStarts matchStarts(Handle h, Tour t, long gameId, Entry opponent) {
    return new TournamentNews.MatchStarts(t.id(), t.name(), gameId, name(h, opponent), opponent.level());
  }

  private static String name(Handle h, Entry e) {
    if (e.userId() == null) return GameRow.botName(e.level());
    return h.createQuery("SELECT name FROM users WHERE id = :u").bind("u", e.userId()).mapTo(String.class).one();
  }

  private static void setStatus(Handle h, long id, String status, String note) {
    h.createUpdate("UPDATE tournaments SET status = :s, note = :n, version = version + 1 WHERE id = :id")
        .bind("s", status).bind("n", note).bind("id", id).execute();
  }


  @Override
  public void close() {
    timer.shutdownNow();
    offBoard.shutdownNow();
    feed.close();
  }
}
