package tabla.bot;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import tabla.bot.eval.Evaluator;
import tabla.core.dice.SeededDice;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Measures the server's levels against their time budgets (not a test): the CPU time of one thread per
 * checker play with a choice and per cube decision (double or roll, take or drop), in seeded self-play
 * five-point matches with the cube (one warm-up match first). CPU time, so that other work on a shared
 * machine does not count. Usage: LevelTiming [MATCHES=3] [WEIGHTS]; prints strong (1-ply) and expert (2-ply), with
 * the networks of the weights file WEIGHTS if given (e.g. a fitted contact network that reads the contact inputs).
 */
public final class LevelTiming {
  private LevelTiming() {}

  public static void main(String[] args) throws IOException {
    int matches = args.length > 0 ? Integer.parseInt(args[0]) : 3;
    Evaluator eval = Bots.standard();
    if (args.length > 1) {
      try (InputStream in = Files.newInputStream(Path.of(args[1]))) {
        eval = Evaluator.read(in).withBearoff();
      }
    }
    for (int plies = 1; plies <= 2; plies++) {
      Timed other = new Timed(SearchPlayer.withPlies(eval, plies, plies));
      SelfPlay.play(Rules.match(5), new Timed(SearchPlayer.withPlies(eval, plies, plies)), other, new SeededDice(1), 1);
      Timed timed = new Timed(SearchPlayer.withPlies(eval, plies, plies));
      for (int s = 2; s < 2 + matches; s++) SelfPlay.play(Rules.match(5), timed, other, new SeededDice(s), 1);
      System.out.printf("%s (%d-ply), %d five-point matches: %s%n", plies == 1 ? "strong" : "expert", plies, matches, timed);
    }
  }

  /** A player that times the decisions of the one it wraps. */
  static final class Timed implements Player {
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private final SearchPlayer p;
    private long plays;
    private long playNanos;
    private long playMax;
    private long cubes;
    private long cubeNanos;
    private long cubeMax;

    Timed(SearchPlayer p) {
      this.p = p;
    }

    private void count(long t0, boolean cube) {
      long t = CPU.getCurrentThreadCpuTime() - t0;
      if (cube) {
        cubes++;
        cubeNanos += t;
        cubeMax = Math.max(cubeMax, t);
      } else {
        plays++;
        playNanos += t;
        playMax = Math.max(playMax, t);
      }
    }

    @Override
    public boolean wantsToDouble(Game g) {
      long t0 = CPU.getCurrentThreadCpuTime();
      boolean r = p.wantsToDouble(g);
      count(t0, true);
      return r;
    }

    @Override
    public Action answerDouble(Game g) {
      long t0 = CPU.getCurrentThreadCpuTime();
      Action r = p.answerDouble(g);
      count(t0, true);
      return r;
    }

    @Override
    public Action.Move play(Game g) {
      long t0 = CPU.getCurrentThreadCpuTime();
      Action.Move r = p.play(g);
      if (g.legalPlays().size() > 1) count(t0, false);
      return r;
    }

    @Override
    public Optional<Integer> resignOffer(Game g) {
      return p.resignOffer(g);
    }

    @Override
    public Action answerResignation(Game g) {
      return p.answerResignation(g);
    }

    @Override
    public String toString() {
      return String.format("%d plays, mean %.1f ms, max %.1f ms; %d cube decisions, mean %.2f ms, max %.2f ms (CPU)",
          plays, playNanos / 1e6 / Math.max(1, plays), playMax / 1e6, cubes, cubeNanos / 1e6 / Math.max(1, cubes), cubeMax / 1e6);
    }
  }
}
