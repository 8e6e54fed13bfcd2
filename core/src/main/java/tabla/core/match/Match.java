package tabla.core.match;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import tabla.core.Result;
import tabla.core.RuleCode;
import tabla.core.dice.DiceSource;

/**
 * A match to N points, or a money session, as an immutable value: the games played so far, the
 * score, and the Crawford situation. Actions go to the current game; when it ends the score is
 * updated and the next game starts, until a player reaches the match length.
 */
public final class Match {
  private final Rules rules;
  private final int score0;
  private final int score1;
  private final boolean crawfordPlayed;
  private final List<Game> games; // every game so far; the last one is the current game

  private Match(Rules rules, int score0, int score1, boolean crawfordPlayed, List<Game> games) {
    this.rules = rules;
    this.score0 = score0;
    this.score1 = score1;
    this.crawfordPlayed = crawfordPlayed;
    this.games = games;
  }

  public static Result<Match> start(Rules rules) {
    Game.Seat first = rules.isMoney() ? Game.Seat.MONEY : new Game.Seat(0, 0, false, false);
    return rules.validate().map(r -> new Match(r, 0, 0, false, List.of(Game.start(r, first))));
  }

  /** The seat of the game after one was won: a player just reached match point → the Crawford game. */
  private static Game.Seat seatFor(Rules rules, int s0, int s1, boolean crawfordPlayed) {
    if (rules.isMoney()) return Game.Seat.MONEY;
    boolean matchPoint = s0 == rules.matchLength() - 1 || s1 == rules.matchLength() - 1;
    boolean crawfordGame = rules.crawford() && !crawfordPlayed && matchPoint;
    return new Game.Seat(s0, s1, crawfordGame, rules.crawford() && crawfordPlayed);
  }

  /**
   * Who starts the game after {@code done}, without a roll-off, or -1 for a roll-off ({@link Rules#nextGame()}):
   * its winner (a roll-off after a draw), or the player who moved second in it.
   */
  private static int nextStarter(Rules rules, Game done) {
    return switch (rules.nextGame()) {
      case ROLL_OFF -> -1;
      case WINNER -> done.result().winner().orElse(-1);
      case ALTERNATE -> done.firstMover().isPresent() ? 1 - done.firstMover().getAsInt() : -1;
    };
  }

  public Rules rules() {
    return rules;
  }

  public int score(int player) {
    return player == 0 ? score0 : score1;
  }

  public Game game() {
    return games.get(games.size() - 1);
  }

  public List<Game> games() {
    return games;
  }

  /**
   * True when a player has reached the match length ahead of the other (never for money play). Only a draw
   * that scores a point each ({@link Rules#drawPoints()}) can bring both there level; then the match goes on
   * until a game parts them.
   */
  public boolean isOver() {
    return !rules.isMoney() && Math.max(score0, score1) >= rules.matchLength() && score0 != score1;
  }

  /** The match winner; empty while it goes on (and always in money play). */
  public OptionalInt winner() {
    if (!isOver()) return OptionalInt.empty();
    return OptionalInt.of(score0 > score1 ? 0 : 1);
  }

  /**
   * The opening roll-off the dice make when the current game waits for one (player 0's die first, as
   * {@link GameDice} numbers them), else empty: the one home of the opening loop — apply it, and ask
   * again, until a tie has been rolled off.
   */
  public Optional<Action.RollOff> openingRoll(DiceSource dice) {
    if (isOver() || game().phase() != Phase.OPENING) return Optional.empty();
    return Optional.of(new Action.RollOff(dice.rollOne(), dice.rollOne()));
  }

  public Result<Match> apply(Action action) {
    if (isOver()) return Result.err(RuleCode.MATCH_OVER, "the match is over");
    Result<Game> next = game().apply(action);
    if (!next.isOk()) return next.sameError();
    Game g = next.get();
    List<Game> gs = new ArrayList<>(games);
    gs.set(gs.size() - 1, g);
    if (!g.isOver()) return Result.ok(new Match(rules, score0, score1, crawfordPlayed, Collections.unmodifiableList(gs)));
    GameResult res = g.result();
    int s0 = score0 + res.pointsFor(0);
    int s1 = score1 + res.pointsFor(1);
    boolean played = crawfordPlayed || g.seat().crawfordGame();
    Match m = new Match(rules, s0, s1, played, Collections.unmodifiableList(gs));
    if (m.isOver()) return Result.ok(m);
    gs.add(Game.start(rules, seatFor(rules, s0, s1, played).startedBy(nextStarter(rules, g))));
    return Result.ok(new Match(rules, s0, s1, played, Collections.unmodifiableList(gs)));
  }
}
