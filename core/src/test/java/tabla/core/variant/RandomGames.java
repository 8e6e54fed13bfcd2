package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Phase;
import tabla.core.match.Rules;

/**
 * Seeded random games of a variant through the game engine: every action is a random legal one,
 * every position must pass the variant's own {@link Variant#validate} (checker count, no illegal
 * stack), and every game must end. Returns what the games came to, for tests that check that the
 * variant's special endings happen at all.
 */
public final class RandomGames {
  /** Counts of the games' ends: wins by level (index 1..3 and higher), draws, and the longest game. */
  public record Tally(int games, int[] byMultiplier, int draws, int longest) {
    public int atLeast(int multiplier) {
      int n = 0;
      for (int m = multiplier; m < byMultiplier.length; m++) n += byMultiplier[m];
      return n;
    }
  }

  private RandomGames() {}

  public static Rules rules(Variant v) {
    return Rules.money().toBuilder().variant(v.name()).cube(v.cubeAllowed()).jacoby(false).build();
  }

  /**
   * {@code games} games in eight seeded chunks played in parallel (the chunks, not the threads, fix the
   * games, so the result does not depend on the machine).
   */
  public static Tally play(Variant v, int games, long seed) {
    int chunks = Math.min(8, games);
    return java.util.stream.IntStream.range(0, chunks).parallel()
        .mapToObj(c -> playChunk(v, games * (c + 1) / chunks - games * c / chunks, seed * 31 + c))
        .reduce(RandomGames::sum).orElseThrow();
  }

  private static Tally sum(Tally a, Tally b) {
    int[] m = new int[a.byMultiplier.length];
    for (int i = 0; i < m.length; i++) m[i] = a.byMultiplier[i] + b.byMultiplier[i];
    return new Tally(a.games + b.games, m, a.draws + b.draws, Math.max(a.longest, b.longest));
  }

  private static Tally playChunk(Variant v, int games, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Rules rules = rules(v);
    int[] byMult = new int[8];
    int draws = 0;
    int longest = 0;
    for (int g = 0; g < games; g++) {
      Game game = Game.start(rules, Game.Seat.MONEY);
      int actions = 0;
      while (!game.isOver()) {
        assertThat(actions++).as("%s game %d (seed %d) ends", v.name(), g, seed).isLessThan(20_000);
        Action a = switch (game.phase()) {
          case OPENING -> new Action.RollOff(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
          case ROLL -> new Action.Roll(new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)));
          case MOVE -> {
            List<Play> plays = game.legalPlays();
            assertThat(plays).as("%s: a game waits for a play only when there is one", v.name()).isNotEmpty();
            yield new Action.Move(plays.get(rnd.nextInt(plays.size())));
          }
          default -> throw new AssertionError("random games never double or resign: " + game.phase());
        };
        game = game.apply(a).get();
        Position p = game.position();
        var ok = v.validate(p);
        assertThat(ok.error()).as("%s game %d after %s", v.name(), g, a).isNull();
      }
      GameResult r = game.result();
      if (r.isDraw()) draws++;
      else byMult[Math.min(r.multiplier(), byMult.length - 1)]++;
      longest = Math.max(longest, actions);
    }
    return new Tally(games, byMult, draws, longest);
  }
}
