package tabla.server.games;

import java.time.Duration;
import java.util.Optional;
import tabla.core.dice.CommittedDice;
import tabla.core.format.Notation;
import tabla.core.match.Game;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;
import tabla.server.accounts.Accounts;

/**
 * A game service on its own database, with no HTTP in front: a hub, its store and one user who plays the
 * computer by calling the room as the HTTP adapter would.
 */
public final class HubFixture implements AutoCloseable {
  public final Database db;
  public final GameStore store;
  public final GameService hub;
  public final long user;

  public HubFixture(ServerConfig config, long botDelayMillis) {
    db = Database.open(config);
    store = new GameStore(db.jdbi(), tabla.server.games.Ownership.SINGLE, java.time.Clock.systemUTC());
    Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
    hub = new GameService(store, accounts, (id, n) -> new CommittedDice(), botDelayMillis, Ownership.SINGLE,
        java.time.Clock.systemUTC());
    user = accounts.guest("en").user().id();
  }

  /** A new one-point correspondence game of the user (seat 0) against the computer at {@code level}, loaded. */
  public GameRoom computerGame(String level) {
    long id = store.create(RulesJson.write(tabla.core.match.Rules.match(1)), "correspondence", user, null, level, 1, null);
    return hub.room(id);
  }

  /** The user's next command: roll, the first legal play, take, accept; or {@code resign} on roll, when given. */
  public static Command next(Game g, Optional<Command> onRoll) {
    return switch (g.phase()) {
      case ROLL -> onRoll.orElse(new Command.Roll());
      case MOVE -> new Command.Move(g.legalPlays().isEmpty() ? "" : Notation.write(g.legalPlays().get(0)));
      case DOUBLE_OFFERED -> new Command.Take();
      case RESIGN_OFFERED -> new Command.AcceptResign();
      default -> throw new AssertionError("nobody acts in " + g.phase());
    };
  }

  /** Waits until the game is at the user's turn or over, as the computer plays (up to {@code max}). */
  public static void awaitUser(GameRoom room, Duration max) {
    await(() -> room.isFinished() || room.match().game().toAct(0), max);
  }

  /** Waits until {@code done} holds, looking every few milliseconds; fails after {@code max}. */
  public static void await(java.util.function.BooleanSupplier done, Duration max) {
    long end = System.nanoTime() + max.toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > end) throw new AssertionError("still waiting after " + max);
      sleep(5);
    }
  }

  public static void sleep(long ms) {
    try {
      Thread.sleep(ms);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    hub.close();
    db.close();
  }
}
