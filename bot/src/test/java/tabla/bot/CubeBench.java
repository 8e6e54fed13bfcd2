package tabla.bot;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import java.util.function.Function;
import tabla.bot.cube.CubeValues;
import tabla.bot.eval.Evaluator;
import tabla.core.Position;
import tabla.core.dice.SeededDice;
import tabla.core.format.GameIds;
import tabla.core.format.PositionId;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/**
 * Cube decisions judged by GNU Backgammon (not a test; the README's issue 18 section says how it was run).
 *
 * <p>{@code dump MATCHES SEED LENGTH}: seeded self-play matches (1-ply), one line for every position where
 * the player on roll may double: {@code gnubgId length score0 score1 crawford postCrawford mover cube owner
 * positionId}. {@code scripts/gnubg-cube.py} adds gnubg's cubeful equities (no double, double/take,
 * double/pass, in EMG from the doubler's side) at the plies it is given.
 *
 * <p>{@code judge FILE}: for each of our cube deciders, the equity gnubg says its decisions lose, as the
 * doubler (double or not) and as the taker (take or pass) in the same positions; and gnubg's own at a
 * lower depth, when the file carries those columns too.
 *
 * <p>{@code judge FILE first|second}: the same on the file's first or second half (a correction fitted on
 * one half is judged on the other).
 *
 * <p>{@code probs FILE}: our cubeless probabilities of the player on roll in each position of a dump, and
 * whether it is a race (1) or contact (0), to set beside gnubg's ({@code GNUBG_CUBE_PROBS=1 scripts/gnubg-cube.py}).
 */
public final class CubeBench {
  private CubeBench() {}

  public static void main(String[] args) throws IOException {
    if (args[0].equals("dump")) dump(Integer.parseInt(args[1]), Long.parseLong(args[2]), Integer.parseInt(args[3]));
    else if (args[0].equals("probs")) probs(Path.of(args[1]));
    else judge(Path.of(args[1]), args.length > 2 ? args[2] : "all");
  }

  static void dump(int matches, long seed, int length) {
    Player bot = SearchPlayer.withPlies(Bots.standard(), 1);
    Player recorder = new Player() {
      @Override
      public boolean wantsToDouble(Game g) {
        GameIds.gnubg(g).ifPresent(id -> System.out.printf("%s %d %d %d %b %b %d %d %d %s%n", id, g.rules().matchLength(),
            g.seat().score0(), g.seat().score1(), g.seat().crawfordGame(), g.seat().postCrawford(), g.mover(), g.cube(),
            g.cubeOwner().orElse(-1), PositionId.encode(g.position())));
        return bot.wantsToDouble(g);
      }

      @Override
      public Action.Move play(Game g) {
        return bot.play(g);
      }

      @Override
      public Action answerDouble(Game g) {
        return bot.answerDouble(g);
      }
    };
    for (int i = 0; i < matches; i++) SelfPlay.play(Rules.match(length), recorder, recorder, new SeededDice(seed + i), 1);
  }

  static void probs(Path file) throws IOException {
    Evaluator e = Bots.standard();
    Evaluator.Scratch scratch = e.scratch();
    float[] p = new float[5];
    for (String line : Files.readAllLines(file)) {
      Position pos = PositionId.decode(line.trim().split("\\s+")[9]).get();
      e.evaluate(pos, scratch, p);
      System.out.printf("%.5f %.5f %.5f %.5f %.5f %d%n", p[0], p[1], p[2], p[3], p[4], pos.isRace() ? 1 : 0);
    }
  }

  /** A position with gnubg's cubeful equities (EMG, the doubler's): reference first, then lower depths. */
  record Judged(Game game, double[] gnubg) {
    double nd(int k) {
      return gnubg[3 * k];
    }

    double best(int k, boolean doubles) {
      return doubles ? Math.min(gnubg[3 * k + 1], gnubg[3 * k + 2]) : gnubg[3 * k];
    }

    /** What the doubler's choice loses by the reference. */
    double doublerLoss(boolean doubles) {
      double right = Math.max(nd(0), best(0, true));
      return right - best(0, doubles);
    }

    /** What the taker's choice loses by the reference (from the taker's side: the doubler's gain). */
    double takerLoss(boolean takes) {
      double right = Math.min(gnubg[1], gnubg[2]);
      return (takes ? gnubg[1] : gnubg[2]) - right;
    }
  }

  static void judge(Path file, String half) throws IOException {
    List<Judged> all = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 13) continue;
      Rules rules = Rules.match(Integer.parseInt(f[1]));
      Game.Seat seat = new Game.Seat(Integer.parseInt(f[2]), Integer.parseInt(f[3]), Boolean.parseBoolean(f[4]), Boolean.parseBoolean(f[5]));
      int owner = Integer.parseInt(f[8]);
      Position pos = PositionId.decode(f[9]).get();
      Game g = Game.setUp(rules, seat, pos, Integer.parseInt(f[6]), Integer.parseInt(f[7]),
          owner < 0 ? OptionalInt.empty() : OptionalInt.of(owner));
      double[] eq = new double[f.length - 10];
      for (int k = 0; k < eq.length; k++) eq[k] = Double.parseDouble(f[10 + k]);
      all.add(new Judged(g, eq));
    }
    int mid = all.size() / 2;
    all = switch (half) {
      case "first" -> all.subList(0, mid);
      case "second" -> all.subList(mid, all.size());
      case "all" -> all;
      default -> throw new IllegalArgumentException("half is first, second or all, got " + half);
    };
    System.out.printf("%d positions; losses in mEMG per position (doubler, taker), errors counted over 1 mEMG%n", all.size());
    for (int k = 1; 3 * k + 2 < all.get(0).gnubg.length; k++) {
      int kk = k;
      report("gnubg column set " + k, all, j -> new boolean[] {j.best(kk, true) > j.nd(kk), j.gnubg[3 * kk + 1] <= j.gnubg[3 * kk + 2]});
    }
    Evaluator e = Bots.standard();
    ThreadLocal<CubeDecider> d0 = perThread(e, 0);
    ThreadLocal<CubeDecider> d1 = perThread(e, 1);
    ThreadLocal<CubeDecider> d2 = perThread(e, 2);
    if (System.getenv("CUBEBENCH_SHOW") != null) {
      for (Judged j : all) {
        if (j.best(1, true) <= j.nd(1)) continue;
        CubeValues v = d2.get().values(j.game());
        boolean[] d = decide(j.game(), v);
        if (j.takerLoss(d[1]) > 1e-3) {
          System.out.printf("%s gnubg %.3f %.3f %.3f | ours %.3f %.3f %.3f | taker loss %.3f%n", j.game().rules().matchLength() + " "
              + j.game().seat() + " cube " + j.game().cube() + " " + GameIds.gnubg(j.game()).orElse(""), j.gnubg[0], j.gnubg[1], j.gnubg[2],
              v.emg(v.noDouble()), v.emg(v.doubleTake()), v.emg(v.doublePass()), j.takerLoss(d[1]));
        }
      }
      return;
    }
    report("ours, 0-ply", all, j -> decide(j.game(), d0.get().values(j.game())));
    report("ours, 1-ply", all, j -> decide(j.game(), d1.get().values(j.game())));
    report("ours, 2-ply where 1-ply close", all, j -> decide(j.game(), d2.get().values(j.game())));
    report("ours, mean of 0- and 1-ply", all, j -> decide(j.game(), mean(d0.get().values(j.game()), d1.get().values(j.game()))));
    if (System.getenv("CUBEBENCH_FULL") == null) return;
    report("ours, 2-ply everywhere", all, j -> decide(j.game(), d2.get().lookahead(j.game(), 2)));
    report("ours, mean of 1- and 2-ply", all, j -> decide(j.game(), mean(d1.get().values(j.game()), d2.get().lookahead(j.game(), 2))));
  }

  /** One decider per thread: the positions are judged in parallel. */
  static ThreadLocal<CubeDecider> perThread(Evaluator e, int plies) {
    return ThreadLocal.withInitial(() -> new CubeDecider(e, plies));
  }

  static CubeValues mean(CubeValues a, CubeValues b) {
    return new CubeValues((a.noDouble() + b.noDouble()) / 2, (a.doubleTake() + b.doubleTake()) / 2, a.doublePass(), a.lose(), a.evens());
  }

  /** As {@link CubeDecider#shouldDouble} and {@link CubeDecider#answer} decide from these values. */
  static boolean[] decide(Game g, CubeValues v) {
    return new boolean[] {CubeDecider.trailerPostCrawford(g) || v.shouldDouble(), v.shouldTake()};
  }

  static void report(String name, List<Judged> all, Function<Judged, boolean[]> decisions) {
    double dLoss = 0;
    double tLoss = 0;
    int dErr = 0;
    int tErr = 0;
    int doubles = 0;
    long t0 = System.nanoTime();
    List<boolean[]> decided = all.parallelStream().map(decisions).toList();
    double ms = (System.nanoTime() - t0) / 1e6 / all.size();
    for (int i = 0; i < all.size(); i++) {
      Judged j = all.get(i);
      boolean[] d = decided.get(i);
      double dl = j.doublerLoss(d[0]);
      double tl = j.takerLoss(d[1]);
      dLoss += dl;
      tLoss += tl;
      if (dl > 1e-3) dErr++;
      if (tl > 1e-3) tErr++;
      if (d[0]) doubles++;
    }
    // The taker's answers that matter: where gnubg's lower depth (its expert, the opponent) doubles.
    double offered = 0;
    int offers = 0;
    int offeredErr = 0;
    if (all.get(0).gnubg.length >= 6) {
      for (int i = 0; i < all.size(); i++) {
        Judged j = all.get(i);
        if (j.best(1, true) <= j.nd(1)) continue;
        offers++;
        double tl = j.takerLoss(decided.get(i)[1]);
        offered += tl;
        if (tl > 1e-3) offeredErr++;
      }
    }
    System.out.printf("%-30s doubler %6.2f (%d errors, %d doubles)  taker %6.2f (%d errors)  total %6.2f | taker when gnubg doubles: %.1f in %d (%d errors) [%.1f ms wall]%n",
        name, 1000 * dLoss / all.size(), dErr, doubles, 1000 * tLoss / all.size(), tErr, 1000 * (dLoss + tLoss) / all.size(),
        offered, offers, offeredErr, ms);
  }
}
