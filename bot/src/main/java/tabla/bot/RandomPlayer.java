package tabla.bot;

import java.util.List;
import java.util.SplittableRandom;
import tabla.core.Play;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * A legal but aimless player: a uniformly random play, doubles now and then, takes most doubles.
 * Self-play with it exercises every rule path (cube included) cheaply.
 */
public final class RandomPlayer implements Player {
  private final SplittableRandom rnd;
  private final double doubleChance;
  private final double takeChance;

  public RandomPlayer(long seed, double doubleChance, double takeChance) {
    this.rnd = new SplittableRandom(seed);
    this.doubleChance = doubleChance;
    this.takeChance = takeChance;
  }

  @Override
  public boolean wantsToDouble(Game game) {
    return rnd.nextDouble() < doubleChance;
  }

  @Override
  public Action.Move play(Game game) {
    List<Play> plays = game.legalPlays();
    return new Action.Move(plays.get(rnd.nextInt(plays.size())));
  }

  @Override
  public Action answerDouble(Game game) {
    return rnd.nextDouble() < takeChance ? new Action.Take() : new Action.Drop();
  }

  @Override
  public Action answerResignation(Game game) {
    return new Action.AcceptResign();
  }
}
