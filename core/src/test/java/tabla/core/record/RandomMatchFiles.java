package tabla.core.record;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/**
 * Writes random engine matches as .sgf and .mat for the check against GNU Backgammon
 * (scripts/check-records-vs-gnubg.sh), with expected.tsv: file, then each finished game's result
 * as gnubg's RE would say it (W+2, B+4R), then the final score.
 *
 * <p>Usage: {@code RandomMatchFiles OUT_DIR [SEEDS=10]}. Raccoons are left out: gnubg gives the cube
 * to the other side after one (see SgfFormatTest#raccoonOwnershipDiffersFromGnubg).
 */
public final class RandomMatchFiles {
  private RandomMatchFiles() {}

  public static void main(String[] args) throws IOException {
    Path out = Path.of(args[0]);
    int seeds = args.length > 1 ? Integer.parseInt(args[1]) : 10;
    Files.createDirectories(out);
    Map<String, Rules> sets = new LinkedHashMap<>();
    sets.put("match7", Rules.match(7));
    sets.put("match3", Rules.match(3));
    sets.put("match1", Rules.match(1));
    sets.put("match5nocrawford", Rules.match(5).toBuilder().crawford(false).build());
    sets.put("money", Rules.money());
    sets.put("moneynojacoby", Rules.money().toBuilder().jacoby(false).build());
    sets.put("moneybeaver", Rules.money().toBuilder().jacoby(false).beavers(true).build());
    sets.put("moneynocube", Rules.money().toBuilder().cube(false).jacoby(false).build());
    List<String> expected = new ArrayList<>();
    for (Map.Entry<String, Rules> e : sets.entrySet()) {
      for (int seed = 0; seed < seeds; seed++) {
        Match m = RandomPlay.play(e.getValue(), 1000 + seed, 5, false);
        String name = e.getKey() + "_" + seed;
        RecordInfo info = RecordInfo.of("Tabla0", "Tabla1");
        Files.writeString(out.resolve(name + ".sgf"), SgfFormat.write(m, info).get());
        Files.writeString(out.resolve(name + ".mat"), MatFormat.write(m, info).get());
        StringBuilder line = new StringBuilder(name);
        for (Game g : m.games()) {
          if (g.result() == null) continue;
          line.append('\t').append(g.result().wonBy(0) ? "W+" : "B+").append(g.result().points())
              .append(g.result().end() == tabla.core.match.GameResult.End.RESIGNED ? "R" : "");
        }
        expected.add(line.append("\tscore ").append(m.score(0)).append('-').append(m.score(1)).toString());
      }
    }
    Files.write(out.resolve("expected.tsv"), expected);
  }
}
