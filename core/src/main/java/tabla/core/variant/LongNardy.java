package tabla.core.variant;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tabla.core.Move;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Long Nardy / Narde (rules.md §2.1): fifteen checkers on the head (24), parallel movement, a point
 * holding any opposing checker is closed. The head rule (one checker off the head per turn; two on a
 * player's first 6-6, 4-4 or 3-3, so 6-6 plays 24/18(2) and loses the rest, 4-4 plays 24/16(2)) and the
 * block rule (no six consecutive points unless an opposing checker is past them, checked after every
 * single move) are {@link ParallelVariant}'s. Bear-off as in backgammon (exact point, else a move
 * inside, else from the highest). A game counts 1, or 2 (mars) when the loser has borne off none. No cube.
 *
 * <p>Options, where sources disagree:
 * <ul>
 *   <li>{@code firstdoubles}: {@code 66-44-33} (default; geonardi, threemountaingames, the Italian text
 *       in seeds/) or {@code 66-44} (Azerbaijani Şeş-Beş, Ludii): the first-roll doubles that take two
 *       checkers off the head.
 *   <li>{@code bearoff}: {@code standard} (default; geonardi) or {@code exact} (VOG): a checker leaves
 *       only from the point its die names.
 *   <li>{@code koks}: {@code none} (default; FSNR, via playhop) or {@code start-quarter} (ibuevskiy): 3
 *       when the loser has borne off none and still has a checker in his starting quarter (his 19–24).
 *   <li>{@code draw}: {@code off} (default: no draw, the Italian text's classic rule) or {@code on} (the
 *       Italian text's "innovation"): when the player who rolled first bears off his last checker, the
 *       other gets one last roll; if it bears off all of his, the game is drawn. The player who rolled
 *       first is told by the roll counts of the game ({@link Turn}).
 * </ul>
 */
public final class LongNardy extends ParallelVariant {
  private static final Map<String, List<String>> CHOICES = new LinkedHashMap<>();

  static {
    CHOICES.put("firstdoubles", List.of("66-44-33", "66-44"));
    CHOICES.put("bearoff", List.of("standard", "exact"));
    CHOICES.put("koks", List.of("none", "start-quarter"));
    CHOICES.put("draw", List.of("off", "on"));
  }

  private final Map<String, String> options; // every option, defaults included
  private final boolean exact;
  private final boolean koks;
  private final boolean draw;

  public LongNardy() {
    this(defaults(), 1);
  }

  private LongNardy(Map<String, String> options, int headAllowance) {
    super(headAllowance, true, options.get("firstdoubles").equals("66-44") ? List.of(6, 4) : List.of(6, 4, 3));
    this.options = options;
    this.exact = options.get("bearoff").equals("exact");
    this.koks = options.get("koks").equals("start-quarter");
    this.draw = options.get("draw").equals("on");
  }

  private static Map<String, String> defaults() {
    Map<String, String> m = new LinkedHashMap<>();
    CHOICES.forEach((k, v) -> m.put(k, v.get(0)));
    return m;
  }

  @Override
  ParallelVariant withHeadAllowance(int allowance) {
    return new LongNardy(options, allowance);
  }

  @Override
  public String name() {
    Map<String, String> nonDefault = new LinkedHashMap<>();
    options.forEach((k, v) -> {
      if (!v.equals(CHOICES.get(k).get(0))) nonDefault.put(k, v);
    });
    return Options.spec("nardy", nonDefault);
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return CHOICES;
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    Result<Options> known = o.only("nardy", List.copyOf(CHOICES.keySet()));
    if (!known.isOk()) return Result.err(known.error());
    Map<String, String> m = new LinkedHashMap<>();
    for (Map.Entry<String, List<String>> e : CHOICES.entrySet()) {
      Result<String> v = o.choice("nardy", e.getKey(), e.getValue());
      if (!v.isOk()) return Result.err(v.error());
      m.put(e.getKey(), v.get());
    }
    return Result.ok(new LongNardy(m, 1));
  }

  @Override
  public int maxLevel() {
    return koks ? 3 : 2;
  }

  @Override
  protected void steps(Board b, int die, List<Step> out) {
    if (!exact) {
      super.steps(b, die, out);
      return;
    }
    List<Step> all = new ArrayList<>();
    super.steps(b, die, all);
    for (Step s : all) {
      Move m = s.move();
      if (m.to() != Move.OFF || m.from() == die) out.add(s); // exact bear-off only
    }
  }

  @Override
  int level(Position winnerView) {
    int level = super.level(winnerView);
    if (level == 2 && koks) {
      for (int q = 19; q <= 24; q++) {
        if (winnerView.opponent(q) > 0) return 3; // still in his starting quarter
      }
    }
    return level;
  }

  @Override
  public Optional<Ending> ending(Position after, Turn turn) {
    if (!draw) return ending(after);
    boolean moverFirst = turn.moverRolls() > turn.gameRolls() - turn.moverRolls();
    boolean moverOff = Variant.allOff(after);
    if (moverOff && moverFirst && !Variant.allOff(after.swap())) return Optional.empty(); // the other's last roll
    if (moverOff && Variant.allOff(after.swap())) return Optional.of(Ending.draw());
    if (moverOff) return ending(after);
    if (Variant.allOff(after.swap())) {
      // The last roll did not finish him: the first player's win, judged now.
      return Optional.of(Ending.opponentWins(level(after.swap())));
    }
    return Optional.empty();
  }
}
