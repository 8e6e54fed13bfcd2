package tabla.core.match;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.variant.Ending;
import tabla.core.variant.Turn;

/**
 * One game as an immutable state machine: opening roll-off, then turns of [double?] → roll → play,
 * with take, drop, beaver, raccoon and resignations. {@link #apply} returns the next state, or an
 * error with the reason and leaves this state as it was.
 *
 * <p>Players are 0 and 1. The position is kept from the side of the player on roll.
 */
public final class Game {
  /** A player's action as it happened, in order. */
  public record Event(int player, Action action) {}

  private final Rules rules;
  private final Seat seat;
  private final Phase phase;
  private final int onRoll; // -1 during the opening
  private final Position position; // from onRoll's side (player 0's during the opening)
  private final Dice dice; // rolled and not yet played
  private final int cube;
  private final int cubeOwner; // -1 centred
  private final int autoDoubles;
  private final int rolls0;
  private final int rolls1;
  private final boolean raccoonAllowed;
  private final int resignLevel;
  private final Phase resumePhase;
  private final GameResult result;
  private final List<Event> events;
  // The legal plays of the dice on the board, found once (a benign race: the list is immutable).
  private List<Play> plays;

  /** Where this game stands in its match: the score and the Crawford situation. */
  public record Seat(int score0, int score1, boolean crawfordGame, boolean postCrawford) {
    public static final Seat MONEY = new Seat(0, 0, false, false);

    int score(int player) {
      return player == 0 ? score0 : score1;
    }
  }

  private Game(Rules rules, Seat seat, Phase phase, int onRoll, Position position, Dice dice, int cube,
      int cubeOwner, int autoDoubles, int rolls0, int rolls1, boolean raccoonAllowed, int resignLevel,
      Phase resumePhase, GameResult result, List<Event> events) {
    this.rules = rules;
    this.seat = seat;
    this.phase = phase;
    this.onRoll = onRoll;
    this.position = position;
    this.dice = dice;
    this.cube = cube;
    this.cubeOwner = cubeOwner;
    this.autoDoubles = autoDoubles;
    this.rolls0 = rolls0;
    this.rolls1 = rolls1;
    this.raccoonAllowed = raccoonAllowed;
    this.resignLevel = resignLevel;
    this.resumePhase = resumePhase;
    this.result = result;
    this.events = events;
  }

  /** A new game waiting for the opening roll-off. */
  public static Game start(Rules rules, Seat seat) {
    return new Game(rules, seat, Phase.OPENING, -1, rules.game().start(), null, 1, -1, 0, 0, 0, false, 0, null, null,
        List.of());
  }

  /**
   * A game set up at a position (from {@code onRoll}'s side) with {@code onRoll} about to roll, as
   * for a problem, a record that starts mid-game, or a test. Counts as past the first roll.
   */
  public static Game setUp(Rules rules, Seat seat, Position position, int onRoll, int cube, int cubeOwner) {
    if (!rules.game().usesDice()) {
      return new Game(rules, seat, Phase.MOVE, onRoll, position, null, cube, cubeOwner, 0, 1, 1, false, 0, null, null,
          List.of()).passIfStuck();
    }
    return new Game(rules, seat, Phase.ROLL, onRoll, position, null, cube, cubeOwner, 0, 1, 1, false, 0, null, null,
        List.of());
  }

  public Rules rules() {
    return rules;
  }

  public Seat seat() {
    return seat;
  }

  public Phase phase() {
    return phase;
  }

  /** The player on roll (who owns the dice), -1 during the opening. */
  public int onRoll() {
    return onRoll;
  }

  /** The player who must act now; -1 when both roll (the opening) or the game is over. */
  public int turn() {
    return switch (phase) {
      case OPENING, OVER -> -1;
      case ROLL, MOVE -> onRoll;
      case DOUBLE_OFFERED, RESIGN_OFFERED -> 1 - onRoll;
    };
  }

  /** The board from the side of the player on roll (player 0's side during the opening). */
  public Position position() {
    return position;
  }

  /** The board from {@code player}'s side. */
  public Position positionFor(int player) {
    return player == onRoll || (onRoll < 0 && player == 0) ? position : position.swap();
  }

  /** The dice waiting to be played, or null. */
  public Dice dice() {
    return dice;
  }

  public int cube() {
    return cube;
  }

  /** The player who owns the cube, or -1 while it is in the middle. */
  public int cubeOwner() {
    return cubeOwner;
  }

  public int resignLevel() {
    return resignLevel;
  }

  /** How many times {@code player} has rolled in this game (the standard opening counts as a roll). */
  public int rolls(int player) {
    return player == 0 ? rolls0 : rolls1;
  }

  public boolean isOver() {
    return phase == Phase.OVER;
  }

  /** The result once the game is over, else null. */
  public GameResult result() {
    return result;
  }

  public List<Event> events() {
    return events;
  }

  /** The legal plays for the dice waiting to be played (empty outside {@link Phase#MOVE}). */
  public List<Play> legalPlays() {
    return phase == Phase.MOVE ? plays(dice) : List.of();
  }

  /** Where this turn stands in the game, for variants whose rules depend on it. */
  public Turn progress() {
    return new Turn(rolls0 + rolls1, onRoll == 1 ? rolls1 : rolls0);
  }

  private List<Play> plays(Dice d) {
    if (d == dice && plays != null) return plays;
    List<Play> found = rules.game().legalPlays(position, d, progress());
    if (d == dice) plays = found;
    return found;
  }

  /** Whether the player on roll may double now, or why not. */
  public Result<Integer> canDouble() {
    String why = CubeRules.whyNoDouble(this);
    return why == null ? Result.ok(CubeRules.next(rules, cube)) : Result.err(why);
  }

  /** The next state after {@code action} by the player who must act, or why it is refused. */
  public Result<Game> apply(Action action) {
    if (phase == Phase.OVER) return Result.err("the game is over");
    if (action instanceof Action.RollOff r) return rollOff(r);
    if (action instanceof Action.Roll r) return roll(r);
    if (action instanceof Action.Move m) return move(m);
    if (action instanceof Action.Double d) return doubleCube(d);
    if (action instanceof Action.Raccoon r) return raccoon(r);
    if (action instanceof Action.Resign r) return resign(r);
    if (action instanceof Action.Take || action instanceof Action.Drop || action instanceof Action.Beaver) {
      return answerDouble(action);
    }
    return answerResign(action); // AcceptResign or RejectResign: the sealed interface has no other
  }

  private Result<Game> rollOff(Action.RollOff r) {
    if (phase != Phase.OPENING) return Result.err("the opening roll is over");
    if (r.die0() < 1 || r.die0() > 6 || r.die1() < 1 || r.die1() > 6) return Result.err("dice must be 1 to 6");
    List<Event> ev = append(new Event(-1, r));
    if (r.die0() == r.die1()) {
      // Equal dice: roll again; money play may double the cube automatically (it stays in the middle).
      boolean auto = rules.cube() && autoDoubles < rules.automaticDoubles()
          && CubeRules.next(rules, cube) <= rules.maxCube();
      int c = auto ? CubeRules.next(rules, cube) : cube;
      return Result.ok(new Game(rules, seat, Phase.OPENING, -1, position, null, c, -1,
          autoDoubles + (auto ? 1 : 0), 0, 0, false, 0, null, null, ev));
    }
    int winner = r.die0() > r.die1() ? 0 : 1;
    if (!rules.game().usesDice()) {
      // A game without dice (Grasshopper): the roll-off only says who starts, and he plays at once.
      return Result.ok(new Game(rules, seat, Phase.MOVE, winner, position, null, cube, cubeOwner, autoDoubles, 0, 0,
          false, 0, null, null, ev).passIfStuck());
    }
    return switch (rules.opening()) {
      case ROLL_OFF_DICE -> {
        Dice d = winner == 0 ? new Dice(r.die0(), r.die1()) : new Dice(r.die1(), r.die0());
        Game g = new Game(rules, seat, Phase.ROLL, winner, position, null, cube, cubeOwner, autoDoubles,
            winner == 0 ? 1 : 0, winner == 1 ? 1 : 0, false, 0, null, null, ev);
        yield Result.ok(g.rolled(d));
      }
      case WINNER_REROLLS -> Result.ok(new Game(rules, seat, Phase.ROLL, winner, position, null, cube, cubeOwner,
          autoDoubles, 0, 0, false, 0, null, null, ev));
      case LOSER_MOVES_FIRST -> Result.ok(new Game(rules, seat, Phase.ROLL, 1 - winner, position, null, cube,
          cubeOwner, autoDoubles, 0, 0, false, 0, null, null, ev));
    };
  }

  private Result<Game> roll(Action.Roll r) {
    if (phase != Phase.ROLL) return Result.err(notNow("roll"));
    Game g = new Game(rules, seat, Phase.ROLL, onRoll, position, null, cube, cubeOwner, autoDoubles,
        rolls0 + (onRoll == 0 ? 1 : 0), rolls1 + (onRoll == 1 ? 1 : 0), false, 0, null, null,
        append(new Event(onRoll, r)));
    return Result.ok(g.rolled(r.dice()));
  }

  /** The dice are on the board: wait for the play, or pass at once when nothing is legal. */
  private Game rolled(Dice d) {
    List<Play> found = plays(d);
    if (!found.isEmpty()) {
      Game g = new Game(rules, seat, Phase.MOVE, onRoll, position, d, cube, cubeOwner, autoDoubles, rolls0, rolls1,
          false, 0, null, null, events);
      g.plays = found;
      return g;
    }
    List<Event> ev = new ArrayList<>(events);
    ev.add(new Event(onRoll, new Action.Move(new Play(List.of(), position))));
    return nextTurn(position, Collections.unmodifiableList(ev));
  }

  private Game nextTurn(Position moverView, List<Event> ev) {
    // Without dice the next player goes straight to his play.
    Phase next = rules.game().usesDice() ? Phase.ROLL : Phase.MOVE;
    return new Game(rules, seat, next, 1 - onRoll, moverView.swap(), null, cube, cubeOwner, autoDoubles,
        rolls0, rolls1, false, 0, null, null, ev).passIfStuck();
  }

  /**
   * Without dice nobody rolls, so nobody else notices a player with no play: he passes at once and the
   * other plays again; when neither has a play the game is drawn (so it can never wait forever).
   */
  private Game passIfStuck() {
    if (rules.game().usesDice() || phase != Phase.MOVE || !plays(null).isEmpty()) return this;
    List<Event> ev = append(new Event(onRoll, new Action.Move(new Play(List.of(), position))));
    Game back = new Game(rules, seat, Phase.MOVE, 1 - onRoll, position.swap(), null, cube, cubeOwner, autoDoubles,
        rolls0, rolls1, false, 0, null, null, ev);
    if (!back.plays(null).isEmpty()) return back;
    return back.over(back.position, new GameResult(-1, GameResult.End.DRAW, 0, cube), ev);
  }

  private Result<Game> move(Action.Move m) {
    if (phase != Phase.MOVE) return Result.err(notNow("move"));
    List<Play> plays = plays(dice);
    Play legal = null;
    for (Play candidate : plays) {
      if (candidate.equals(m.play())) legal = candidate;
    }
    if (legal == null && !(m.play().isPass() && plays.isEmpty())) {
      String with = dice == null ? "" : " with " + dice;
      return Result.err("not a legal play" + with + ": " + tabla.core.format.Notation.write(m.play()));
    }
    Position p = legal == null ? position : legal.result();
    Play played = new Play(m.play().moves(), p);
    List<Event> ev = append(new Event(onRoll, new Action.Move(played)));
    java.util.Optional<Ending> end = rules.game().ending(p, progress());
    if (end.isPresent()) return Result.ok(over(p, result(p, end.get()), ev));
    Dice more = legal == null ? null : rules.game().playsOn(dice, legal, progress());
    if (more != null) {
      // The rest of the roll, played as a play of its own (Gul bara's higher doubles); lost if none is legal.
      Game g = new Game(rules, seat, Phase.MOVE, onRoll, p, more, cube, cubeOwner, autoDoubles, rolls0, rolls1,
          false, 0, null, null, ev);
      if (!g.legalPlays().isEmpty()) return Result.ok(g);
    }
    if (legal != null && rules.game().rollsAgain(dice, legal)) {
      // Acey-deucey's 1-2: the same player rolls again, the position still his.
      return Result.ok(new Game(rules, seat, Phase.ROLL, onRoll, p, null, cube, cubeOwner, autoDoubles, rolls0,
          rolls1, false, 0, null, null, ev));
    }
    return Result.ok(nextTurn(p, ev));
  }

  /** The result of a game the variant says is over after the mover's play ({@code p}, his side). */
  private GameResult result(Position p, Ending e) {
    if (e.isDraw()) return new GameResult(-1, GameResult.End.DRAW, 0, cube);
    int winner = e.winner() == Ending.MOVER ? onRoll : 1 - onRoll;
    Position winnerView = e.winner() == Ending.MOVER ? p : p.swap();
    return new GameResult(winner, GameResult.End.BORNE_OFF, Scorer.borneOff(rules, winnerView, e.level(), cube), cube);
  }

  private Result<Game> doubleCube(Action.Double d) {
    if (phase != Phase.ROLL) return Result.err(notNow("double"));
    String why = CubeRules.whyNoDouble(this);
    if (why != null) return Result.err(why);
    return Result.ok(new Game(rules, seat, Phase.DOUBLE_OFFERED, onRoll, position, null, cube, cubeOwner,
        autoDoubles, rolls0, rolls1, false, 0, null, null, append(new Event(onRoll, d))));
  }

  private Result<Game> answerDouble(Action a) {
    if (phase != Phase.DOUBLE_OFFERED) return Result.err("there is no double to answer");
    int taker = 1 - onRoll;
    List<Event> ev = append(new Event(taker, a));
    if (a instanceof Action.Drop) {
      // A refused double pays the value before the double; gammons do not count.
      return Result.ok(over(position, new GameResult(onRoll, GameResult.End.DROPPED, 1, cube), ev));
    }
    int value = CubeRules.next(rules, cube);
    boolean beaver = a instanceof Action.Beaver;
    if (beaver) {
      String why = CubeRules.whyNoBeaver(this);
      if (why != null) return Result.err(why);
      value = CubeRules.next(rules, value);
    }
    return Result.ok(new Game(rules, seat, Phase.ROLL, onRoll, position, null, value, taker, autoDoubles, rolls0,
        rolls1, beaver && rules.raccoons(), 0, null, null, ev));
  }

  private Result<Game> raccoon(Action.Raccoon r) {
    if (phase != Phase.ROLL || !raccoonAllowed) return Result.err("a raccoon answers a beaver, before rolling");
    int value = CubeRules.next(rules, cube);
    if (value > rules.maxCube()) return Result.err("the cube is at its maximum (" + rules.maxCube() + ")");
    return Result.ok(new Game(rules, seat, Phase.ROLL, onRoll, position, null, value, onRoll, autoDoubles, rolls0,
        rolls1, false, 0, null, null, append(new Event(onRoll, r))));
  }

  private Result<Game> resign(Action.Resign r) {
    if (phase != Phase.ROLL && phase != Phase.MOVE) return Result.err(notNow("resign"));
    if (r.level() < 1 || r.level() > 3) return Result.err("resign 1 (single), 2 (gammon) or 3 (backgammon)");
    return Result.ok(new Game(rules, seat, Phase.RESIGN_OFFERED, onRoll, position, dice, cube, cubeOwner,
        autoDoubles, rolls0, rolls1, raccoonAllowed, r.level(), phase, null, append(new Event(onRoll, r))));
  }

  private Result<Game> answerResign(Action a) {
    if (phase != Phase.RESIGN_OFFERED) return Result.err("there is no resignation to answer");
    int winner = 1 - onRoll;
    List<Event> ev = append(new Event(winner, a));
    if (a instanceof Action.AcceptResign) {
      int mult = Scorer.forLevel(rules, resignLevel, cube);
      return Result.ok(over(position, new GameResult(winner, GameResult.End.RESIGNED, mult, cube), ev));
    }
    return Result.ok(new Game(rules, seat, resumePhase, onRoll, position, dice, cube, cubeOwner, autoDoubles,
        rolls0, rolls1, raccoonAllowed, 0, null, null, ev));
  }

  private Game over(Position p, GameResult res, List<Event> ev) {
    return new Game(rules, seat, Phase.OVER, onRoll, p, null, cube, cubeOwner, autoDoubles, rolls0, rolls1, false,
        0, null, res, ev);
  }

  private String notNow(String what) {
    return "cannot " + what + " now: " + switch (phase) {
      case OPENING -> "the opening roll comes first";
      case ROLL -> "roll (or double) first";
      case MOVE -> "the dice are rolled, play them";
      case DOUBLE_OFFERED -> "a double waits for an answer";
      case RESIGN_OFFERED -> "a resignation waits for an answer";
      case OVER -> "the game is over";
    };
  }

  private List<Event> append(Event e) {
    List<Event> ev = new ArrayList<>(events.size() + 1);
    ev.addAll(events);
    ev.add(e);
    return Collections.unmodifiableList(ev);
  }

  boolean raccoonAllowed() {
    return raccoonAllowed;
  }
}
