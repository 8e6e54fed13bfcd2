package tabla.core.match;

import tabla.core.Result;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * The options a match is played under, agreed before it starts (rules.md §3, §5).
 *
 * @param matchLength points to win, 1..25; 0 for money play (a session of games)
 * @param cube whether the doubling cube is in use at all
 * @param crawford no doubling in the game after a player first reaches match point (matches)
 * @param holland post-Crawford, the trailer may double only after both sides have rolled twice
 * @param jacoby money play: gammons and backgammons count only once the cube was turned
 * @param beavers money play: a player who is doubled may redouble at once and keep the cube
 * @param raccoons money play: after a beaver the doubler may redouble again at once
 * @param automaticDoubles money play: equal opening dice double the cube, at most this many times
 * @param maxCube the highest cube value (64 in tournament rules)
 * @param stakes how the stake grows on each double
 * @param scoring how a finished game is counted
 * @param barBackgammonTimesFour Tavla option: a backgammon with a checker on the bar counts 4
 * @param opening who makes the first play and with which dice
 * @param variant the game played, by name (see {@link Variants}): "backgammon", "nackgammon", …
 */
public record Rules(int matchLength, boolean cube, boolean crawford, boolean holland, boolean jacoby,
    boolean beavers, boolean raccoons, int automaticDoubles, int maxCube, Stakes stakes, Scoring scoring,
    boolean barBackgammonTimesFour, Opening opening, String variant) {

  /** Geometric doubling (1, 2, 4, 8 …) or the Italian arithmetic stake (1, 2, 3, 4 …). */
  public enum Stakes {
    GEOMETRIC,
    ARITHMETIC;

    int next(int value) {
      return this == GEOMETRIC ? value * 2 : value + 1;
    }
  }

  /** Points for a won game, before the cube multiplies them. */
  public enum Scoring {
    /** Single 1, gammon 2, backgammon 3. */
    STANDARD,
    /** Czech count: per losing checker 4 (bar, winner's home), 3, 2, 1 (loser's home), 0 off. */
    COUNT,
    /** BrainKing tournament table: loss 0, win 1, gammon 3, backgammon 5. */
    TOURNAMENT
  }

  /** How the first play of a game is decided after each player rolls one die. */
  public enum Opening {
    /** The higher die moves first and plays both dice of the roll-off (no opening doubles). */
    ROLL_OFF_DICE,
    /** The higher die rolls again and plays that roll (Tavla, Portes). */
    WINNER_REROLLS,
    /** The lower die moves first, with a roll of its own (the Czech rules). */
    LOSER_MOVES_FIRST
  }

  public static final int MAX_MATCH_LENGTH = 25;
  public static final String STANDARD = "backgammon";

  /** A match to {@code length} points with cube and Crawford, as tournaments play it. */
  public static Rules match(int length) {
    return new Rules(length, true, true, false, false, false, false, 0, 64, Stakes.GEOMETRIC, Scoring.STANDARD,
        false, Opening.ROLL_OFF_DICE, STANDARD);
  }

  /** Money play with cube and the Jacoby rule, no beavers. */
  public static Rules money() {
    return new Rules(0, true, false, false, true, false, false, 0, 64, Stakes.GEOMETRIC, Scoring.STANDARD,
        false, Opening.ROLL_OFF_DICE, STANDARD);
  }

  public boolean isMoney() {
    return matchLength == 0;
  }

  /** The variant these rules name (checked by {@link #validate()}). */
  public Variant game() {
    return Variants.of(variant);
  }

  /** Checks that the options fit together; the reason names the first that does not. */
  public Result<Rules> validate() {
    Result<Variant> named = Variants.parse(variant);
    if (!named.isOk()) return Result.err(named.error());
    if (cube && !Variants.of(variant).cubeAllowed()) return Result.err(variant + " is played without the cube");
    if (matchLength < 0 || matchLength > MAX_MATCH_LENGTH) {
      return Result.err("match length must be 1 to 25 points, or 0 for money play");
    }
    if (isMoney() && (crawford || holland)) return Result.err("Crawford and Holland rules apply to matches only");
    if (!isMoney() && (jacoby || beavers || raccoons || automaticDoubles > 0)) {
      return Result.err("Jacoby, beavers, raccoons and automatic doubles apply to money play only");
    }
    if (holland && !crawford) return Result.err("the Holland rule needs the Crawford rule");
    if (raccoons && !beavers) return Result.err("raccoons need beavers");
    if (automaticDoubles < 0) return Result.err("automatic doubles cannot be negative");
    if (maxCube < 1 || maxCube > 4096) return Result.err("maximum cube must be 1 to 4096");
    if (!cube && (beavers || automaticDoubles > 0 || jacoby)) {
      return Result.err("beavers, Jacoby and automatic doubles need the cube");
    }
    return Result.ok(this);
  }

  public Builder toBuilder() {
    return new Builder(this);
  }

  /** Changes a few options of a preset: {@code Rules.match(7).toBuilder().holland(true).build()}. */
  public static final class Builder {
    private int matchLength;
    private boolean cube;
    private boolean crawford;
    private boolean holland;
    private boolean jacoby;
    private boolean beavers;
    private boolean raccoons;
    private int automaticDoubles;
    private int maxCube;
    private Stakes stakes;
    private Scoring scoring;
    private boolean barBackgammonTimesFour;
    private Opening opening;
    private String variant;
    private boolean openingChosen;

    private Builder(Rules r) {
      matchLength = r.matchLength;
      cube = r.cube;
      crawford = r.crawford;
      holland = r.holland;
      jacoby = r.jacoby;
      beavers = r.beavers;
      raccoons = r.raccoons;
      automaticDoubles = r.automaticDoubles;
      maxCube = r.maxCube;
      stakes = r.stakes;
      scoring = r.scoring;
      barBackgammonTimesFour = r.barBackgammonTimesFour;
      opening = r.opening;
      variant = r.variant;
    }

    /** Points to win, or 0 for money play. */
    public Builder matchLength(int v) {
      matchLength = v;
      return this;
    }

    public Builder cube(boolean v) {
      cube = v;
      return this;
    }

    public Builder crawford(boolean v) {
      crawford = v;
      return this;
    }

    public Builder holland(boolean v) {
      holland = v;
      return this;
    }

    public Builder jacoby(boolean v) {
      jacoby = v;
      return this;
    }

    public Builder beavers(boolean v) {
      beavers = v;
      return this;
    }

    public Builder raccoons(boolean v) {
      raccoons = v;
      return this;
    }

    public Builder automaticDoubles(int cap) {
      automaticDoubles = cap;
      return this;
    }

    public Builder maxCube(int v) {
      maxCube = v;
      return this;
    }

    public Builder stakes(Stakes v) {
      stakes = v;
      return this;
    }

    public Builder scoring(Scoring v) {
      scoring = v;
      return this;
    }

    public Builder barBackgammonTimesFour(boolean v) {
      barBackgammonTimesFour = v;
      return this;
    }

    public Builder opening(Opening v) {
      opening = v;
      openingChosen = true;
      return this;
    }

    /**
     * The variant; one played with the re-roll opening (Tavla, Plakoto: {@link Variant#winnerRerolls()})
     * brings it along, unless this builder was given an opening or the rules had a non-standard one.
     */
    public Builder variant(String v) {
      variant = v;
      if (!openingChosen && opening == Opening.ROLL_OFF_DICE
          && Variants.byName(v).map(Variant::winnerRerolls).orElse(false)) {
        opening = Opening.WINNER_REROLLS;
      }
      return this;
    }

    public Rules build() {
      return new Rules(matchLength, cube, crawford, holland, jacoby, beavers, raccoons, automaticDoubles, maxCube,
          stakes, scoring, barBackgammonTimesFour, opening, variant);
    }
  }
}
