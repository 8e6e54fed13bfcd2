package tabla.core.variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Acey-deucey (American; rules.md §2.5): all fifteen checkers start off the board and enter the
 * opponent's home board as from the bar (die d → point 25 − d); checkers already in may move while
 * others wait; hitting, doubles (played four times), bear-off (every checker home, so every checker
 * entered, as bgammon requires) and scoring are backgammon's; a checker still waiting counts as on the
 * bar for a backgammon. No cube (bgammon disables it; Wikipedia: "there is no doubling cube").
 *
 * <p>The 1-2 roll ("acey-deucey"): play the 1 and the 2, then any double of the player's choice four
 * times, then roll again; if a part cannot be played the rest of the turn is lost and there is no
 * re-roll (rules.md §2.5, iTavli). The play lists its moves, so the chosen double is in them. As
 * everywhere, the play must use as many of the dice as it can.
 *
 * <p>Option {@code european} ({@code off} default, the American game of rules.md §2.5; {@code on}, the
 * European version, rules.md §2.5 after iTavli): a rolled double is followed by its complement (7 − n)
 * four times, and played out in full gives a re-roll; a checker bears off only with the exact number.
 * The double chosen after a 1-2 is played four times only, as iTavli words it ("if you roll doubles");
 * backgammon-play.net adds the complement there too, but ten dice from one position can make millions
 * of distinct plays (1.7 million measured), too many to list.
 *
 * <p>Option {@code entry} ({@code free} default, rules.md §2.5 after bkgm and Wikipedia: checkers in
 * may move before all are in; {@code all-first}, Britannica: every checker enters before any moves on).
 *
 * <p>The opening: many play that the roll-off winner rolls again (Wikipedia); use the match rules'
 * opening option for that.
 */
public final class AceyDeucey extends PoolVariant {
  private static final List<String> EUROPEAN = List.of("off", "on");
  private final boolean european;

  public AceyDeucey() {
    this(false, false);
  }

  private AceyDeucey(boolean european, boolean allFirst) {
    super(allFirst);
    this.european = european;
  }

  @Override
  public String name() {
    Map<String, String> o = new LinkedHashMap<>();
    if (european) o.put("european", "on");
    o.putAll(entryOption());
    return Options.spec("acey-deucey", o);
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("european", EUROPEAN, ENTRY, ENTRIES);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    String n = "acey-deucey";
    return o.only(n, List.of("european", ENTRY)).flatMap(x -> x.choice(n, "european", EUROPEAN)
        .flatMap(e -> allFirst(n, x).map(all -> new AceyDeucey(e.equals("on"), all))));
  }

  @Override
  public Position start() {
    return waiting(Position.CHECKERS, Position.CHECKERS);
  }

  @Override
  public boolean cubeAllowed() {
    return false;
  }

  private static boolean aceyDeucey(Dice d) {
    return d.low() == 1 && d.high() == 2;
  }

  /** A double n played four times, followed in the European game by its complement four times. */
  private int[] doubles(int n) {
    return european ? new int[] {n, n, n, n, 7 - n, 7 - n, 7 - n, 7 - n} : new int[] {n, n, n, n};
  }

  @Override
  protected List<int[]> sequences(Dice d, Turn turn) {
    if (aceyDeucey(d)) {
      // The 1 and the 2 in either order, then the chosen double: every choice is a sequence, and the
      // generator keeps the plays that get furthest.
      List<int[]> s = new ArrayList<>(12);
      for (int n = 1; n <= 6; n++) {
        int[] dbl = {n, n, n, n};
        for (int first = 1; first <= 2; first++) {
          int[] seq = new int[2 + dbl.length];
          seq[0] = first;
          seq[1] = 3 - first;
          System.arraycopy(dbl, 0, seq, 2, dbl.length);
          s.add(seq);
        }
      }
      return s;
    }
    if (european && d.isDouble()) return List.<int[]>of(doubles(d.first()));
    return super.sequences(d, turn);
  }

  /**
   * The moves after the 1 and the 2 are the double's (the generator plays the 1 and the 2 first). A move's
   * distance is its die, but a bear-off may use a higher die: when every move of the double bears off, the
   * smallest double that plays them (every larger one gives the same position).
   */
  @Override
  public int chosenDouble(Dice d, Play play) {
    if (!aceyDeucey(d)) return 0;
    int n = 0;
    List<tabla.core.Move> moves = play.moves();
    for (int i = 2; i < moves.size(); i++) n = Math.max(n, moves.get(i).from() - moves.get(i).to());
    return n;
  }

  @Override
  public boolean rollsAgain(Dice d, Play play) {
    // Only a turn played out in full earns the re-roll.
    if (aceyDeucey(d)) return play.moves().size() == 6;
    return european && d.isDouble() && play.moves().size() == doubles(1).length;
  }

  @Override
  protected void steps(Board b, int die, List<Step> out) {
    int before = out.size();
    super.steps(b, die, out);
    if (!european) return;
    // European bear-off is exact: drop bearing off from below the die.
    for (int i = out.size() - 1; i >= before; i--) {
      var m = out.get(i).move();
      if (m.to() == Position.OFF && m.from() != die) out.remove(i);
    }
  }
}
