package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Hyper-backgammon (BrainKing tp 66; rules.md §1.6): three checkers each, on 24, 23 and 22; otherwise
 * backgammon, usually played with the cube and the Jacoby rule.
 *
 * <p>Option {@code checkers}: {@code 3} (default, BrainKing's and bkgm's game), {@code 1} or {@code 2}
 * — GNU Backgammon's 1- and 2-chequer hypergammon ({@code set variation 1-chequer-hypergammon}: on 24;
 * 2-chequer: on 24 and 23).
 */
public final class Hypergammon implements Variant {
  public static final int CHECKERS = 3;
  private static final List<String> COUNTS = List.of("3", "1", "2");

  private final int checkers;
  private final Position start;

  public Hypergammon() {
    this(CHECKERS);
  }

  private Hypergammon(int checkers) {
    this.checkers = checkers;
    int[] pairs = {24, 1, 23, 1, 22, 1};
    this.start = Nackgammon.symmetric(Position.sideOf(checkers, java.util.Arrays.copyOf(pairs, 2 * checkers)));
  }

  @Override
  public String name() {
    return Options.spec("hypergammon", checkers == CHECKERS ? Map.of() : Map.of("checkers", String.valueOf(checkers)));
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("checkers", COUNTS);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("hypergammon", List.of("checkers")).flatMap(x -> x.choice("hypergammon", "checkers", COUNTS))
        .map(v -> new Hypergammon(Integer.parseInt(v)));
  }

  @Override
  public Position start() {
    return start;
  }

  @Override
  public int checkers() {
    return checkers;
  }
}
