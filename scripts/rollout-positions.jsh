// Prints N positions (gnubg position IDs, player on roll about to roll) from seeded 0-ply self-play games of the
// bot: every 7th position from ply 3 on of each game, until N. Run (after a build):
//   N=100 SEED=2026 jshell --class-path core/target/classes:bot/target/classes scripts/rollout-positions.jsh
import tabla.bot.eval.Evaluator;
import tabla.core.*;
import tabla.core.format.PositionId;
int n = Integer.parseInt(System.getenv().getOrDefault("N", "100"));
long seed = Long.parseLong(System.getenv().getOrDefault("SEED", "2026"));
Evaluator eval = Evaluator.bundled();
Evaluator.Scratch s = eval.scratch();
PlayGenerator gen = new PlayGenerator();
java.util.SplittableRandom rnd = new java.util.SplittableRandom(seed);
float[] probs = new float[5];
int printed = 0;
while (printed < n) {
  Position pos = Position.START;
  for (int ply = 0; ply < 300 && printed < n; ply++) {
    if (ply >= 3 && ply % 7 == 3 && !eval.exact(pos)) { System.out.println(PositionId.encode(pos)); printed++; }
    int k = gen.generate(pos, rnd.nextInt(1, 7), rnd.nextInt(1, 7));
    Position next = pos;
    double best = -9;
    for (int i = 0; i < k; i++) {
      Position r = gen.result(i);
      eval.afterPlay(r, s, probs);
      double eq = Evaluator.equity(probs);
      if (eq > best) { best = eq; next = r; }
    }
    if (next.mover(Position.OFF) == next.moverCheckers()) break;
    pos = next.swap();
  }
}
/exit
