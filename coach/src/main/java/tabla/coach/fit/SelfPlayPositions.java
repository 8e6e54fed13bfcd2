package tabla.coach.fit;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.format.PositionId;

/**
 * Contact positions to train on: seeded money games of the evaluator against itself at 0-ply, every position with the
 * player on roll about to roll in which the sides can still meet, less those whose gnubg ID is excluded (the held-out
 * benchmark: never trained on).
 */
public final class SelfPlayPositions {
  /** A game longer than this many plies is cut off (none is, in practice; the bound keeps a loop impossible). */
  static final int MAX_PLIES = 1000;

  private SelfPlayPositions() {}

  public static List<Position> collect(Evaluator eval, int games, long seed, Set<String> excluded) {
    SplittableRandom dice = new SplittableRandom(seed);
    SearchPlayer zero = SearchPlayer.withPlies(eval, 0);
    PlayGenerator gen = new PlayGenerator();
    List<Position> out = new ArrayList<>();
    for (int g = 0; g < games; g++) {
      Position p = Position.START;
      for (int ply = 0; ply < MAX_PLIES && !p.isRace(); ply++) {
        if (!excluded.contains(PositionId.encode(p))) out.add(p);
        int n = gen.generate(p, 1 + dice.nextInt(6), 1 + dice.nextInt(6));
        if (n > 0) {
          List<tabla.core.Play> plays = new ArrayList<>(n);
          for (int i = 0; i < n; i++) plays.add(gen.play(i));
          p = zero.best(plays).result();
        }
        p = p.swap();
      }
    }
    return out;
  }
}
