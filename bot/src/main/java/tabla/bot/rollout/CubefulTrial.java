package tabla.bot.rollout;

import tabla.bot.SearchPlayer;
import tabla.bot.SelfPlay;
import tabla.bot.cube.CubeValues;
import tabla.bot.cube.Payoff;
import tabla.bot.eval.Evaluator;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.dice.DiceSource;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Phase;

/**
 * One thread's player of cubeful trials: the game is played by core's rules at its cube, owner and score,
 * both sides by the 0-ply player with 0-ply cube decisions (Janowski's model, as the bot's cube) and checker
 * play by the endings' worth at the score. A trial's value is the root mover's result in EMG at the root
 * cube: money points divided by the root cube; in a match, its match winning chance at the score the game
 * leaves, scaled so that winning the root cube is +1 and losing it −1 (gnubg's conversion). Truncated games
 * take Janowski's cubeful value of the position reached (the right cube action of the player on roll).
 *
 * <p>Variance reduction here subtracts the cubeless luck of each roll (as in {@link CubelessTrial}) times
 * the cube in play over the root cube: zero on average whatever the cube does, so the mean stays exact; it
 * removes less noise than a cubeful luck would, most in matches.
 */
final class CubefulTrial {
  private final Evaluator eval;
  private final Evaluator.Scratch scratch;
  private final SearchPlayer player;
  private final RolloutSettings settings;
  private final RolloutDice dice;
  private final RollLuck luckOnly;
  private final float[] probs = new float[5];

  CubefulTrial(Evaluator eval, RolloutSettings settings, RolloutDice dice) {
    this.eval = eval;
    this.scratch = eval.scratch();
    this.player = SearchPlayer.withPlies(eval, 0, 0);
    this.settings = settings;
    this.dice = dice;
    this.luckOnly = new RollLuck(eval);
  }

  /** The root's EMG scale: its values of winning and of losing the root cube. */
  record Scale(Payoff payoff, double win, double lose, int rootSeat, int rootCube) {
    static Scale of(Game root) {
      Payoff p = Payoff.of(root, root.mover());
      return new Scale(p, p.value(root.cube()), p.value(-root.cube()), root.mover(), root.cube());
    }

    double emg(double v) {
      return (2 * v - (win + lose)) / (win - lose);
    }
  }

  /** Plays trial {@code t} from {@code root}; the root mover's EMG into {@code out[6]}, its game's ending into out[0..4]. */
  void play(Game root, Scale scale, int t, double[] out) {
    int[] turn = {0};
    DiceSource source = new DiceSource() {
      @Override
      public Dice roll() {
        int r = dice.roll(t, turn[0]++);
        return Dice.of(RolloutDice.die1(r), RolloutDice.die2(r)).get();
      }

      @Override
      public int rollOne() {
        throw new IllegalStateException("a rollout starts after the opening");
      }
    };
    double luck = 0;
    Game g = root;
    while (!g.isOver()) {
      if (g.phase() == Phase.ROLL && settings.truncate() > 0 && turn[0] == settings.truncate()) {
        out[6] = scale.emg(rootValue(g, scale, cubefulOnRoll(g)));
        eval.evaluate(g.position(), scratch, probs);
        addEnding(out, probs, g.mover() == scale.rootSeat());
        out[6] -= luck;
        return;
      }
      Action a = SelfPlay.decide(g, player, source);
      if (a instanceof Action.Roll roll && settings.varianceReduction()) {
        double l = luckOnly.of(g.position(), roll.dice().first(), roll.dice().second());
        luck += (g.mover() == scale.rootSeat() ? l : -l) * g.cube() / scale.rootCube();
      }
      g = g.apply(a).get();
    }
    GameResult r = g.result();
    out[6] = scale.emg(scale.payoff().value(r.net(scale.rootSeat()))) - luck;
    if (r.winner().isPresent()) {
      boolean rootWon = r.wonBy(scale.rootSeat());
      int level = r.multiplier(); // 1 single, 2 gammon, 3 backgammon (a drop or resignation counts its level)
      if (rootWon) out[0] += 1;
      if (level >= 2) out[rootWon ? 1 : 3] += 1;
      if (level >= 3) out[rootWon ? 2 : 4] += 1;
    }
  }

  /** The player on roll's cubeful value (its own units) taking the right cube action now. */
  private double cubefulOnRoll(Game g) {
    CubeValues v = player.cube().values(g);
    return g.canDouble().isOk() && v.shouldDouble() ? v.doubled() : v.noDouble();
  }

  /** A value of the player on roll in {@code g} as the root mover's: negated for money, 1 − MWC in a match. */
  private static double rootValue(Game g, Scale scale, double moverValue) {
    if (g.mover() == scale.rootSeat()) return moverValue;
    return g.rules().isMoney() ? -moverValue : 1 - moverValue;
  }

  private void addEnding(double[] out, float[] p, boolean rootOnRoll) {
    if (!rootOnRoll) Evaluator.flip(p, p);
    for (int o = 0; o < 5; o++) out[o] += p[o];
  }
}
