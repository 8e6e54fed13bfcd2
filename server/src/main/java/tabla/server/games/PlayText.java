package tabla.server.games;

import java.util.List;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.match.Game;

/**
 * A play sent as text, read against the game's own legal plays so that every variant works. The board
 * sends a legal play's own {@code move} string, which matches exactly; other texts (a person typing
 * "8/5 6/5" for "8/5 6/5" in another order) are read by gnubg's parser where the position is a plain
 * backgammon one, since that parser knows only the standard movement and no pool.
 */
final class PlayText {
  /** How the refusal of a play that reads but is none of the legal ones begins (gnubg's parser explains its own). */
  static final String NOT_LEGAL = "not a legal play";

  private PlayText() {}

  static Result<Play> read(Game g, String text) {
    String s = text == null ? "" : text.trim().toLowerCase().replaceAll("\\s+", " ");
    List<Play> legal = g.legalPlays();
    if (legal.isEmpty()) {
      if (s.isEmpty() || s.equals(Notation.PASS) || s.equals("no move")) return Result.ok(new Play(List.of(), g.position()));
      return Result.err("no legal move" + with(g) + ": you must pass");
    }
    for (Play p : legal) {
      if (Notation.write(p).equals(s)) return Result.ok(p);
    }
    if (g.dice() != null && g.position().extras() == 0 && g.rules().variant().geometry() == tabla.core.variant.Geometry.CONTRARY) {
      Result<Play> r = Notation.parse(g.position(), g.dice(), s);
      if (!r.isOk() || legal.contains(r.get())) return r;
    }
    return Result.err(NOT_LEGAL + with(g) + ": " + s + "; e.g. " + Notation.write(legal.get(0)));
  }

  private static String with(Game g) {
    return g.dice() == null ? "" : " with " + g.dice();
  }
}
