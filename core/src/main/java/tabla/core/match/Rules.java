package tabla.core.match;

import java.util.ArrayList;
import java.util.List;
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
 * @param jacoby money play: while the cube is centred (whatever its value, automatic doubles included) a won
 *     game counts as a single: no gammon, backgammon or bar ×4 (Italian text, GNU Backgammon)
 * @param beavers money play: a player who is doubled may redouble at once and keep the cube
 * @param raccoons money play: after a beaver the doubler may redouble again at once
 * @param beaverRefusable money play, the Italian rule: the doubler may refuse a beaver and pay the doubled
 *     stake (otherwise a beaver cannot be refused, only raccooned)
 * @param automaticDoubles money play: equal opening dice double the cube, at most this many times
 * @param maxCube the highest cube value (64 in tournament rules)
 * @param stakes how the stake grows on each double
 * @param scoring how a finished game is counted
 * @param barBackgammonTimesFour Tavla option: a backgammon with a checker on the bar counts 4
 * @param opening who makes the first play and with which dice
 * @param noGammonWithCube the Italian short backgammon "con dave": while the cube is in use a won game
 *     counts as a single, doubled or not ("non c'è 'marte'"); not with {@code jacoby}, which counts gammons
 *     once a double is made
 * @param drawPoints what each player scores for a drawn game (a variant that can end in a draw: Long
 *     Nardy's last-roll rule, Plakoto's two mothers): 0, or 1 each (the Italian text's §4.3 "uno punto
 *     ciascuno (1-1)")
 * @param nextGame who starts each game of a match after the first (a roll-off, the previous winner, or the
 *     previous game's second player)
 * @param variant the game played (see {@link Variants}), with its named options
 */
public record Rules(int matchLength, boolean cube, boolean crawford, boolean holland, boolean jacoby,
    boolean beavers, boolean raccoons, boolean beaverRefusable, int automaticDoubles, int maxCube, Stakes stakes,
    Scoring scoring, boolean barBackgammonTimesFour, Opening opening, boolean noGammonWithCube, int drawPoints,
    NextGame nextGame, Variant variant) {

  /** Rules stored before an option existed read it as its default. */
  public Rules {
    if (nextGame == null) nextGame = NextGame.ROLL_OFF;
  }

  /** Geometric doubling (1, 2, 4, 8 …) or the Italian arithmetic stake (1, 2, 3, 4 …). */
  public enum Stakes {
    GEOMETRIC,
    ARITHMETIC;

    /** The cube's value after a double of {@code value}: the one place this rule is written. */
    public int next(int value) {
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
    /** The higher die rolls again and plays that roll (Tavli, Tavla, Long Nardy: an opening double is possible). */
    WINNER_REROLLS,
    /** The lower die moves first, with a roll of its own (the Czech rules). */
    LOSER_MOVES_FIRST
  }

  /** Who starts a game of a match after its first, which always begins with a roll-off. */
  public enum NextGame {
    /** A roll-off, as for the first game (WBF art. 12: "При започването на всяка партия"). */
    ROLL_OFF,
    /** The winner of the previous game rolls first, without a roll-off (Tavli; a roll-off after a draw). */
    WINNER,
    /** The player who moved second in the previous game rolls first (Long Nardy, the Italian text §1.4). */
    ALTERNATE
  }

  public static final int MAX_MATCH_LENGTH = 25;

  /** A match to {@code length} points with cube and Crawford, as tournaments play it. */
  public static Rules match(int length) {
    return new Rules(length, true, true, false, false, false, false, false, 0, 64, Stakes.GEOMETRIC,
        Scoring.STANDARD, false, Opening.ROLL_OFF_DICE, false, 0, NextGame.ROLL_OFF, Variants.STANDARD);
  }

  /** Money play with cube and the Jacoby rule, no beavers. */
  public static Rules money() {
    return new Rules(0, true, false, false, true, false, false, false, 0, 64, Stakes.GEOMETRIC, Scoring.STANDARD,
        false, Opening.ROLL_OFF_DICE, false, 0, NextGame.ROLL_OFF, Variants.STANDARD);
  }

  public boolean isMoney() {
    return matchLength == 0;
  }

  /** Checks that the options fit together, and that a match under them can end; the reason names the first that does not. */
  public Result<Rules> validate() {
    if (variant == null) return Result.err("no variant named");
    if (cube && !variant.cubeAllowed()) return Result.err(variant.name() + " is played without the cube");
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
    if (beaverRefusable && !beavers) return Result.err("refusable beavers need beavers");
    if (noGammonWithCube && !cube) return Result.err("'no gammons with the cube' needs the cube");
    if (noGammonWithCube && jacoby) {
      return Result.err("choose the Jacoby rule (gammons count once a double is made) or no gammons with the cube"
          + " (they never count), not both");
    }
    if (drawPoints < 0 || drawPoints > 1) return Result.err("a draw scores 0 or 1 point each");
    if (scoring == Scoring.COUNT && variant.firstOffLoses()) {
      // The count is of the loser's checkers left, and in Anti the loser is the one who bore them all off.
      return Result.err("count scoring cannot be used with " + variant.name()
          + ": its loser has borne off every checker, so every game would count 0 and a match could never end");
    }
    return Result.ok(this);
  }

  /**
   * Every option in words, for people (the CLI, README): the variant, the length, then {@link #terms}.
   */
  public List<String> summary() {
    List<String> out = new ArrayList<>();
    out.add(variant.name());
    out.add(isMoney() ? "money play" : "match to " + matchLength);
    for (Said s : terms()) out.add(s.english());
    return out;
  }

  /** One option as a page says it in its own language: the term's key and its number (0 when it has none). */
  public record Said(Term term, int n) {
    public String english() {
      return term.english.replace("{n}", String.valueOf(n));
    }
  }

  /** The words for the options; the web board has each key ({@link #key}) in its five message files. */
  public enum Term {
    NO_CUBE("no cube"),
    CUBE_UP_TO("cube up to {n}"),
    ARITHMETIC_STAKES("arithmetic stakes"),
    CRAWFORD("Crawford"),
    HOLLAND("Holland"),
    JACOBY("Jacoby"),
    BEAVERS("beavers"),
    BEAVERS_REFUSABLE("beavers (refusable)"),
    RACCOONS("raccoons"),
    AUTOMATIC_DOUBLES("automatic doubles (up to {n})"),
    LEVELS_3("single 1, gammon 2, backgammon 3"),
    LEVELS_2("single 1, gammon 2"),
    LEVELS_1("every game 1"),
    COUNT_SCORING("count scoring 4/3/2/1 per checker"),
    TOURNAMENT_SCORING("tournament scoring 0/1/3/5"),
    BAR_TIMES_FOUR("backgammon from the bar ×4"),
    NO_GAMMON_WITH_CUBE("no gammons with the cube"),
    DRAW_ONE_EACH("a draw scores 1 point each"),
    NEXT_GAME_WINNER("next game: the winner starts"),
    NEXT_GAME_ALTERNATE("next game: the second player starts"),
    OPENING_ROLL_OFF_DICE("opening: the roll-off dice are played"),
    OPENING_WINNER_REROLLS("opening: the roll-off winner rolls again"),
    OPENING_LOSER_MOVES_FIRST("opening: the roll-off loser moves first");

    private final String english;

    Term(String english) {
      this.english = english;
    }

    /** The message key, e.g. "term.cubeUpTo". */
    public String key() {
      StringBuilder sb = new StringBuilder("term.");
      boolean up = false;
      for (char c : name().toLowerCase(java.util.Locale.ROOT).toCharArray()) {
        if (c == '_') up = true;
        else sb.append(up ? Character.toUpperCase(c) : c);
        if (c != '_') up = false;
      }
      return sb.toString();
    }
  }

  /** The options beyond the variant and the length: the cube and what goes with it, scoring and opening. */
  public List<Said> terms() {
    List<Said> out = new ArrayList<>();
    if (!cube) {
      out.add(new Said(Term.NO_CUBE, 0));
    } else {
      out.add(new Said(Term.CUBE_UP_TO, maxCube));
      if (stakes == Stakes.ARITHMETIC) out.add(new Said(Term.ARITHMETIC_STAKES, 0));
      if (crawford) out.add(new Said(Term.CRAWFORD, 0));
      if (holland) out.add(new Said(Term.HOLLAND, 0));
      if (jacoby) out.add(new Said(Term.JACOBY, 0));
      if (beavers) out.add(new Said(beaverRefusable ? Term.BEAVERS_REFUSABLE : Term.BEAVERS, 0));
      if (raccoons) out.add(new Said(Term.RACCOONS, 0));
      if (automaticDoubles > 0) out.add(new Said(Term.AUTOMATIC_DOUBLES, automaticDoubles));
      if (noGammonWithCube) out.add(new Said(Term.NO_GAMMON_WITH_CUBE, 0));
    }
    out.add(new Said(switch (scoring) {
      case STANDARD -> variant.maxLevel() == 3 ? Term.LEVELS_3 : variant.maxLevel() == 2 ? Term.LEVELS_2 : Term.LEVELS_1;
      case COUNT -> Term.COUNT_SCORING;
      case TOURNAMENT -> Term.TOURNAMENT_SCORING;
    }, 0));
    if (barBackgammonTimesFour) out.add(new Said(Term.BAR_TIMES_FOUR, 0));
    out.add(new Said(switch (opening) {
      case ROLL_OFF_DICE -> Term.OPENING_ROLL_OFF_DICE;
      case WINNER_REROLLS -> Term.OPENING_WINNER_REROLLS;
      case LOSER_MOVES_FIRST -> Term.OPENING_LOSER_MOVES_FIRST;
    }, 0));
    if (drawPoints == 1) out.add(new Said(Term.DRAW_ONE_EACH, 0));
    if (nextGame == NextGame.WINNER) out.add(new Said(Term.NEXT_GAME_WINNER, 0));
    if (nextGame == NextGame.ALTERNATE) out.add(new Said(Term.NEXT_GAME_ALTERNATE, 0));
    return out;
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
    private boolean beaverRefusable;
    private int automaticDoubles;
    private int maxCube;
    private Stakes stakes;
    private Scoring scoring;
    private boolean barBackgammonTimesFour;
    private Opening opening;
    private boolean noGammonWithCube;
    private int drawPoints;
    private NextGame nextGame;
    private Variant variant;
    private boolean openingChosen;

    private Builder(Rules r) {
      matchLength = r.matchLength;
      cube = r.cube;
      crawford = r.crawford;
      holland = r.holland;
      jacoby = r.jacoby;
      beavers = r.beavers;
      raccoons = r.raccoons;
      beaverRefusable = r.beaverRefusable;
      automaticDoubles = r.automaticDoubles;
      maxCube = r.maxCube;
      stakes = r.stakes;
      scoring = r.scoring;
      barBackgammonTimesFour = r.barBackgammonTimesFour;
      opening = r.opening;
      noGammonWithCube = r.noGammonWithCube;
      drawPoints = r.drawPoints;
      nextGame = r.nextGame;
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

    /** The Italian rule: the doubler may refuse a beaver, paying the doubled stake. */
    public Builder beaverRefusable(boolean v) {
      beaverRefusable = v;
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

    /** The Italian "con dave, non c'è marte": with the cube in use a won game counts as a single. */
    public Builder noGammonWithCube(boolean v) {
      noGammonWithCube = v;
      return this;
    }

    /** What each player scores for a drawn game: 0 or 1. */
    public Builder drawPoints(int v) {
      drawPoints = v;
      return this;
    }

    public Builder nextGame(NextGame v) {
      nextGame = v;
      return this;
    }

    /**
     * The variant, with what it brings along (the one home of these two rules): one played with the
     * re-roll opening ({@link Variant#winnerRerolls()}: the Tavli games, Tavla, Long Nardy) picks it unless
     * this builder was given an opening or the rules had a non-standard one; one without the cube turns
     * off the cube and everything that needs it (Jacoby, beavers, raccoons, automatic doubles). Options
     * set after this call are kept, so a contradiction is left for {@link Rules#validate()} to refuse.
     */
    public Builder variant(Variant v) {
      variant = v;
      if (!openingChosen && opening == Opening.ROLL_OFF_DICE && v.winnerRerolls()) opening = Opening.WINNER_REROLLS;
      if (!v.cubeAllowed()) {
        cube = false;
        jacoby = false;
        beavers = false;
        raccoons = false;
        beaverRefusable = false;
        automaticDoubles = 0;
        noGammonWithCube = false;
      }
      return this;
    }

    /** {@link #variant(Variant)} by name; throws for an unknown name (parse it first where it comes from outside). */
    public Builder variant(String name) {
      return variant(Variants.of(name));
    }

    public Rules build() {
      return new Rules(matchLength, cube, crawford, holland, jacoby, beavers, raccoons, beaverRefusable,
          automaticDoubles, maxCube, stakes, scoring, barBackgammonTimesFour, opening, noGammonWithCube, drawPoints,
          nextGame, variant);
    }
  }
}
