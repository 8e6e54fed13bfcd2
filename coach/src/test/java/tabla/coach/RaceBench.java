package tabla.coach;

import java.util.Optional;
import tabla.bot.eval.Evaluator;
import tabla.bot.variant.GenericEvaluator;
import tabla.bot.variant.VariantEvaluation;
import tabla.bot.variant.VariantPlayer;
import tabla.core.Position;
import tabla.core.variant.Ending;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * Measures (not a test) whether backgammon's networks already play Race well (issue 19: check an existing
 * network before training one): Race is backgammon's board and contact with every checker entering as from
 * the bar, so a Race position is given to the networks with the checkers still waiting on the bar. Its
 * 1-ply (or 0-ply) against the generic 1-ply, cubeless, seats alternating, seeded dice; prints every 20 games.
 * Usage: RaceBench PLIES GAMES [VARIANT]
 */
public final class RaceBench {
  /** Backgammon's networks on a variant whose extra cell 0 is checkers waiting to enter from the bar. */
  static final class OnTheBar implements VariantEvaluation {
    private final Variant variant;
    private final Evaluator eval = Evaluator.bundled();
    private final Evaluator.Scratch scratch = eval.scratch();
    private final float[] probs = new float[5];

    OnTheBar(Variant variant) {
      this.variant = variant;
    }

    @Override
    public Variant variant() {
      return variant;
    }

    @Override
    public double afterPlay(Position result) {
      Optional<Ending> end = variant.ending(result);
      return end.isPresent() ? GenericEvaluator.terminal(end.get()) : equity(result);
    }

    @Override
    public double equity(Position p) {
      eval.evaluate(onTheBar(p.swap()), scratch, probs);
      return -Evaluator.equity(probs);
    }

    static Position onTheBar(Position p) {
      int[] mover = new int[Position.BAR + 1];
      int[] opponent = new int[Position.BAR + 1];
      for (int i = 0; i <= Position.BAR; i++) {
        mover[i] = p.mover(i);
        opponent[i] = p.opponent(i);
      }
      mover[Position.BAR] += p.moverPool();
      opponent[Position.BAR] += p.opponentPool();
      return Position.ofVariant(mover, opponent, new int[0], new int[0]).get();
    }

    @Override
    public String measures() {
      return "backgammon's networks, waiting checkers on the bar";
    }
  }

  public static void main(String[] args) {
    int plies = Integer.parseInt(args[0]);
    int games = Integer.parseInt(args[1]);
    Variant v = Variants.of(args.length > 2 ? args[2] : "race");
    VariantPlayer a = new VariantPlayer(new OnTheBar(v), plies, 6, 0.3, 0, 0);
    VariantPlayer b = new VariantPlayer(new GenericEvaluator(v), 1, 6, 0.25, 0, 0);
    double sum = 0;
    double sq = 0;
    for (int done = 0; done < games; done += 20) {
      double[] r = Strength.pointsPerGame(a, b, 20, 1 + done, v.name()); // mean and its standard error
      sum += 20 * r[0];
      sq += 20 * (r[1] * r[1] * 20 + r[0] * r[0]);
      int n = done + 20;
      double mean = sum / n;
      System.out.printf("%s, %d games: %+.3f ± %.3f points/game%n", v.name(), n, mean,
          1.96 * Math.sqrt(Math.max(0, sq / n - mean * mean) / n));
      System.out.flush();
    }
  }
}
