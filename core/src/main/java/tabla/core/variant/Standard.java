package tabla.core.variant;

import java.util.List;
import java.util.Map;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Backgammon itself (BrainKing "Табла", tp 23): 24:2, 13:5, 8:3, 6:5. Option {@code hithide}: {@code allowed}
 * (default; WBF, every other text) or {@code forbidden} (the Italian short backgammon: a checker that hits may
 * not go on to safety in the same turn, {@link NoHitAndHide}).
 */
public final class Standard implements Variant {
  static final Map<String, List<String>> CHOICES = Map.of("hithide", List.of("allowed", "forbidden"));

  @Override
  public String name() {
    return "backgammon";
  }

  @Override
  public Position start() {
    return Position.START;
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return CHOICES;
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("backgammon", List.of("hithide")).flatMap(x -> x.choice("backgammon", "hithide", CHOICES.get("hithide")))
        .map(v -> v.equals("allowed") ? this : new NoHitAndHide());
  }
}
