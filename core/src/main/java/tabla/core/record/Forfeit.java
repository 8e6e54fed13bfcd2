package tabla.core.record;

import tabla.core.Result;

/**
 * A match that ended off the board: {@code loser} lost the whole match for {@code reason} (a fallen
 * flag), whatever the score. Written in a .tabla record as {@code Forfeit: player 0 loses on time}.
 */
public record Forfeit(int loser, Reason reason) {
  /** Why a match was forfeited. */
  public enum Reason {
    /** The player's clock ran out. */
    TIME("on time");

    private final String words;

    Reason(String words) {
      this.words = words;
    }
  }

  public Forfeit {
    if (loser != 0 && loser != 1) throw new IllegalArgumentException("the loser is player 0 or 1, got " + loser);
    if (reason == null) throw new IllegalArgumentException("a forfeit needs its reason");
  }

  public int winner() {
    return 1 - loser;
  }

  /** The record line's value: "player 0 loses on time". */
  public String text() {
    return "player " + loser + " loses " + reason.words;
  }

  /** Reads {@link #text()} back. */
  public static Result<Forfeit> parse(String text) {
    for (int p = 0; p < 2; p++) {
      for (Reason r : Reason.values()) {
        Forfeit f = new Forfeit(p, r);
        if (f.text().equals(text.trim())) return Result.ok(f);
      }
    }
    return Result.err("expected 'player N loses on time', got '" + text.trim() + "'");
  }
}
