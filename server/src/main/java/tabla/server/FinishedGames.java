package tabla.server;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.LongConsumer;

/**
 * "A game finished" (after every change of a finished game, so each listener must be idempotent): the games tell it
 * here, and the parts that listen (ratings, tournaments) subscribe at wiring time, in the order they subscribed.
 */
final class FinishedGames implements LongConsumer {
  private final List<LongConsumer> listeners = new CopyOnWriteArrayList<>();

  void listen(LongConsumer listener) {
    listeners.add(listener);
  }

  @Override
  public void accept(long gameId) {
    for (LongConsumer l : listeners) l.accept(gameId);
  }
}
