package tabla.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.Bots;
import tabla.bot.Player;
import tabla.bot.RandomPlayer;
import tabla.bot.SelfPlay;
import tabla.core.Result;
import tabla.core.dice.SeededDice;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.record.RecordInfo;

/** Random self-play matches written as records: exercises every rule path, cube included. */
@Command(name = "selfplay", description = "Play random matches (with doubling where the variant has a cube) and write them as .sgf, .mat or .tabla files.")
final class SelfPlayCommand implements Callable<Integer> {
  @Option(names = "--games", description = "number of matches (default 1); several go to FILE-0001.ext, …") int games = 1;
  @Option(names = "--match", description = "match length, 1..25; 0 = a money session (default 7, or the preset's)") Integer length;
  @Option(names = "--preset", description = "named rules (wbf, brainking, serbian-tavla, italian, czech, turkish-tavla, greek-tavli, long-nardy); 'help' lists their options") String preset;
  @Option(names = "--money-games", description = "games per money session (default 10)") int moneyGames = 10;
  @Option(names = "--seed", description = "seed (default 1)") long seed = 1;
  @Option(names = "--double", description = "chance that a player doubles when it may (default 0.1)") double doubleChance = 0.1;
  @Option(names = "--take", description = "chance that a double is taken (default 0.7)") double takeChance = 0.7;
  @Option(names = "--out", required = true, description = "FILE.sgf, FILE.mat or FILE.tabla (variants other than backgammon: .tabla)") Path out;
  @Option(names = "--variant", description = "the variant, with options if any (default backgammon, or the preset's)") String variant;
  @Option(names = "--bot", description = "both sides are the computer at this level (random, beginner, intermediate, strong: the variant's own bot) instead of random players with --double/--take") String bot;
  @Option(names = "--scores", description = "also write each file's final score to this TSV (file, score0, score1)") Path scores;

  @Override
  public Integer call() throws Exception {
    Result<Rules> chosen = RuleChoice.of(preset, length, variant, 7);
    if (!chosen.isOk()) return RuleChoice.refuse("selfplay", chosen);
    Rules rules = chosen.get();
    Result<tabla.core.variant.Variant> v = Result.ok(rules.variant());
    int[] wins = new int[2];
    StringBuilder tsv = new StringBuilder();
    for (int i = 0; i < games; i++) {
      long s = seed * 1_000_003L + i;
      Player p0 = bot != null ? Bots.forVariant(v.get(), bot, 2 * s) : new RandomPlayer(2 * s, doubleChance, takeChance);
      Player p1 = bot != null ? Bots.forVariant(v.get(), bot, 2 * s + 1) : new RandomPlayer(2 * s + 1, doubleChance, takeChance);
      Match m = SelfPlay.play(rules, p0, p1, new SeededDice(s), moneyGames);
      Path file = games == 1 ? out : RecordFiles.numbered(out, i + 1);
      String name = bot == null ? "Random" : "Computer-" + bot;
      Result<String> text = RecordFiles.format(file, m, RecordInfo.of(name + "0", name + "1"));
      if (!text.isOk()) {
        System.err.println("tabla selfplay: " + text.error());
        return 2;
      }
      Files.writeString(file, text.get(), StandardCharsets.UTF_8);
      m.winner().ifPresent(w -> wins[w]++);
      tsv.append(file.getFileName()).append('\t').append(m.score(0)).append('\t').append(m.score(1)).append('\n');
    }
    if (scores != null) Files.writeString(scores, tsv.toString(), StandardCharsets.UTF_8);
    System.out.printf("wrote %d %s (%s) — matches won: %d - %d%n", games, games == 1 ? "match" : "matches",
        games == 1 ? out : RecordFiles.numbered(out, 1) + " …", wins[0], wins[1]);
    return 0;
  }
}
