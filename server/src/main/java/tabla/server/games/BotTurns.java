package tabla.server.games;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.LongConsumer;
import java.util.function.LongFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.bot.Player;
import tabla.bot.SelfPlay;
import tabla.core.Dice;
import tabla.core.dice.DiceSource;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.variant.Variant;
import tabla.bot.Bots;
import tabla.server.kernel.Refused;
import tabla.server.kernel.Workers;

/**
 * The computer's turns, on threads of their own: the bot thinks on a copy of the match, with no lock held
 * (players and the clocks go on meanwhile), and its choice goes to the room as an ordinary command at the
 * version it saw. A turn whose store fails (the database is away) is tried again with {@link Backoff} until it
 * succeeds, reloading the room from what was stored, so a computer game never stays stuck after an outage.
 *
 * <p>Bounds: {@link #THREADS} threads; at most one turn pending per game (waiting, thinking or retrying), and
 * one computer player per game, freed with {@link #forget} when its room leaves memory.
 */
final class BotTurns implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(BotTurns.class);
  /** Threads thinking for the computer: a move takes milliseconds (expert: about 70 ms), so two keep up. */
  static final int THREADS = Math.max(1, Math.min(2, Runtime.getRuntime().availableProcessors()));

  private final LongFunction<GameRoom> rooms;
  private final Consumer<GameRoom> afterMove;
  private final LongConsumer evict;
  private final long delayMillis;
  private final Map<Long, Player> players = new ConcurrentHashMap<>();
  private final Set<Long> pending = ConcurrentHashMap.newKeySet();
  private final ScheduledThreadPoolExecutor exec = new ScheduledThreadPoolExecutor(THREADS, Workers.daemon("tabla-bot"));

  /**
   * {@code rooms} gives a game's room (loading it when it left memory), {@code afterMove} runs after each stored
   * move of the computer, {@code evict} forgets a room whose memory may be ahead of the database.
   */
  BotTurns(LongFunction<GameRoom> rooms, Consumer<GameRoom> afterMove, LongConsumer evict, long delayMillis) {
    this.rooms = rooms;
    this.afterMove = afterMove;
    this.evict = evict;
    this.delayMillis = delayMillis;
    exec.setRemoveOnCancelPolicy(true);
  }

  /** Schedules the computer's turn when it is to act in {@code room} and no turn of that game is pending. */
  void consider(GameRoom room) {
    if (botToAct(room) && pending.add(room.id())) {
      exec.schedule(() -> turn(room.id(), 0), delayMillis, TimeUnit.MILLISECONDS);
    }
  }

  /** Whether a turn of this game is waiting, being thought or being retried (its room must stay in memory). */
  boolean isPending(long gameId) {
    return pending.contains(gameId);
  }

  /** Frees the computer player of a game whose room left memory (a reload makes a fresh one). */
  void forget(long gameId) {
    if (!pending.contains(gameId)) players.remove(gameId);
  }

  /**
   * The computer at each level for the room's variant (see {@link Bots#forVariant}): "strong" is the best
   * engine the bot module has for it (the networks for the backgammon family, else the 1-ply variant bot).
   */
  static Player player(String level, Variant variant, long seed) {
    return Bots.forVariant(variant, level, seed);
  }

  /** How many computer players are held now. */
  int playersInMemory() {
    return players.size();
  }

  private static boolean botToAct(GameRoom room) {
    Integer seat = room.row().botSeat();
    return seat != null && !room.isFinished() && room.match().game().toAct(seat);
  }

  private void turn(long gameId, int failures) {
    GameRoom room;
    boolean moved;
    try {
      room = rooms.apply(gameId);
      moved = step(room);
    } catch (RuntimeException e) {
      if (e instanceof Refused r && r.kind() == Refused.Kind.NOT_FOUND) {
        pending.remove(gameId); // the game is gone: nothing to play
        return;
      }
      if (e instanceof Ownership.OwnedElsewhere) {
        pending.remove(gameId); // another node runs the game now, and its computer player
        return;
      }
      evict.accept(gameId); // its memory may be ahead of the database: reload it from what was stored
      long wait = Backoff.delayMillis(failures + 1);
      LOG.warn("the computer's move in game {} failed ({}); trying again in {} ms", gameId, e.toString(), wait);
      exec.schedule(() -> turn(gameId, failures + 1), wait, TimeUnit.MILLISECONDS);
      return;
    }
    pending.remove(gameId);
    if (moved) afterMove.accept(room);
  }

  /** One decision of the computer, thought with no lock held; false when it was not its turn. */
  private boolean step(GameRoom room) {
    Match match;
    int version;
    synchronized (room) { // the match and its version as one view
      if (!botToAct(room)) return false;
      match = room.match();
      version = room.version();
    }
    int seat = room.row().botSeat();
    Player p = players.computeIfAbsent(room.id(), id -> player(room.row().botLevel(), match.rules().variant(), id));
    Action chosen = SelfPlay.decide(match.game(), p, ROOM_ROLLS);
    Optional<Refusal> refused = room.act(seat, version, command(chosen));
    if (refused.isPresent() && !(refused.get() instanceof Refusal.StaleVersion)) {
      throw new IllegalStateException("the computer's " + chosen + " was refused: " + refused.get().reason());
    }
    return true; // stored, or the game moved on meanwhile (a time-out): either way look again
  }

  /**
   * The decision only says "roll": the room rolls its own committed dice when the command arrives, so these
   * dice are never used.
   */
  private static final DiceSource ROOM_ROLLS = new DiceSource() {
    @Override
    public Dice roll() {
      return new Dice(1, 2);
    }

    @Override
    public int rollOne() {
      throw new IllegalStateException("the room rolls the opening itself");
    }
  };

  /** The command that asks the room for the computer's chosen action. */
  static Command command(Action a) {
    if (a instanceof Action.Roll) return new Command.Roll();
    if (a instanceof Action.Move m) return new Command.Move(Notation.write(m.play()));
    if (a instanceof Action.Double) return new Command.Double();
    if (a instanceof Action.Take) return new Command.Take();
    if (a instanceof Action.Drop) return new Command.Drop();
    if (a instanceof Action.Beaver) return new Command.Beaver();
    if (a instanceof Action.Raccoon) return new Command.Raccoon();
    if (a instanceof Action.Resign r) return new Command.Resign(r.level());
    if (a instanceof Action.AcceptResign) return new Command.AcceptResign();
    if (a instanceof Action.RejectResign) return new Command.RejectResign();
    throw new IllegalStateException("the room rolls the opening itself, not the computer: " + a);
  }

  @Override
  public void close() {
    Workers.stop(exec);
  }
}
