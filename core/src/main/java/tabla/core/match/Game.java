package tabla.core.match;

import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Consumer;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.RuleCode;
import tabla.core.variant.Ending;
import tabla.core.variant.Turn;

/**
 * One game as an immutable state machine: opening roll-off, then turns of [double?] → roll → play,
 * with take, drop, beaver, raccoon and resignations. {@link #apply} returns the next state, or an
 * error with the reason and leaves this state as it was. Each next state is this one with a few
 * parts changed ({@link #with}).
 *
 * <p>Players are 0 and 1. The position is kept from the side of the player on roll.
 *
 * @param onRoll the player who owns the dice; empty during the opening
 * @param position the board from {@code onRoll}'s side (player 0's during the opening)
 * @param dice rolled and not yet played, or null
 * @param cube the cube's value
 * @param cubeOwner the player who owns the cube; empty while it is centred
 * @param autoDoubles automatic doubles made in this game's opening
 * @param rolls0 how many times player 0 has rolled (the standard opening counts as a roll)
 * @param rolls1 the same for player 1
 * @param beaverStake after a beaver, until the doubler rolls: the doubled stake he pays if he refuses it
 *     (the Italian rule), 0 otherwise
 * @param resignLevel the resignation offered (1..3), 0 when none
 * @param resumePhase the phase a rejected resignation returns to
 * @param result the result once the game is over, else null
 */
public record Game(Rules rules, Seat seat, Phase phase, OptionalInt onRoll, Position position, Dice dice,
    int cube, OptionalInt cubeOwner, int autoDoubles, int rolls0, int rolls1, int beaverStake,
    int resignLevel, Phase resumePhase, GameResult result, List<Event> events) {

  /** A player's action as it happened, in order; {@code player} is empty for the roll-off. */
  public record Event(OptionalInt player, Action action) {
    public Event(int player, Action action) {
      this(player == 0 ? PLAYER0 : player == 1 ? PLAYER1 : OptionalInt.of(player), action);
    }

    /** Whether {@code p} made this action. */
    public boolean by(int p) {
      return player.isPresent() && player.getAsInt() == p;
    }
  }

  /**
   * Where this game stands in its match: the score, the Crawford situation, and who starts it.
   *
   * @param starter the player who rolls first without a roll-off ({@link Rules#nextGame()}), or -1 when the
   *     game begins with a roll-off
   */
  public record Seat(int score0, int score1, boolean crawfordGame, boolean postCrawford, int starter) {
    public static final Seat MONEY = new Seat(0, 0, false, false);

    /** A game that begins with a roll-off. */
    public Seat(int score0, int score1, boolean crawfordGame, boolean postCrawford) {
      this(score0, score1, crawfordGame, postCrawford, -1);
    }

    /** This seat, the game begun by {@code player} without a roll-off (-1: with one). */
    public Seat startedBy(int player) {
      return new Seat(score0, score1, crawfordGame, postCrawford, player);
    }

    int score(int player) {
      return player == 0 ? score0 : score1;
    }
  }

  private static final OptionalInt NOBODY = OptionalInt.empty();
  // one of each, not one an event (an OptionalInt is a value: nothing tells the shared one from a new one)
  private static final OptionalInt PLAYER0 = OptionalInt.of(0);
  private static final OptionalInt PLAYER1 = OptionalInt.of(1);

  /**
   * The last game asked for its legal plays on this thread, with them, held weakly. A game waiting for a play keeps
   * its position and dice, not its ~20 plays (which a live match would otherwise hold for a whole think time, and a
   * young collection copy); a caller that asks for them and then applies one of them (a player choosing, the server
   * matching the play sent) finds them here instead of generating them again. Weak, so that this memo never keeps
   * them through a collection; one entry a thread, so it is bounded. The game is compared by identity: the same
   * object has the same plays.
   */
  private static final ThreadLocal<WeakReference<Found>> LAST_FOUND = new ThreadLocal<>();

  private record Found(Game game, List<Play> plays) {}

  /**
   * A new game: waiting for the opening roll-off, or, when the seat names its starter (the match's
   * {@link Rules#nextGame()} rule), with him to roll (or to play, without dice).
   */
  public static Game start(Rules rules, Seat seat) {
    Game g = new Game(rules, seat, Phase.OPENING, NOBODY, rules.variant().start(), null, 1, NOBODY, 0, 0, 0, 0,
        0, null, null, List.of());
    if (seat.starter() < 0) return g;
    boolean dice = rules.variant().usesDice();
    Game started = g.with(c -> { // the start is the same from either side
      c.phase = dice ? Phase.ROLL : Phase.MOVE;
      c.turnTo(seat.starter(), c.position);
    });
    return dice ? started : started.waitingFor(null).passIfStuck();
  }

  /** The player who acted first in this game, after any roll-off: its starter; empty before anyone has. */
  public OptionalInt firstMover() {
    for (Event e : events) {
      if (e.player().isPresent()) return e.player();
    }
    return NOBODY;
  }

  /**
   * A game set up at a position (from {@code onRoll}'s side) with {@code onRoll} about to roll, as
   * for a problem, a record that starts mid-game, or a test. Counts as past the first roll.
   */
  public static Game setUp(Rules rules, Seat seat, Position position, int onRoll, int cube, OptionalInt cubeOwner) {
    boolean dice = rules.variant().usesDice();
    Game g = start(rules, seat).with(c -> {
      c.phase = dice ? Phase.ROLL : Phase.MOVE;
      c.turnTo(onRoll, position);
      c.cube = cube;
      c.cubeOwner = cubeOwner;
      c.rolls0 = 1;
      c.rolls1 = 1;
    });
    return dice ? g : g.waitingFor(null).passIfStuck();
  }

  /** {@link #setUp(Rules, Seat, Position, int, int, OptionalInt)} with the cube centred. */
  public static Game setUp(Rules rules, Seat seat, Position position, int onRoll, int cube) {
    return setUp(rules, seat, position, onRoll, cube, NOBODY);
  }

  /** The player on roll; throws during the opening, when nobody is (see {@link #onRoll()}). */
  public int mover() {
    return onRoll.orElseThrow(() -> new IllegalStateException("nobody is on roll during the opening"));
  }

  /** Whether {@code player} is on roll. */
  public boolean isOnRoll(int player) {
    return onRoll.isPresent() && onRoll.getAsInt() == player;
  }

  /** The player who must act now; empty when both roll (the opening) or the game is over. */
  public OptionalInt turn() {
    return switch (phase) {
      case OPENING, OVER -> NOBODY;
      case ROLL, MOVE -> onRoll;
      case DOUBLE_OFFERED, RESIGN_OFFERED -> OptionalInt.of(1 - mover());
    };
  }

  /** Whether {@code player} must act now. */
  public boolean toAct(int player) {
    OptionalInt t = turn();
    return t.isPresent() && t.getAsInt() == player;
  }

  /** Whether the cube is in the middle (whatever its value: automatic doubles leave it there). */
  public boolean cubeCentred() {
    return cubeOwner.isEmpty();
  }

  /** Whether {@code player} owns the cube. */
  public boolean ownsCube(int player) {
    return cubeOwner.isPresent() && cubeOwner.getAsInt() == player;
  }

  /** The board from {@code player}'s side. */
  public Position positionFor(int player) {
    return isOnRoll(player) || (onRoll.isEmpty() && player == 0) ? position : position.swap();
  }

  /** How many times {@code player} has rolled in this game (the standard opening counts as a roll). */
  public int rolls(int player) {
    return player == 0 ? rolls0 : rolls1;
  }

  public boolean isOver() {
    return phase == Phase.OVER;
  }

  /**
   * This game's state after each of its events, played again from its start: what a replay shows after each
   * line of the history (the board, the cube). An event the game made itself (the pass of a roll that cannot be
   * played) shares the state of the action that caused it. For games begun with {@link #start}.
   */
  public List<Game> trail() {
    List<Game> out = new ArrayList<>(events.size());
    Game g = start(rules, seat);
    while (out.size() < events.size()) {
      Event next = events.get(out.size());
      Result<Game> r = g.apply(next.action());
      if (!r.isOk()) throw new IllegalStateException("this game's own event " + next + " was refused: " + r.error());
      g = r.get();
      while (out.size() < g.events.size()) out.add(g);
    }
    return out;
  }

  /**
   * The legal plays for the dice waiting to be played (empty outside {@link Phase#MOVE}), found when asked: the same
   * list again while this thread asks the same game (see {@link #LAST_FOUND}).
   */
  public List<Play> legalPlays() {
    if (phase != Phase.MOVE) return List.of();
    WeakReference<Found> ref = LAST_FOUND.get();
    Found last = ref == null ? null : ref.get();
    if (last != null && last.game == this) return last.plays;
    List<Play> found = rules.variant().legalPlays(position, dice, progress());
    LAST_FOUND.set(new WeakReference<>(new Found(this, found)));
    return found;
  }

  /** Where this turn stands in the game, for variants whose rules depend on it. */
  public Turn progress() {
    return new Turn(rolls0 + rolls1, isOnRoll(1) ? rolls1 : rolls0);
  }

  /** This game waiting for {@code d} (null without dice) to be played; its legal plays are found when asked. */
  private Game waitingFor(Dice d) {
    return with(c -> {
      c.phase = Phase.MOVE;
      c.dice = d;
    });
  }

  /** The next cube value, or why the player on roll may not double now. */
  public Result<Integer> canDouble() {
    return CubeRules.mayDouble(this);
  }

  /** The cube's value after a beaver, or why the player doubled may not beaver now. */
  public Result<Integer> canBeaver() {
    if (phase != Phase.DOUBLE_OFFERED) return Result.err(RuleCode.NO_DOUBLE_TO_ANSWER, "there is no double to answer");
    return CubeRules.mayBeaver(this);
  }

  /** The next state after {@code action} by the player who must act, or why it is refused. */
  public Result<Game> apply(Action action) {
    if (phase == Phase.OVER) return Result.err(RuleCode.OVER, "the game is over");
    if (action instanceof Action.RollOff r) return rollOff(r);
    if (action instanceof Action.Roll r) return roll(r);
    if (action instanceof Action.Move m) return move(m);
    if (action instanceof Action.Double d) return doubleCube(d);
    if (action instanceof Action.Raccoon r) return raccoon(r);
    if (action instanceof Action.Resign r) return resign(r);
    if (action instanceof Action.Drop && phase == Phase.ROLL) return refuseBeaver();
    if (action instanceof Action.Take || action instanceof Action.Drop || action instanceof Action.Beaver) {
      return answerDouble(action);
    }
    return answerResign(action); // AcceptResign or RejectResign: the sealed interface has no other
  }

  private Result<Game> rollOff(Action.RollOff r) {
    if (phase != Phase.OPENING) return Result.err(RuleCode.OPENING_OVER, "the opening roll is over");
    if (r.die0() < 1 || r.die0() > 6 || r.die1() < 1 || r.die1() > 6) return Result.err(RuleCode.DICE_RANGE, "dice must be 1 to 6");
    List<Event> ev = append(new Event(NOBODY, r));
    if (r.die0() == r.die1()) {
      // Equal dice: roll again; money play may double the cube automatically (it stays in the middle).
      int doubled = rules.stakes().next(cube);
      boolean auto = rules.cube() && autoDoubles < rules.automaticDoubles() && doubled <= rules.maxCube();
      return Result.ok(with(c -> {
        c.events = ev;
        if (auto) c.cube = doubled;
        if (auto) c.autoDoubles++;
      }));
    }
    int winner = r.die0() > r.die1() ? 0 : 1;
    boolean withDice = rules.variant().usesDice();
    // Without dice (Grasshopper) the roll-off only says who starts, and he plays at once.
    int first = withDice && rules.opening() == Rules.Opening.LOSER_MOVES_FIRST ? 1 - winner : winner;
    boolean playsRollOff = withDice && rules.opening() == Rules.Opening.ROLL_OFF_DICE;
    Game g = with(c -> {
      c.events = ev;
      c.phase = withDice ? Phase.ROLL : Phase.MOVE;
      c.turnTo(first, position);
      if (playsRollOff) c.rolls0 = winner == 0 ? 1 : 0; // the roll-off counts as the starter's roll
      if (playsRollOff) c.rolls1 = winner == 1 ? 1 : 0;
    });
    if (!withDice) return Result.ok(g.waitingFor(null).passIfStuck());
    if (!playsRollOff) return Result.ok(g);
    return Result.ok(g.rolled(winner == 0 ? new Dice(r.die0(), r.die1()) : new Dice(r.die1(), r.die0()), false));
  }

  private Result<Game> roll(Action.Roll r) {
    if (phase != Phase.ROLL) return notNow("roll");
    int p = mover();
    List<Event> ev = append(new Event(p, r));
    Game g = with(c -> {
      if (p == 0) c.rolls0++;
      else c.rolls1++;
      c.beaverStake = 0;
      c.events = ev;
    });
    return Result.ok(g.rolled(r.dice(), r.waitForPass()));
  }

  /** The dice are on the board: wait for the play, or pass at once when nothing is legal (unless asked to wait). */
  private Game rolled(Dice d, boolean waitForPass) {
    Game g = waitingFor(d);
    if (waitForPass || !g.legalPlays().isEmpty()) return g;
    return nextTurn(position, append(new Event(mover(), new Action.Move(new Play(List.of(), position)))));
  }

  private Game nextTurn(Position moverView, List<Event> ev) {
    // Without dice the next player goes straight to his play.
    boolean dice = rules.variant().usesDice();
    Game next = with(c -> {
      c.turnTo(1 - mover(), moverView.swap());
      c.events = ev;
      c.phase = dice ? Phase.ROLL : Phase.MOVE;
    });
    return dice ? next : next.waitingFor(null).passIfStuck();
  }

  /**
   * Without dice nobody rolls, so nobody else notices a player with no play: he passes at once and the
   * other plays again; when neither has a play the game is drawn (so it can never wait forever).
   */
  private Game passIfStuck() {
    if (rules.variant().usesDice() || phase != Phase.MOVE || !legalPlays().isEmpty()) return this;
    List<Event> ev = append(new Event(mover(), new Action.Move(new Play(List.of(), position))));
    Game back = with(c -> {
      c.turnTo(1 - mover(), position.swap());
      c.events = ev;
    }).waitingFor(null);
    if (!back.legalPlays().isEmpty()) return back;
    return back.over(back.position, GameResult.draw(cube, rules.drawPoints()), ev);
  }

  private Result<Game> move(Action.Move m) {
    if (phase != Phase.MOVE) return notNow("move");
    List<Play> plays = legalPlays();
    Play legal = null;
    for (Play candidate : plays) {
      if (candidate.equals(m.play())) legal = candidate;
    }
    if (legal == null && !(m.play().isPass() && plays.isEmpty())) {
      String with = dice == null ? "" : " with " + dice;
      String play = tabla.core.format.Notation.write(m.play());
      return Result.err(RuleCode.ILLEGAL_PLAY, "not a legal play" + with + ": " + play, Map.of("play", play));
    }
    Position p = legal == null ? position : legal.result();
    Play played = new Play(m.play().moves(), p);
    List<Event> ev = append(new Event(mover(), new Action.Move(played)));
    Optional<Ending> end = rules.variant().ending(p, progress());
    if (end.isPresent()) return Result.ok(over(p, result(p, end.get()), ev));
    Dice more = legal == null ? null : rules.variant().playsOn(dice, legal, progress());
    if (more != null) {
      // The rest of the roll, played as a play of its own (Gul bara's higher doubles); lost if none is legal.
      Game g = with(c -> {
        c.position = p;
        c.events = ev;
      }).waitingFor(more);
      if (!g.legalPlays().isEmpty()) return Result.ok(g);
    }
    if (legal != null && rules.variant().rollsAgain(dice, legal)) {
      // Acey-deucey's 1-2: the same player rolls again, the position still his.
      return Result.ok(with(c -> {
        c.turnTo(mover(), p);
        c.phase = Phase.ROLL;
        c.events = ev;
      }));
    }
    return Result.ok(nextTurn(p, ev));
  }

  /** The result of a game the variant says is over after the mover's play ({@code p}, his side). */
  private GameResult result(Position p, Ending e) {
    if (e.isDraw()) return GameResult.draw(cube, rules.drawPoints());
    int winner = e.winner() == Ending.MOVER ? mover() : 1 - mover();
    Position winnerView = e.winner() == Ending.MOVER ? p : p.swap();
    int multiplier = Scorer.borneOff(rules, winnerView, e.level(), cubeCentred());
    return GameResult.won(winner, GameResult.End.BORNE_OFF, multiplier, cube);
  }

  private Result<Game> doubleCube(Action.Double d) {
    if (phase != Phase.ROLL) return notNow("double");
    Result<Integer> may = CubeRules.mayDouble(this);
    if (!may.isOk()) return may.sameError();
    List<Event> ev = append(new Event(mover(), d));
    return Result.ok(with(c -> {
      c.phase = Phase.DOUBLE_OFFERED;
      c.beaverStake = 0;
      c.events = ev;
    }));
  }

  private Result<Game> answerDouble(Action a) {
    if (phase != Phase.DOUBLE_OFFERED) return Result.err(RuleCode.NO_DOUBLE_TO_ANSWER, "there is no double to answer");
    int taker = 1 - mover();
    List<Event> ev = append(new Event(taker, a));
    if (a instanceof Action.Drop) {
      // A refused double pays the value before the double; gammons do not count.
      return Result.ok(over(position, GameResult.won(mover(), GameResult.End.DROPPED, 1, cube), ev));
    }
    int value = rules.stakes().next(cube);
    int stake = 0;
    if (a instanceof Action.Beaver) {
      Result<Integer> may = CubeRules.mayBeaver(this);
      if (!may.isOk()) return may.sameError();
      stake = value;
      value = rules.stakes().next(value);
    }
    int cubeAfter = value;
    int refusal = stake;
    return Result.ok(with(c -> {
      c.phase = Phase.ROLL;
      c.cube = cubeAfter;
      c.cubeOwner = OptionalInt.of(taker);
      c.beaverStake = refusal;
      c.events = ev;
    }));
  }

  /** The Italian rule: the doubler refuses the beaver before rolling and pays the doubled stake, no gammons. */
  private Result<Game> refuseBeaver() {
    Result<Integer> may = CubeRules.mayRefuseBeaver(this);
    if (!may.isOk()) return may.sameError();
    List<Event> ev = append(new Event(mover(), new Action.Drop()));
    return Result.ok(over(position, GameResult.won(1 - mover(), GameResult.End.DROPPED, 1, beaverStake), ev));
  }

  private Result<Game> raccoon(Action.Raccoon r) {
    if (phase != Phase.ROLL || beaverStake == 0 || !rules.raccoons()) {
      return Result.err(RuleCode.RACCOON_AFTER_BEAVER, "a raccoon answers a beaver, before rolling");
    }
    int value = rules.stakes().next(cube);
    if (value > rules.maxCube()) return CubeRules.atMaximum(rules);
    List<Event> ev = append(new Event(mover(), r));
    return Result.ok(with(c -> {
      c.cube = value;
      c.cubeOwner = onRoll;
      c.beaverStake = 0;
      c.events = ev;
    }));
  }

  private Result<Game> resign(Action.Resign r) {
    if (phase != Phase.ROLL && phase != Phase.MOVE) return notNow("resign");
    if (r.level() < 1 || r.level() > 3) {
      return Result.err(RuleCode.RESIGN_LEVEL, "resign 1 (single), 2 (gammon) or 3 (backgammon)");
    }
    List<Event> ev = append(new Event(mover(), r));
    return Result.ok(with(c -> {
      c.phase = Phase.RESIGN_OFFERED;
      c.resignLevel = r.level();
      c.resumePhase = phase;
      c.events = ev;
    }));
  }

  private Result<Game> answerResign(Action a) {
    if (phase != Phase.RESIGN_OFFERED) return Result.err(RuleCode.NO_RESIGNATION_TO_ANSWER, "there is no resignation to answer");
    int winner = 1 - mover();
    List<Event> ev = append(new Event(winner, a));
    if (a instanceof Action.AcceptResign) {
      int mult = Scorer.forLevel(rules, resignLevel, cubeCentred());
      return Result.ok(over(position, GameResult.won(winner, GameResult.End.RESIGNED, mult, cube), ev));
    }
    return Result.ok(with(c -> {
      c.phase = resumePhase;
      c.resignLevel = 0;
      c.resumePhase = null;
      c.events = ev;
    }));
  }

  private Game over(Position p, GameResult res, List<Event> ev) {
    return with(c -> {
      c.turnTo(mover(), p);
      c.phase = Phase.OVER;
      c.beaverStake = 0;
      c.resignLevel = 0;
      c.resumePhase = null;
      c.result = res;
      c.events = ev;
    });
  }

  /** Why {@code what} (roll, move, double, resign) cannot be done in this phase; the code names the phase's reason. */
  private <T> Result<T> notNow(String what) {
    return switch (phase) {
      case OPENING -> notNow(what, RuleCode.OPENING_FIRST, "the opening roll comes first");
      case ROLL -> notNow(what, RuleCode.ROLL_OR_DOUBLE_FIRST, "roll (or double) first");
      case MOVE -> notNow(what, RuleCode.PLAY_THE_DICE, "the dice are rolled, play them");
      case DOUBLE_OFFERED -> notNow(what, RuleCode.DOUBLE_PENDING, "a double waits for an answer");
      case RESIGN_OFFERED -> notNow(what, RuleCode.RESIGNATION_PENDING, "a resignation waits for an answer");
      case OVER -> notNow(what, RuleCode.OVER, "the game is over");
    };
  }

  private static <T> Result<T> notNow(String what, RuleCode code, String why) {
    return Result.err(code, "cannot " + what + " now: " + why);
  }

  private List<Event> append(Event e) {
    return AppendOnly.append(events, e);
  }

  /**
   * The copy method: this game with the parts {@code change} sets, {@code g.with(c -> c.phase = Phase.ROLL)}.
   * Every state of a game is made here from the one before it.
   */
  Game with(Consumer<Copy> change) {
    Copy c = new Copy(this);
    change.accept(c);
    return new Game(rules, seat, c.phase, c.onRoll, c.position, c.dice, c.cube, c.cubeOwner, c.autoDoubles,
        c.rolls0, c.rolls1, c.beaverStake, c.resignLevel, c.resumePhase, c.result, c.events);
  }

  /** The parts of a game a transition may change, preset to this game's. */
  static final class Copy {
    Phase phase;
    OptionalInt onRoll;
    Position position;
    Dice dice;
    int cube;
    OptionalInt cubeOwner;
    int autoDoubles;
    int rolls0;
    int rolls1;
    int beaverStake;
    int resignLevel;
    Phase resumePhase;
    GameResult result;
    List<Event> events;

    private Copy(Game g) { // by what they describe: the wait, the turn, the cube, the record
      phase = g.phase; resignLevel = g.resignLevel; resumePhase = g.resumePhase; result = g.result;
      onRoll = g.onRoll; position = g.position; dice = g.dice; rolls0 = g.rolls0; rolls1 = g.rolls1;
      cube = g.cube; cubeOwner = g.cubeOwner; autoDoubles = g.autoDoubles; beaverStake = g.beaverStake;
      events = g.events;
    }

    /** {@code player} on roll, the board from his side, no dice on it yet. */
    void turnTo(int player, Position board) {
      onRoll = OptionalInt.of(player);
      position = board;
      dice = null;
    }
  }
}
