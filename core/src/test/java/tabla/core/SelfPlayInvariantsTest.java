package tabla.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Queue;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;

/**
 * Random self-play: every chosen play keeps the board sane, round-trips through notation and
 * Position ID, and every game ends. Games run in parallel, each seeded by its index.
 */
class SelfPlayInvariantsTest {
  /** 40,000 in {@code ./tabla test} (two cores); {@code -Dtabla.selfPlayGames=100000} for a longer run. */
  private static final int GAMES = Integer.getInteger("tabla.selfPlayGames", 40_000);
  private static final int MAX_TURNS = 10_000;
  private static final long SEED = 0x7AB1A_5E1FL;

  @Test
  void randomGamesKeepInvariantsAndEnd() {
    Queue<String> failures = new ConcurrentLinkedQueue<>();
    long start = System.nanoTime();
    long turns = IntStream.range(0, GAMES).parallel()
        .mapToLong(g -> playGame(g, failures))
        .sum();
    double seconds = (System.nanoTime() - start) / 1e9;
    System.out.printf("self-play: %d games, %d turns, %.1f s on %d processors%n",
        GAMES, turns, seconds, Runtime.getRuntime().availableProcessors());
    assertThat(failures).isEmpty();
    assertThat(turns).isGreaterThan(GAMES * 20L); // a game takes dozens of turns
  }

  /** Plays one game; returns its number of turns, adding a line to {@code failures} on a breach. */
  static long playGame(int game, Queue<String> failures) {
    SplittableRandom rnd = new SplittableRandom(SEED + game);
    Position pos = Position.START;
    for (int turn = 1; turn <= MAX_TURNS; turn++) {
      Dice dice = new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
      List<Play> legal = Backgammon.legalPlays(pos, dice);
      Play play = legal.isEmpty() ? new Play(List.of(), pos) : legal.get(rnd.nextInt(legal.size()));
      String breach = check(pos, dice, play);
      if (breach != null) {
        failures.add("game " + game + " turn " + turn + " " + dice + ": " + breach);
        return turn;
      }
      if (play.result().mover(Position.OFF) == Position.CHECKERS) return turn;
      pos = play.result().swap();
    }
    failures.add("game " + game + " did not end within " + MAX_TURNS + " turns");
    return MAX_TURNS;
  }

  /** The first broken invariant of this turn, or null. */
  static String check(Position pos, Dice dice, Play play) {
    Position after = play.result();
    for (Position p : List.of(pos, after)) {
      if (count(p, true) != 15 || count(p, false) != 15) return "not 15 checkers a side: " + p;
      for (int pt = 1; pt <= 24; pt++) {
        if (p.mover(pt) > 0 && p.opponentAt(pt) > 0) return "both colours on " + pt + ": " + p;
      }
      if (!PositionId.decode(PositionId.encode(p)).get().equals(p)) return "Position ID round trip: " + p;
    }
    String text = Notation.write(play);
    Result<Play> parsed = Notation.parse(pos, dice, text);
    if (!parsed.isOk()) return "'" + text + "' refused: " + parsed.error();
    if (!parsed.get().equals(play) || !parsed.get().result().equals(after)) {
      return "'" + text + "' parses to another play: " + Notation.write(parsed.get());
    }
    if (!Notation.write(parsed.get()).equals(text)) return "'" + text + "' rewritten as " + parsed.get();
    return null;
  }

  static int count(Position p, boolean mover) {
    int n = 0;
    for (int i = 0; i <= Position.BAR; i++) n += mover ? p.mover(i) : p.opponent(i);
    return n;
  }
}
