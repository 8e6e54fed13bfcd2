package tabla.server.tournaments;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Level;
import tabla.core.match.Rules;
import tabla.core.tournament.Format;
import tabla.core.tournament.Knockout;
import tabla.core.tournament.Pair;
import tabla.core.tournament.Pairings;
import tabla.core.tournament.Result;
import tabla.server.games.GameRow;
import tabla.server.games.GameStore;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import tabla.server.tournaments.TournamentStore.Entry;
import tabla.server.tournaments.TournamentStore.Tour;
import tabla.server.kernel.Workers;

/**
 * Tournaments' workflow: registration, seeding, pairing the rounds, recording results. Everything is in the database
 * ({@link TournamentStore}): a round's matches are inserted with their games in one transaction, and a result is read
 * back from the finished game, so a restart ({@link TournamentScheduler#resumeAll}) loses nothing: it records the
 * results that came in meanwhile and pairs the rounds that are due. Changes are serialized by one lock (a single
 * server; they are a few small statements each).
 */
public final class TournamentService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(TournamentService.class);
  /** A creator's tournaments that are registering or playing at once. */
  public static final int MAX_OPEN_PER_CREATOR = 3;
  /** Computer players are seeded as people start: at the FIBS starting rating. */
  static final double COMPUTER_RATING = 1500;

  private final TournamentStore store;
  private final TournamentGames games;
  private final Clock clock;
  private final Object lock = new Object();
  private volatile TournamentNews news = TournamentNews.NONE;
  /** Matches between two computer players are played here, off the board, one at a time. */
  private volatile boolean closing;
  private final ExecutorService offBoard = Executors.newFixedThreadPool(1, Workers.daemon("tabla-tournament-bots"));
  private final TournamentFeed feed;

  public TournamentService(TournamentStore store, TournamentGames games, Clock clock) {
    this.store = store;
    this.games = games;
    this.clock = clock;
    this.feed = new TournamentFeed(new TournamentReads(store), (id, m) -> news.toWatchers(id, m));
  }

  /** Where the news goes (the site sockets), once they exist: the tournaments start before the routes. */
  public void tellTo(TournamentNews news) {
    this.news = news;
  }

  /** A page starts showing tournament {@code id}: {@code reply} gets the whole of it, which the changes sent next start from. */
  public void watching(long id, java.util.function.Consumer<TournamentFeed.Whole> reply) {
    feed.watching(id, reply);
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


  // ---- registration ----

  public long create(long creator, TournamentSettings s) {
    synchronized (lock) {
      return store.inTransaction(tx -> {
        int open = tx.openOf(creator);
        if (open >= MAX_OPEN_PER_CREATOR) {
          throw Refused.of(Refused.Kind.CONFLICT, TournamentCode.TOO_MANY_OPEN,
              "you run " + open + " tournaments, the most there can be: let one finish or cancel it", Map.of("open", open));
        }
        return tx.insert(creator, s, clock.instant());
      });
    }
  }

  /** Registers {@code user}; a tournament with no start time starts when this fills it. */
  public void join(long id, long user) {
    enter(id, user, null, null);
  }

  /** The creator enters the computer at {@code level}. */
  public void addComputer(long id, long creator, Level level) {
    enter(id, null, level.word(), creator);
  }

  private void enter(long id, Long user, String level, Long asCreator) {
    Follow follow;
    synchronized (lock) {
      follow = store.inTransaction(tx -> {
        Tour t = registering(tx, id);
        if (asCreator != null && t.creator() != asCreator) {
          throw Refused.of(Refused.Kind.FORBIDDEN, TournamentCode.CREATOR_ENTERS_COMPUTER, "only the creator enters computer players");
        }
        int count = tx.entries(id).size();
        if (count >= t.maxPlayers()) throw Refused.of(Refused.Kind.CONFLICT, TournamentCode.FULL, "the tournament is full");
        if (user != null && tx.entries(id).stream().anyMatch(e -> user.equals(e.userId()))) {
          throw Refused.of(Refused.Kind.CONFLICT, TournamentCode.REGISTERED_ALREADY, "you are already registered");
        }
        tx.insertEntry(id, user, level);
        tx.touch(id);
        return count + 1 == t.maxPlayers() && t.startsAt() == null ? start(tx, t) : Follow.none();
      });
    }
    after(id, follow);
  }

  public void withdraw(long id, long user) {
    synchronized (lock) {
      store.inTransaction(tx -> {
        registering(tx, id);
        if (!tx.deleteEntry(id, user)) {
          throw Refused.of(Refused.Kind.NOT_FOUND, TournamentCode.NOT_REGISTERED, "your registration in tournament " + id + " not found");
        }
        tx.touch(id);
        return null;
      });
    }
    after(id, Follow.none());
  }

  /** The creator cancels before the start (a running tournament's games are people's games: they play out). */
  public void cancel(long id, long creator) {
    synchronized (lock) {
      store.inTransaction(tx -> {
        Tour t = registering(tx, id);
        if (t.creator() != creator) {
          throw Refused.of(Refused.Kind.FORBIDDEN, TournamentCode.CREATOR_CANCELS, "only the creator cancels a tournament");
        }
        tx.setStatus(id, "cancelled", "cancelled by its creator");
        return null;
      });
    }
    after(id, Follow.none());
  }

  /** The creator starts now, with at least the minimum registered. */
  public void startNow(long id, long creator) {
    Follow follow;
    synchronized (lock) {
      follow = store.inTransaction(tx -> {
        Tour t = registering(tx, id);
        if (t.creator() != creator) {
          throw Refused.of(Refused.Kind.FORBIDDEN, TournamentCode.CREATOR_STARTS, "only the creator starts a tournament");
        }
        int count = tx.entries(id).size();
        if (count < t.minPlayers()) {
          throw Refused.of(Refused.Kind.CONFLICT, TournamentCode.TOO_FEW, count + " registered, " + t.minPlayers() + " needed to start",
              Map.of("count", count, "min", t.minPlayers()));
        }
        return start(tx, t);
      });
    }
    after(id, follow);
  }

  // ---- progress ----

  /**
   * Called after every change of a finished game (it must be cheap and idempotent): records a tournament's result.
   * A failure (the database away) is logged, not thrown at the player whose action was stored: the periodic check
   * ({@link #catchUp}) records the result within {@link TournamentScheduler#CHECK_SECONDS}.
   */
  public void gameFinished(long gameId) {
    try {
      for (long id : store.awaitingResultOf(gameId)) advance(id);
    } catch (RuntimeException e) {
      LOG.warn("the result of game {} is not in its tournament yet ({}); the periodic check records it", gameId, e.toString());
    }
  }

  /** The tournaments with a finished game whose result is not recorded (a hook that failed or never ran). */
  void catchUp() {
    for (long id : store.behind()) advance(id);
  }

  /**
   * After a start or restart: replays every running tournament's progress (results that came in while the server was
   * down, rounds now due) and plays again the computer-only matches a stop cut off.
   */
  void resumePlaying() {
    for (long id : store.playing()) {
      try {
        advance(id);
        for (OffBoardMatch m : unplayedOffBoard(id)) play(m);
      } catch (RuntimeException e) {
        LOG.error("tournament {} could not be resumed", id, e);
      }
    }
  }

  /** Tournaments whose start time came: started with enough players, else cancelled saying why. */
  void startDue() {
    for (long id : store.due(clock.instant())) {
      Follow follow;
      synchronized (lock) {
        follow = store.inTransaction(tx -> {
          Tour t = tx.locked(id);
          if (!t.status().equals("registering")) return Follow.none();
          int count = tx.entries(id).size();
          if (count >= t.minPlayers()) return start(tx, t);
          tx.setStatus(id, "cancelled", "only " + count + " registered of the " + t.minPlayers() + " needed by the start time");
          return Follow.none();
        });
      }
      after(id, follow);
    }
  }

  /** Seeds the entrants by rating (registration order among equals) and pairs the first round. */
  private Follow start(TournamentStore.Tx tx, Tour t) {
    List<Entry> entries = tx.entries(t.id());
    record Seeded(Entry e, double rating) {}
    List<Seeded> seeded = new ArrayList<>();
    for (Entry e : entries) seeded.add(new Seeded(e, e.userId() == null ? COMPUTER_RATING : tx.ratingOf(e.userId())));
    seeded.sort((a, b) -> a.rating() != b.rating() ? Double.compare(b.rating(), a.rating()) : Long.compare(a.e().id(), b.e().id()));
    for (int i = 0; i < seeded.size(); i++) tx.seed(seeded.get(i).e().id(), i, seeded.get(i).rating());
    tx.setStatus(t.id(), "playing", null);
    Follow follow = Follow.none();
    pairDue(tx, tx.tour(t.id()), follow);
    return follow;
  }

  /** Records finished games' winners in tournament {@code id} and pairs the next round when this one is complete. */
  private void advance(long id) {
    Follow follow;
    synchronized (lock) {
      follow = store.inTransaction(tx -> {
        Tour t = tx.locked(id);
        Follow f = Follow.none();
        if (!t.status().equals("playing")) return f;
        for (TournamentStore.Decided d : tx.decided(id)) recordWinner(tx, id, d.round(), d.slot(), d.winnerSeed());
        pairDue(tx, t, f);
        if (t.consolation()) consolationIfDue(tx, t, f);
        return f;
      });
    }
    after(id, follow);
  }

  private static void recordWinner(TournamentStore.Tx tx, long id, int round, int slot, int winnerSeed) {
    if (tx.recordWinner(id, round, slot, winnerSeed)) tx.touch(id);
  }

  /** The matches that can start now: the next round's (or a knock-out's next matches), or the end and its winner. */
  private void pairDue(TournamentStore.Tx tx, Tour t, Follow follow) {
    if (t.format() == Format.KNOCKOUT) {
      pairKnockout(tx, t, follow);
      return;
    }
    List<List<Result>> rounds = tx.results(t.id());
    if (rounds == null) return; // a match of the current round is still on
    List<Entry> entrants = tx.seeded(t.id());
    List<Pair> next = Pairings.next(t.format(), entrants.size(), t.swissRounds(), rounds);
    if (next.isEmpty()) {
      tx.finish(t.id(), Pairings.winner(t.format(), entrants.size(), rounds));
      return;
    }
    for (int slot = 0; slot < next.size(); slot++) insertMatch(tx, t, entrants, rounds.size(), slot, next.get(slot), follow);
  }

  /**
   * A knock-out's match starts as soon as the two matches feeding it (slots 2i and 2i+1 of the round before) are
   * decided: a player who won early does not wait for the rest of the round. The final's winner ends it.
   */
  private void pairKnockout(TournamentStore.Tx tx, Tour t, Follow follow) {
    List<Entry> entrants = tx.seeded(t.id());
    List<TournamentView.MatchLine> matches = tx.matches(t.id());
    if (matches.isEmpty()) {
      List<Pair> first = Knockout.firstRound(entrants.size());
      for (int slot = 0; slot < first.size(); slot++) insertMatch(tx, t, entrants, 0, slot, first.get(slot), follow);
      matches = tx.matches(t.id()); // two byes side by side already make a match of round two
    }
    int last = Knockout.rounds(entrants.size()) - 1;
    java.util.Map<Long, TournamentView.MatchLine> at = new java.util.HashMap<>();
    for (TournamentView.MatchLine m : matches) at.put(place(m.round(), m.slot()), m);
    TournamentView.MatchLine fin = at.get(place(last, 0));
    if (fin != null && fin.winner() != null) {
      tx.finish(t.id(), fin.winner());
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
      insertMatch(tx, t, entrants, m.round() + 1, m.slot() / 2, new Pair(Math.min(a, b), Math.max(a, b)), follow);
    }
  }

  /**
   * Once the main bracket's first round is decided: its losers (two or more) play a knock-out of their own, a tournament
   * that names this one its parent, with its name, rules, clock and rating, seeded by rating like any. (The pages say
   * "consolation" in the reader's language.)
   */
  private void consolationIfDue(TournamentStore.Tx tx, Tour t, Follow follow) {
    List<TournamentView.MatchLine> first = tx.matches(t.id()).stream().filter(m -> m.round() == 0).toList();
    if (first.isEmpty() || first.stream().anyMatch(m -> m.winner() == null)) return;
    if (tx.hasConsolation(t.id())) return;
    List<Entry> entrants = tx.seeded(t.id());
    List<Entry> losers = first.stream().filter(m -> m.second() != null)
        .map(m -> entrants.get(m.winner() == m.first() ? m.second() : m.first())).toList();
    if (losers.size() < 2) return;
    long child = tx.insertConsolation(t.id(), losers.size(), clock.instant());
    tx.touch(t.id()); // its page links the consolation bracket now
    for (Entry e : losers) tx.insertEntry(child, e.userId(), e.level());
    Follow started = start(tx, tx.tour(child));
    follow.started().addAll(started.started());
    follow.offBoard().addAll(started.offBoard());
    follow.alerts().addAll(started.alerts());
  }

  private static long place(int round, int slot) {
    return ((long) round << 32) | slot;
  }

  /** One pairing stored: a bye won at once, two computers played off the board, else a game that starts now. */
  private void insertMatch(TournamentStore.Tx tx, Tour t, List<Entry> entrants, int round, int slot, Pair p, Follow follow) {
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
        // the game is stored in this transaction (TournamentGames#create)
        gameId = games.create(t.rules(), t.mode(), a.userId(), b.userId(), a.userId() == null ? a.level() : b.level(),
            a.userId() == null ? Integer.valueOf(0) : b.userId() == null ? Integer.valueOf(1) : null,
            GameStore.clock(t.reserveMs(), t.delayMs()));
        follow.started().add(gameId);
        if (a.userId() != null) follow.alerts().add(new Alert(a.userId(), matchStarts(tx, t, gameId, b)));
        if (b.userId() != null) follow.alerts().add(new Alert(b.userId(), matchStarts(tx, t, gameId, a)));
      }
    }
    tx.insertMatch(t.id(), round, slot, p, gameId, winner);
    tx.touch(t.id());
  }

  private List<OffBoardMatch> unplayedOffBoard(long id) {
    return store.inTransaction(tx -> {
      Tour t = tx.tour(id);
      List<Entry> entrants = tx.seeded(id);
      return tx.unplayedOffBoard(id).stream().map(u -> new OffBoardMatch(id, u.round(), u.slot(), RulesJson.read(t.rules()),
          entrants.get(u.first()).level(), entrants.get(u.second()).level())).toList();
    });
  }

  /** Once a change of tournament {@code id} is committed: the games to the hub, the news to the pages and players. */
  private void after(long id, Follow follow) {
    for (long g : follow.started()) {
      try {
        games.started(g);
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
   * before it is recorded plays it again after the restart ({@link #resumePlaying}).
   */
  private void play(OffBoardMatch m) {
    offBoard.execute(() -> {
      try {
        long seed = m.tournament() * 1_000_003L + m.round() * 1009L + m.slot();
        int w = games.playComputers(m.rules(), m.level0(), m.level1(), seed);
        if (closing) return; // played again after the restart, as one the stop cut off
        synchronized (lock) {
          store.inTransaction(tx -> {
            recordWinner(tx, m.tournament(), m.round(), m.slot(), tx.seeds(m.tournament(), m.round(), m.slot())[w]);
            return null;
          });
        }
        advance(m.tournament());
      } catch (RuntimeException e) {
        LOG.error("the computer match {} of tournament {} failed; it is played again after a restart", m, m.tournament(), e);
      }
    });
  }

  // ---- reading ----

  private static Tour registering(TournamentStore.Tx tx, long id) {
    Tour t = tx.tour(id);
    if (!t.status().equals("registering")) {
      throw Refused.of(Refused.Kind.CONFLICT, TournamentCode.CLOSED, "the tournament is " + t.status() + ": registration is closed",
          Map.of("status", t.status()));
    }
    return t;
  }

  private static TournamentNews.MatchStarts matchStarts(TournamentStore.Tx tx, Tour t, long gameId, Entry opponent) {
    String name = opponent.userId() == null ? GameRow.botName(opponent.level()) : tx.nameOf(opponent.userId());
    return new TournamentNews.MatchStarts(t.id(), t.name(), gameId, name, opponent.level());
  }

  @Override
  public void close() {
    closing = true;
    // not interrupted (an interrupt in H2's file IO closes the database); not waited for either: a match computes
    // for seconds, then records its winner only if the server is not stopping
    Workers.stop(offBoard, java.time.Duration.ZERO);
    feed.close();
  }
}
