package tabla.core.dice;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Dice;

/**
 * Plays back a fixed list of rolls, for tests that need a particular sequence and for replaying a
 * recorded game. Each entry is a pair or a single die, and must be asked for as such: a test whose
 * script drifts out of step with the game fails at once instead of playing different dice.
 * Not thread-safe: one instance per game.
 */
public final class ScriptedDice implements DiceSource {
  private final List<Roll> script;
  private int next;

  /** Plays {@code rolls} in list order; their numbers are not used. */
  public ScriptedDice(List<Roll> rolls) {
    this.script = List.copyOf(rolls);
  }

  /** A script of pairs only. */
  public static ScriptedDice of(Dice... pairs) {
    List<Roll> rolls = new ArrayList<>();
    for (Dice d : pairs) rolls.add(Roll.pair(rolls.size(), d));
    return new ScriptedDice(rolls);
  }

  /** How many scripted rolls are still to come. */
  public int remaining() {
    return script.size() - next;
  }

  @Override
  public Dice roll() {
    Roll r = take("a pair");
    if (r.isSingle()) throw mismatch(r, "a pair");
    return r.dice();
  }

  @Override
  public int rollOne() {
    Roll r = take("a single die");
    if (!r.isSingle()) throw mismatch(r, "a single die");
    return r.first();
  }

  private Roll take(String wanted) {
    if (next >= script.size()) {
      throw new IllegalStateException("scripted dice exhausted: all " + script.size()
          + " scripted rolls are used, and " + wanted + " was asked for");
    }
    return script.get(next++);
  }

  private IllegalStateException mismatch(Roll r, String wanted) {
    return new IllegalStateException("scripted entry " + (next - 1) + " (" + r + ") is not " + wanted);
  }
}
