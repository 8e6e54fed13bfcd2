package tabla.server.games;

import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.core.clock.ClockSettings;
import tabla.server.accounts.Accounts;

/**
 * The one door to a game, for every caller: HTTP and socket adapters, rematches, the lobby, tournaments, the
 * computer's turns, other nodes and other front-ends. It creates matches, acts on them (a command at the version
 * the caller saw: stored and told to the viewers, or a {@link Refusal} and nothing changed), reads their state,
 * lets viewers subscribe to a game's versioned events, and tells its {@link GameListener}s when a match is over.
 *
 * <p>Its parts, each with one job: {@link Rooms} (the room cache), {@link GameEvents} (viewers and broadcast),
 * {@link ClockSweep} (clocks and leaving memory), {@link BotTurns} (the computer's turns).
 */
public final class GameService implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(GameService.class);

  private final GameStore store;
  private final Clock clock;
  private final Rooms rooms;
  private final GameEvents events = new GameEvents();
  private final BotTurns bots;
  private final ClockSweep sweep;
  private final List<GameListener> listeners = new CopyOnWriteArrayList<>();
  private final List<TurnListener> turnListeners = new CopyOnWriteArrayList<>();

  /**
   * @param botDelayMillis how long the computer waits before each of its turns (0 in tests)
   * @param ownership which games this node runs ({@link Ownership#SINGLE} on one node; a lease per game on several)
   */
  public GameService(GameStore store, Accounts accounts, GameRoom.DiceMaker diceMaker, long botDelayMillis,
      Ownership ownership, Clock clock) {
    this.store = store;
    this.clock = clock;
    this.rooms = new Rooms(store, accounts, diceMaker, ownership, clock, events::broadcast);
    this.bots = new BotTurns(this::room, this::afterChange, rooms::evict, botDelayMillis);
    this.sweep = new ClockSweep(rooms, clock, this::room, this::afterChange, r -> releaseIfUnused(r));
  }

  /** The one clock of the games (their clocks, when rooms were last used, the sockets' windows). */
  public Clock clock() {
    return clock;
  }

  /** {@code l} is told after every change of a finished match (ratings, tournaments). */
  public void listen(GameListener l) {
    listeners.add(l);
  }

  /** {@code l} is told each time a game's turn passes from one person to another (turn alerts). */
  public void listenTurns(TurnListener l) {
    turnListeners.add(l);
  }

  /**
   * A game in memory whose player to act has a running clock: when their flag falls (epoch ms). {@code version}
   * changes with every action, so a new move's deadline is told as new.
   */
  public record Deadline(long gameId, Long player0, Long player1, long toAct, String mode, int version,
      long fallsAt) {}

  /** The running deadlines of the people to act in the games in memory here (a game with a clock stays in memory). */
  public List<Deadline> deadlines() {
    List<Deadline> out = new java.util.ArrayList<>();
    for (GameRoom r : rooms.all()) {
      long falls = r.deadlineMillis();
      Long toAct = r.turnUser();
      if (falls > 0 && toAct != null) {
        out.add(new Deadline(r.id(), r.row().player0(), r.row().player1(), toAct, r.row().mode(), r.version(), falls));
      }
    }
    return out;
  }

  /** Several nodes: every event of a game run here goes to the other nodes too (set before the first game loads). */
  public void relayTo(EventRelay r) {
    events.relayTo(r);
  }

  /**
   * Creates a match in {@code mode} ("live", …): {@code player0} and {@code player1} are accounts (either null for
   * the computer, at {@code botLevel} in {@code botSeat}); {@code rulesJson} as {@code RulesJson.write} makes it;
   * {@code clock} null for untimed. Its room loads and the computer takes its first turn if it has one. Returns the
   * game's id.
   */
  public long create(String rulesJson, String mode, Long player0, Long player1, String botLevel, Integer botSeat,
      ClockSettings clock) {
    long id = store.create(rulesJson, mode, player0, player1, botLevel, botSeat, clock);
    started(id);
    return id;
  }

  /**
   * A match between two computer players played off the board (a tournament's computer pairing), with fresh secure
   * dice: nothing is stored or shown; returns the winner's seat.
   */
  public int playComputers(tabla.core.match.Rules rules, String level0, String level1, long seed) {
    tabla.core.match.Match done = tabla.bot.SelfPlay.play(rules, BotTurns.player(level0, rules.variant(), seed),
        BotTurns.player(level1, rules.variant(), seed + 1), new tabla.core.dice.SecureDice(), 0);
    return done.winner().orElseThrow(() -> new IllegalStateException("a computer match ended with no winner"));
  }

  /** A game was stored by someone else (a seek accepted, a rematch, a tournament): its room loads and goes on. */
  public void started(long id) {
    GameRoom room = room(id);
    tellTurn(room); // a new game's first turn is news too: a loaded room takes the turn it has as told
    afterChange(room);
  }

  /** The game's room (its state), loaded when not in memory. Refused (not found); OwnedElsewhere on another node. */
  public GameRoom room(long id) {
    return rooms.room(id);
  }

  /** A snapshot of the game as the player in {@code seat} sees it (-1: a spectator). */
  /**
   * Whether a game of this id was ever made (on any node). A game in memory needs no query: a board's socket to a live
   * game opens without the database, and one that finds it away is closed "try again later" like any other.
   */
  public boolean exists(long id) {
    return rooms.loaded(id) != null || store.find(id).isPresent();
  }

  public GameSnapshot snapshot(long id, Long user) {
    GameRoom room = room(id);
    return Snapshot.of(room, room.seatOf(user));
  }

  /**
   * The command of the player in {@code seat}, who saw {@code version}: stored and told to the viewers, or the
   * refusal (nothing changed). A database failure is thrown, and the room reloads from what was stored.
   */
  public Optional<Refusal> act(GameRoom room, int seat, int version, Command command) {
    Optional<Refusal> refused;
    try {
      refused = room.act(seat, version, command);
    } catch (RuntimeException e) {
      rooms.evict(room.id()); // the database refused: reload the room from what was stored
      throw e;
    }
    if (refused.isEmpty()) afterChange(room);
    return refused;
  }

  public Optional<Refusal> act(long id, int seat, int version, Command command) {
    return act(room(id), seat, version, command);
  }

  /** {@code v} gets the game's snapshot, then its events in order, until {@link #unsubscribe}. */
  public void subscribe(GameRoom room, GameViewer v) {
    synchronized (room) {
      events.add(room, v);
      arrived(room, v.seat());
    }
  }

  /** As {@link #subscribe(GameRoom, GameViewer)}, by the game's id; returns the seat-independent room for reads. */
  public GameRoom subscribe(long gameId, GameViewer v) {
    GameRoom room = room(gameId);
    subscribe(room, v);
    return room;
  }

  /** A fresh snapshot for {@code v}, in order with the room's events (a page's "resync"). */
  public void resync(GameRoom room, GameViewer v) {
    synchronized (room) {
      GameEvents.snapshot(room, v);
    }
  }

  public void unsubscribe(long gameId, GameViewer v) {
    events.remove(gameId, v);
    GameRoom room = rooms.loaded(gameId);
    if (room != null && room.isFinished()) releaseIfUnused(room);
  }

  /** A player's board opened on another node (several nodes): counted as a board here is, if this node runs the game. */
  public void arrivedElsewhere(long gameId, int seat) {
    GameRoom room = rooms.loaded(gameId);
    if (room == null) return; // not run here (or not loaded yet: its clock then starts at the end of its grace)
    synchronized (room) {
      arrived(room, seat);
    }
  }

  /** Under the room's lock: when the second player's board is open, the clock starts now. */
  private void arrived(GameRoom room, int seat) {
    if (room.arrived(seat)) events.resyncAll(room);
  }

  /** Loads every running game (after a restart), so the computer and the clocks go on by themselves. */
  public void resumeAll() {
    for (long id : store.running()) {
      try {
        started(id);
      } catch (Ownership.OwnedElsewhere e) {
        // another node runs it
      } catch (RuntimeException e) {
        LOG.error("game {} could not be resumed", id, e);
      }
    }
  }

  /**
   * Another node runs the game now (this one lost its lease): the room leaves memory, and its viewers are told to
   * subscribe again (pages reconnect and resync from whoever runs it).
   */
  public void handOver(long id) {
    rooms.evict(id);
    bots.forget(id);
    events.moved(id);
  }

  /** Forgets a room whose in-memory state may be ahead of the database (a failed write): it reloads. */
  public void evict(long id) {
    rooms.evict(id);
  }

  /**
   * After an accepted change: the listeners hear of a finished match; the computer moves if it is its turn. At
   * most one computer turn is pending per room, however many callers see its turn.
   */
  public void afterChange(GameRoom room) {
    if (room.turnPassed()) tellTurn(room);
    if (room.isFinished()) {
      for (GameListener l : listeners) {
        // the change is stored and told already: a listener that fails (ratings, tournaments) must not turn the
        // player's accepted action into an error; each listener is idempotent and hears every later change again
        try {
          l.finished(room.id());
        } catch (RuntimeException e) {
          LOG.error("game {}: a listener of finished games failed", room.id(), e);
        }
      }
      releaseIfUnused(room);
    }
    bots.consider(room);
  }

  /** The turn listeners hear whose turn it is in {@code room} now. */
  private void tellTurn(GameRoom room) {
    TurnListener.TurnPassed t = new TurnListener.TurnPassed(room.id(), room.row().player0(), room.row().player1(),
        room.turnUser(), room.row().mode());
    for (TurnListener l : turnListeners) {
      try {
        l.turnPassed(t); // like the listeners of finished games: an alert that fails never fails the stored action
      } catch (RuntimeException e) {
        LOG.error("game {}: a listener of turns failed", room.id(), e);
      }
    }
  }

  /** A room leaves memory when nobody watches it, the computer has no turn pending in it, and it is done with. */
  private void releaseIfUnused(GameRoom room) {
    if (rooms.releaseIfUnused(room, clock.millis(), id -> events.watched(id) || bots.isPending(id))) {
      bots.forget(room.id());
    }
  }

  /** How many rooms are held in memory now (for /metrics). */
  public int roomsInMemory() {
    return rooms.size();
  }

  /** How many computer players are held in memory now. */
  public int botsInMemory() {
    return bots.playersInMemory();
  }

  @Override
  public void close() {
    sweep.close();
    bots.close();
    store.close();
  }
}
