package tabla.core.variant;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import tabla.core.Move;
import tabla.core.Position;
import tabla.core.Result;

/**
 * Plakoto (Greek; BrainKing "Тапа", tp 109; rules.md §1.9), also known by its Bulgarian name Tapa
 * ({@code tapa} names it too). All fifteen checkers start on the mover's 24; the sides move towards
 * each other (contrary geometry).
 *
 * <ul>
 *   <li>No hitting: landing on a single opposing checker <em>pins</em> it; it cannot move until every
 *       checker of the pinner has left the point. The pinner's side may stack more checkers there; for
 *       the pinned side the point is closed, so a pinning checker cannot itself be pinned (rules.md §1.9,
 *       fibs, Tapa). Two checkers close a point as in backgammon.
 *   <li>Bear-off: every checker home and none pinned; a checker pinned during the bear-off stops it
 *       until freed (fibs "The Board").
 *   <li>Mother: a side whose last checker on its start point (its 24) is pinned there loses at once,
 *       unless the pinner still has checkers on his own start point; then the game goes on, and the
 *       pinner wins as soon as his own start point is empty while the pin holds. Both mothers pinned
 *       is a draw (BrainKing). Checked after every play, so a pin that outlasts the exception wins.
 *   <li>Scoring (rules.md §1.9; Ludii, backgammon-hub): 1, or 2 when the loser has borne off none; 2 for a
 *       mother win. No backgammon, no cube. The first game's roll-off winner rolls again (rules.md §3).
 * </ul>
 *
 * <p>Who is pinned cannot be read off the board when two single checkers share a point, so each side
 * keeps a 24-bit mask "my checker on my point q is pinned" in extras 1..3 (extra 0 is the unused pool).
 * A deadlock (neither side able to move with any roll) implies both mothers pinned — each side's movable
 * checkers must stand on its 1-point behind the other's pinned mother — so every game ends.
 *
 * <p>Options where sources differ (rules.md §1.9, §4):
 * <ul>
 *   <li>{@code mother}: {@code 2} (default; Ludii: the mother's owner "loses two points") or {@code 1}
 *       (BrainKing and fibs name no score: a plain win).
 *   <li>{@code pinned-bearoff}: {@code stops} (default; fibs: all checkers home <em>and free</em>) or
 *       {@code allowed} (the other checkers may bear off while one is pinned: the Ludii text only asks
 *       for all fifteen home).
 * </ul>
 * Not offered: the Bulgarian set-up with two checkers on the 24 and the rest brought in later (rules.md
 * §1.9 cites it without saying how the others enter).
 */
public final class Plakoto extends StepVariant implements TavliCount {
  private static final List<String> MOTHER = List.of("2", "1");
  private static final List<String> BEAROFF = List.of("stops", "allowed");
  private static final int START = 24;
  private static final int MASK = 1; // extras 1..3: the pinned mask, 8 points each

  private final int motherLevel;
  private final boolean pinStopsBearOff;

  public Plakoto() {
    this(2, true);
  }

  private Plakoto(int motherLevel, boolean pinStopsBearOff) {
    this.motherLevel = motherLevel;
    this.pinStopsBearOff = pinStopsBearOff;
  }

  @Override
  public String name() {
    Map<String, String> o = new LinkedHashMap<>();
    if (motherLevel != 2) o.put("mother", String.valueOf(motherLevel));
    if (!pinStopsBearOff) o.put("pinned-bearoff", "allowed");
    return Options.spec("plakoto", o);
  }

  @Override
  public Map<String, List<String>> optionChoices() {
    return Map.of("mother", MOTHER, "pinned-bearoff", BEAROFF);
  }

  @Override
  public Result<Variant> withOptions(Options o) {
    return o.only("plakoto", List.of("mother", "pinned-bearoff"))
        .flatMap(x -> x.choice("plakoto", "mother", MOTHER)
            .flatMap(m -> x.choice("plakoto", "pinned-bearoff", BEAROFF)
                .map(b -> (Variant) new Plakoto(Integer.parseInt(m), b.equals("stops")))));
  }

  @Override
  public Position start() {
    int[] side = Position.side(START, 15);
    return Position.ofVariant(side, side, new int[4], new int[4]).get();
  }


  @Override
  public boolean winnerRerolls() {
    return true;
  }

  @Override
  protected int extras() {
    return 4;
  }

  // ---- the pin masks

  /**
   * Whether the mover's (or the opponent's) checker on its own point {@code q} is pinned: the one reader of
   * the pin masks outside this class (the server's board, the bot's evaluation).
   */
  public static boolean isPinned(Position p, boolean mover, int q) {
    return (pinned(p, mover) >> (q - 1) & 1) != 0;
  }

  /** The mask of pinned checkers of one side, from a Position's extras (0 when it has none). */
  static int pinned(Position p, boolean mover) {
    if (p.extras() < 4) return 0;
    int m = 0;
    for (int k = 0; k < 3; k++) m |= (mover ? p.moverExtra(MASK + k) : p.opponentExtra(MASK + k)) << (8 * k);
    return m;
  }

  private static boolean myPinned(Board b, int p) {
    int bit = p - 1;
    return (b.myExtra(MASK + bit / 8) >> (bit % 8) & 1) != 0;
  }

  /** Whether the opponent's checker on my point {@code p} is pinned (under mine). */
  private static boolean theirPinnedAt(Board b, int p) {
    int bit = b.geometry().other(p) - 1;
    return (b.theirExtra(MASK + bit / 8) >> (bit % 8) & 1) != 0;
  }

  private static void setTheirPinnedAt(Board b, int p, boolean on) {
    int bit = b.geometry().other(p) - 1;
    int v = b.theirExtra(MASK + bit / 8);
    b.setTheirExtra(MASK + bit / 8, on ? v | 1 << (bit % 8) : v & ~(1 << (bit % 8)));
  }

  // ---- the step rules

  @Override
  protected Landing landing(Board b, int to) {
    int n = b.themAt(to);
    if (n == 0 || theirPinnedAt(b, to)) return Landing.OPEN; // empty, or my pin: I may stack
    if (n == 1 && b.me(to) == 0) return Landing.CONTACT;
    return Landing.BLOCKED; // two of theirs, or their checker pinning mine
  }

  @Override
  protected void land(Board a, int to) {
    setTheirPinnedAt(a, to, true); // the blot stays, under my checker
  }

  @Override
  protected boolean mayMove(Board b, int from) {
    return !myPinned(b, from);
  }

  @Override
  protected boolean mayBearOff(Board b) {
    if (!b.allHome()) return false;
    if (!pinStopsBearOff) return true;
    for (int k = 0; k < 3; k++) {
      if (b.myExtra(MASK + k) != 0) return false;
    }
    return true;
  }

  @Override
  protected void afterStep(Board a, Move m) {
    // The last of my checkers leaving a point frees the checker pinned under them (bear-off included).
    if (m.from() <= 24 && a.me(m.from()) == 0 && theirPinnedAt(a, m.from())) setTheirPinnedAt(a, m.from(), false);
  }

  // ---- the end

  @Override
  public Optional<Ending> ending(Position after) {
    if (Variant.allOff(after)) return Optional.of(Ending.moverWins(Math.min(Variant.backgammonLevel(after), maxLevel())));
    boolean mine = (pinned(after, true) >> (START - 1) & 1) != 0; // my mother under his checker
    boolean theirs = (pinned(after, false) >> (START - 1) & 1) != 0;
    if (mine && theirs) return Optional.of(Ending.draw());
    if (theirs && after.mover(START) == 0) return Optional.of(Ending.moverWins(motherLevel));
    if (mine && after.opponent(START) == 0) return Optional.of(Ending.opponentWins(motherLevel));
    return Optional.empty();
  }

  /**
   * Checker counts, nothing on the bar, and both colours on a point only as a pin: one pinned checker
   * of one side under the other's, marked in its owner's mask; no mark elsewhere.
   */
  @Override
  public Result<Position> validate(Position p) {
    if (p.moverCheckers() != 15 || p.opponentCheckers() != 15) {
      return Result.err("plakoto needs 15 checkers a side, found " + p.moverCheckers() + " and " + p.opponentCheckers());
    }
    if (p.mover(Position.BAR) > 0 || p.opponent(Position.BAR) > 0 || p.moverPool() > 0 || p.opponentPool() > 0) {
      return Result.err("plakoto has no bar and no checkers waiting");
    }
    int mine = pinned(p, true);
    int theirs = pinned(p, false);
    for (int q = 1; q <= 24; q++) {
      int o = 25 - q;
      boolean minePinned = (mine >> (q - 1) & 1) != 0;
      boolean theirPinned = (theirs >> (o - 1) & 1) != 0;
      if (minePinned && theirPinned) return Result.err("point " + q + " has both sides pinned");
      boolean both = p.mover(q) > 0 && p.opponent(o) > 0;
      if (minePinned && !(both && p.mover(q) == 1)) return Result.err("point " + q + ": a pin without a single pinned checker under the other side");
      if (theirPinned && !(both && p.opponent(o) == 1)) return Result.err("point " + q + ": a pin without a single pinned checker under the other side");
      if (both && !minePinned && !theirPinned) return Result.err("point " + q + " holds checkers of both sides without a pin");
    }
    return Result.ok(p);
  }
}
