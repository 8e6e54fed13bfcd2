package tabla.core.record;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;

/** The gnubg-written files under src/test/resources/records, and short views of a replayed match. */
final class Resources {
  private Resources() {}

  static String text(String name) {
    try (InputStream in = Resources.class.getResourceAsStream("/records/" + name)) {
      if (in == null) throw new IllegalArgumentException("no test resource records/" + name);
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Each finished game as "winner:points:END", e.g. "1:2:DROPPED". */
  static List<String> results(Match m) {
    List<String> out = new ArrayList<>();
    for (Game g : m.games()) {
      GameResult r = g.result();
      if (r != null) out.add((r.isDraw() ? "-" : String.valueOf(r.winner().getAsInt())) + ":" + r.points() + ":" + r.end());
    }
    return out;
  }
}
