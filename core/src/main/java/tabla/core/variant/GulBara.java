package tabla.core.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Result;

/**
 * Gul bara (Bulgarian "Гюлбара", Crazy Narde; rules.md §2.2): Fevga's set-up and contact (fifteen on
 * the own 24, parallel movement, a single checker owns its point, nothing is hit), bear-off as in
 * backgammon, a game counts 1 or 2 (mars: the loser bore off none), no cube. Its doubles escalate: after
 * the first three rolls of the game a double d-d is played four times, then every higher double four
 * times up to 6-6 (3-3: four 3s, four 4s, four 5s, four 6s; iTavli, eightygames), in that order. Each
 * group of four is a play of its own ({@link Variant#playsOn}), with the usual rule that as many of its
 * dice as possible are played; once a die cannot be played the rest of the roll is lost (iTavli). Why
 * groups: one play of up to 24 dice has far too many outcomes to list (generating them stalled random games),
 * and players play them group by group anyway. So the most-dice rule holds within each group, not across
 * the whole roll (a player may play his 3s so that his 4s are blocked).
 *
 * <p>Options, where sources disagree:
 * <ul>
 *   <li>{@code from}: {@code 4th-roll-of-game} (default: "after the first 3 rolls of the game", iTavli
 *       and eightygames) or {@code 4th-roll-of-player} (each player's own first three rolls play doubles
 *       plainly).
 *   <li>{@code remainder}: only {@code lost} (iTavli). eightygames' and VOG's rule, that the opponent
 *       plays the part that cannot be played, is not supported: the engine has no turn made of someone
 *       else's dice.
 *   <li>{@code vog}: {@code off} (default: iTavli, eightygames, Wikipedia omit them) or {@code on}
 *       (VOG): Long Nardy's head rule (one checker off the 24 per play — per group of four in an escalated
 *       double —, two on a first 6-6, 4-4 or 3-3)
 *       and block rule (no six consecutive points unless an opposing checker is past them).
 * </ul>
 */
public final class GulBara extends ParallelVariant {
  private static final Map<String, List<String>> CHOICES = new LinkedHashMap<>();

  static {
    CHOICES.put("from", List.of("4th-roll-of-game", "4th-roll-of-player"));
    CHOICES.put("remainder", List.of("lost"));
    CHOICES.put("vog", List.of("off", "on"));
  }

  private final boolean perPlayer;
  private final boolean vog;

  public GulBara() {
    this(false, false, 0);
  }

  private GulBara(boolean perPlayer, boolean vog, int headAllowance) {
    super(headAllowance, vog, List.of(6, 4, 3));
    this.perPlayer = perPlayer;
    this.vog = vog;
  }

  @Override
  ParallelVariant withHeadAllowance(int allowance) {
    return new GulBara(perPlayer, vog, allowance);
  }

  @Override
  public String name() {
    Map<String, String> nonDefault = new LinkedHashMap<>();
    if (perPlayer) nonDefault.put("from", "4th-roll-of-player");
    if (vog) nonDefault.put("vog", "on");
    return Options.spec("gulbara", nonDefault);
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return CHOICES;
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    Result<Options> known = o.only("gulbara", List.copyOf(CHOICES.keySet()));
    if (!known.isOk()) return Result.err(known.error());
    for (String k : List.of("from", "remainder", "vog")) {
      Result<String> v = o.choice("gulbara", k, CHOICES.get(k));
      if (!v.isOk()) return Result.err(v.error());
    }
    boolean player = o.values().getOrDefault("from", "").equals("4th-roll-of-player");
    boolean on = o.values().getOrDefault("vog", "off").equals("on");
    return Result.ok(new GulBara(player, on, on ? 1 : 0));
  }

  /** After a double played in full, the next higher double, once the first three rolls are over. */
  @Override
  public Dice playsOn(Dice d, Play play, Turn turn) {
    int rolls = perPlayer ? turn.moverRolls() : turn.gameRolls(); // both count the roll being played
    if (!d.isDouble() || rolls <= 3 || d.first() == 6 || play.moves().size() < 4) return null;
    return new Dice(d.first() + 1, d.first() + 1);
  }
}
