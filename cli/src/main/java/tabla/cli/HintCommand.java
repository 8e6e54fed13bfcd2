package tabla.cli;

import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;

/** Ranks every play of a position and roll by the bot's cubeless equity. */
@Command(name = "hint", description = "Rank the plays of POSITIONID with roll D1D2 (e.g. 4HPwATDgc/ABMA 31).")
final class HintCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "POSITIONID") String id;
  @Parameters(index = "1", paramLabel = "D1D2", description = "the roll, e.g. 31 or 3-1") String roll;
  @Option(names = "--plies", description = "search depth: 0, 1 or 2 (default 1)") int plies = 1;
  @Option(names = "--top", description = "how many plays to list (default 10)") int top = 10;

  @Override
  public Integer call() {
    if (plies < 0 || plies > 2) {
      System.err.println("tabla hint: --plies is 0, 1 or 2");
      return 2;
    }
    Result<Position> pos = PositionId.decode(id);
    String digits = roll.replaceAll("\\D", "");
    Result<Dice> dice = digits.length() == 2 ? Dice.of(digits.charAt(0) - '0', digits.charAt(1) - '0')
        : Result.err("a roll is two digits, e.g. 31");
    if (!pos.isOk() || !dice.isOk()) {
      System.err.println("tabla hint: " + (pos.isOk() ? dice.error() : pos.error()));
      return 2;
    }
    var plays = Backgammon.legalPlays(pos.get(), dice.get());
    if (plays.isEmpty()) {
      System.out.println("no legal play: pass");
      return 0;
    }
    List<SearchPlayer.Scored> ranked = SearchPlayer.withPlies(Evaluator.bundled(), plies).rank(plays, plies);
    double best = ranked.get(0).equity();
    for (int i = 0; i < ranked.size() && i < top; i++) {
      SearchPlayer.Scored s = ranked.get(i);
      System.out.printf("%2d. %-24s %+.3f%s%n", i + 1, Notation.write(s.play()), s.equity(),
          i == 0 ? "" : String.format("  (%+.3f)", s.equity() - best));
    }
    return 0;
  }
}
