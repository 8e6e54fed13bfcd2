package tabla.server.games;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tabla.core.Result;
import tabla.core.dice.CommittedDice;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameDice;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.server.kernel.RefusalCode;
import tabla.server.kernel.Refused;

/**
 * One live game, as a serialized actor: every action goes through {@link #commit} under this
 * object's lock, is stored in the database, and only then becomes the room's state and is told to
 * the room's listener (still under the lock, so each version is announced once and in order). The
 * room is rebuilt from its stored actions after a restart.
 */
public final class GameRoom {
  /** Makes the verifiable dice of game number {@code gameNo} (1-based) of this room. */
  public interface DiceMaker {
    CommittedDice make(long roomId, int gameNo);
  }

  private final GameRow row;
  private final GameStore store;
  private final DiceMaker diceMaker;
  private final String[] names;
  private Match match;
  private int version;
  private CommittedDice dice;
  private int diceGameNo;
  private final String[] playerSeeds = new String[2]; // the current game's, as stored (docs/dice.md)
  /** The seeds fixed by a roll, stored with the action that rolled ({@link #fixSeeds}); at most one. */
  private final List<GameStore.DiceWrite> seedsToStore = new java.util.ArrayList<>(1);
  private Integer forfeitedBy; // the seat that lost on time, if any
  /**
   * Left memory after a failed write (its state may differ from the database's): a thread that still holds it must
   * not store through it, or it and the room reloaded in its place would both write the game's next version.
   */
  private boolean retired;
  private final RoomClock clock;
  /** The game service's clock (shared by every room). */
  private final java.time.Clock time;
  private final BetweenGames pause;
  private Consumer<GameRoom> listener = r -> { };
  /** The user whose turn was last announced ({@link #turnPassed}); null: the computer's or nobody's. */
  private Long turnTold;
  /** Whether the match's end was announced: it is a change of turn too (to nobody), even after the computer's turn. */
  private boolean endTold;

  private GameRoom(GameRow row, GameStore store, DiceMaker diceMaker, String[] names, Match match, java.time.Clock time) {
    this.time = time;
    this.row = row;
    this.store = store;
    this.diceMaker = diceMaker;
    this.names = names;
    this.match = match;
    boolean[] computer = {row.isBot(0), row.isBot(1)};
    this.clock = new RoomClock(row.clock(), match.rules().matchLength(), computer, time.millis());
    this.pause = new BetweenGames(computer);
  }

  /** Replays the stored actions; then finishes any automatic step a crash interrupted. */
  public static GameRoom load(GameRow row, GameStore store, DiceMaker diceMaker, String[] names, java.time.Clock time) {
    GameRoom room = new GameRoom(row, store, diceMaker, names, Match.start(RulesJson.read(row.rules())).get(), time);
    long now = time.millis();
    for (String payload : store.events(row.id())) {
      room.version++;
      Result<StoredEvent> e = EventCodec.decode(room.match, payload);
      if (e.isOk() && e.get() instanceof StoredEvent.TimedOut t) {
        room.forfeitedBy = t.seat();
        continue;
      }
      if (e.isOk() && e.get() instanceof StoredEvent.Continued c) {
        room.pause.waitFor(room.match.games().size(), now);
        room.pause.setReady(c.seat());
        continue;
      }
      Result<Match> next = e.flatMap(p -> room.match.apply(((StoredEvent.Played) p).action()));
      if (!next.isOk()) {
        throw new IllegalStateException("game " + row.id() + " action " + room.version + " does not replay: "
            + next.error());
      }
      room.match = next.get();
      List<Long> reserves = ((StoredEvent.Played) e.get()).clock();
      if (reserves != null) room.clock.restore(reserves.get(0), reserves.get(1));
    }
    room.revealFinishedDice();
    room.openDice();
    room.autoSteps(now);
    room.clock.follow(room.toAct(), now);
    room.turnTold = room.turnUser(); // a reload announces nothing new
    return room;
  }

  /**
   * Reveals the seed of every finished game of the match that is still secret: a crash between
   * storing a game's last action and revealing its seed (two writes) would otherwise hide it for good.
   */
  private void revealFinishedDice() {
    int finished = isFinished() ? match.games().size() : match.games().size() - 1;
    for (GameStore.DiceSeed d : store.dice(row.id())) {
      if (d.gameNo() <= finished && !d.revealed()) store.write(row.id(), new GameStore.DiceWrite.Reveal(d.gameNo()));
    }
  }

  /** Called under this room's lock after each stored action, with the room in its new state. */
  public synchronized void onCommit(Consumer<GameRoom> l) {
    this.listener = l;
  }

  public synchronized long id() {
    return row.id();
  }

  public GameRow row() {
    return row;
  }

  public synchronized Match match() {
    return match;
  }

  public synchronized int version() {
    return version;
  }

  /**
   * Whether the turn passed to another person (or to nobody: the computer, the match over) since the last time this
   * was asked: a roll and the move after it are one turn, told once. The users are the row's, so this needs no query.
   */
  public synchronized boolean turnPassed() {
    Long now = turnUser();
    boolean over = isFinished();
    if (java.util.Objects.equals(now, turnTold) && over == endTold) return false;
    turnTold = now;
    endTold = over;
    return true;
  }

  /** The person to act now, or null (the computer, between games, the match over). */
  public synchronized Long turnUser() {
    return isFinished() ? null : summary(match).turnUser();
  }

  public synchronized boolean isFinished() {
    return match.isOver() || forfeitedBy != null;
  }

  /** The seat of a user in this game, or -1 for a spectator. */
  public int seatOf(Long userId) {
    if (userId == null) return -1;
    if (userId.equals(row.player0())) return 0;
    if (userId.equals(row.player1())) return 1;
    return -1;
  }

  /**
   * A player's command: checks seat, version and turn, then applies it to the match and commits it. Returns the
   * refusal, if any (then nothing changed).
   */
  public synchronized Optional<Refusal> act(int seat, int expectedVersion, Command command) {
    long now = time.millis();
    if (seat < 0) return Optional.of(new Refusal.NotSeated());
    // a room replaced by its reload: the player gets the game as this room last had it, and acts again on the reload
    if (retired) return Optional.of(new Refusal.StaleVersion(version));
    if (isFinished()) return Optional.of(new Refusal.GameOver());
    if (expectedVersion != version && !sameBreak(command, expectedVersion, now)) {
      return Optional.of(new Refusal.StaleVersion(version));
    }
    if (command instanceof Command.Continue) return continueMatch(seat, now);
    if (!match.game().toAct(seat)) return Optional.of(new Refusal.NotYourTurn());
    // the flag fell a moment ago and the clock check has not seen it yet: too late (it ends the match)
    if (clock.fallen(now) == seat) return Optional.of(new Refusal.Illegal(GameCode.TIME_OUT, "your time has run out"));
    Result<Action> action = action(command);
    if (!action.isOk()) return Optional.of(refusal(command, action));
    Result<Match> next = match.apply(action.get());
    if (!next.isOk()) return Optional.of(engineRefusal(next));
    commit(action.get(), next.get(), now);
    return Optional.empty();
  }

  /**
   * Whether {@code command} is a "continue" sent in this pause between games, one or two versions behind only because
   * of the "continue"s given in it since (the two players press Continue at the same moment: the second one's version
   * is the first one's behind). Such a "continue" counts; refused, the page said the game had moved on and showed
   * Continue again. One sent before the last game ended does not count.
   */
  private boolean sameBreak(Command command, int expectedVersion, long now) {
    if (!(command instanceof Command.Continue) || !between()) return false;
    pause.waitFor(match.games().size(), now);
    int given = 0; // the "continue"s stored in this pause: a computer is ready without one
    for (int s = 0; s < 2; s++) if (pause.ready(s) && !row.isBot(s)) given++;
    return expectedVersion < version && expectedVersion >= version - given;
  }

  /** Between games, a player is ready for the next one (stored); with both ready it starts now. */
  private Optional<Refusal> continueMatch(int seat, long now) {
    if (!between()) return Optional.of(new Refusal.Illegal(GameCode.NO_NEXT_GAME, "there is no next game waiting to start"));
    pause.waitFor(match.games().size(), now);
    if (pause.ready(seat)) {
      return Optional.of(new Refusal.Illegal(GameCode.READY_ALREADY, "you are ready already; the next game starts when your opponent is"));
    }
    store.append(row.id(), version + 1, EventCodec.encode(new StoredEvent.Continued(seat)), summary(match));
    version++;
    pause.setReady(seat);
    listener.accept(this);
    autoSteps(now);
    return Optional.empty();
  }

  /** Whether the match waits between two games: the last one is over and the next one's roll-off has not begun. */
  private boolean between() {
    return !isFinished() && match.games().size() > 1 && match.game().phase() == Phase.OPENING
        && match.game().events().isEmpty();
  }

  /** The seat whose time runs now: the one to act, or -1 (between games, the roll-off, a finished match). */
  private int toAct() {
    return isFinished() ? -1 : match.game().turn().orElse(-1);
  }

  /** The engine action of a command; the room rolls the dice itself, and reads a play against the position. */
  private Result<Action> action(Command c) {
    Game g = match.game();
    if (c instanceof Command.Roll r) return roll(r.autoPass());
    if (c instanceof Command.Move m) {
      // a game without dice (Grasshopper) moves with no roll before it
      if (g.phase() != Phase.MOVE) return Result.err(g.rules().variant().usesDice() ? ROLL_FIRST : CANNOT_MOVE_NOW);
      return PlayText.read(g, m.play()).map(Action.Move::new);
    }
    if (c instanceof Command.Resign r) return Result.ok(new Action.Resign(r.level()));
    if (c instanceof Command.Double) return Result.ok(new Action.Double());
    if (c instanceof Command.Take) return Result.ok(new Action.Take());
    if (c instanceof Command.Drop) return Result.ok(new Action.Drop());
    if (c instanceof Command.Beaver) return Result.ok(new Action.Beaver());
    if (c instanceof Command.Raccoon) return Result.ok(new Action.Raccoon());
    if (c instanceof Command.AcceptResign) return Result.ok(new Action.AcceptResign());
    if (c instanceof Command.RejectResign) return Result.ok(new Action.RejectResign());
    throw new IllegalArgumentException("unknown command " + c);
  }

  private static final String ROLL_FIRST = "roll first";
  private static final String CANNOT_MOVE_NOW = "you cannot move now";
  private static final String CANNOT_ROLL_NOW = "you cannot roll now";
  /** The most characters of a refused play's text sent back as its {@code play} arg (whole characters). */
  private static final int MAX_PLAY_ARG = 60;

  /**
   * The refusal of {@code command} for {@link #action}'s error {@code refused}: the room's own sentences, the engine's
   * (gnubg's parser's account of a typed play) and a play that is not among the legal ones each carry their code.
   */
  private Refusal refusal(Command command, Result<Action> refused) {
    if (refused.errorCode() != null) return engineRefusal(refused);
    String why = refused.error();
    GameCode code = switch (why) {
      case ROLL_FIRST -> GameCode.ROLL_FIRST;
      case CANNOT_MOVE_NOW -> GameCode.CANNOT_MOVE_NOW;
      case CANNOT_ROLL_NOW -> GameCode.CANNOT_ROLL_NOW;
      default -> null;
    };
    if (code != null) return new Refusal.Illegal(code, why);
    if (command instanceof Command.Move m) {
      // PlayText refused it: no play is legal (pass), or this text is none of the legal plays
      if (match.game().legalPlays().isEmpty()) return new Refusal.Illegal(GameCode.NO_LEGAL_MOVE, why);
      if (!why.startsWith(PlayText.NOT_LEGAL)) return new Refusal.Illegal(why);
      return new Refusal.Illegal(why, GameCode.ILLEGAL_PLAY, Map.of("play", capped(m.play() == null ? "" : m.play().strip())));
    }
    return new Refusal.Illegal(why);
  }

  /** The engine's refusal under the site's code of the same name; a typed text among its values is capped. */
  private static Refusal engineRefusal(Result<?> refused) {
    Map<String, Object> args = new HashMap<>(refused.errorArgs());
    args.replaceAll((name, value) -> value instanceof String text ? capped(text) : value);
    RefusalCode code = refused.errorCode() == null ? null : GameCode.of(refused.errorCode());
    return new Refusal.Illegal(refused.error(), code, args);
  }

  /** At most {@link #MAX_PLAY_ARG} whole characters of a text sent back among a refusal's values. */
  private static String capped(String text) {
    if (text.codePointCount(0, text.length()) <= MAX_PLAY_ARG) return text;
    return text.substring(0, text.offsetByCodePoints(0, MAX_PLAY_ARG)) + "…";
  }

  /** A roll by the player on roll: dice only leave the source when rolling is what happens next. */
  private Result<Action> roll(boolean autoPass) {
    if (match.game().phase() != Phase.ROLL) return Result.err(CANNOT_ROLL_NOW);
    fixSeeds();
    return Result.ok(new Action.Roll(dice.roll(), !autoPass));
  }

  /** The dice source for the computer's and the opening rolls. */
  public synchronized CommittedDice dice() {
    return dice;
  }

  /**
   * Stores the action taken at {@code now} (with the reserves then, in a timed game), then makes it the state;
   * automatic steps (opening rolls) follow. The dice writes it brings go into the same transaction: the reveal of
   * the game it ends, the dice of the game it starts, the seeds its roll fixed.
   */
  private void commit(Action a, Match next, long now) {
    int gamesBefore = match.games().size();
    List<GameStore.DiceWrite> dice = new java.util.ArrayList<>(seedsToStore);
    if (next.isOver() || next.games().size() > gamesBefore) dice.add(new GameStore.DiceWrite.Reveal(gamesBefore));
    GameStore.DiceWrite.Open opened = next.isOver() || next.games().size() == gamesBefore ? null : newDice(gamesBefore + 1);
    if (opened != null) dice.add(opened);
    store.append(row.id(), version + 1, EventCodec.encode(new StoredEvent.Played(a, clock.reservesAt(now))),
        summary(next), dice);
    seedsToStore.clear();
    version++;
    match = next;
    if (opened != null) useDice(opened.asStored());
    clock.follow(toAct(), now);
    listener.accept(this);
    autoSteps(now);
  }

  /**
   * The opening roll-off of each game is rolled by the server (player 0's die first): the first game's at once,
   * a later one's after the pause between games ({@link BetweenGames}).
   */
  private void autoSteps(long now) {
    if (between()) {
      pause.waitFor(match.games().size(), now);
      if (!pause.over(now)) return;
    }
    for (Optional<Action.RollOff> a; forfeitedBy == null && (a = match.openingRoll(dice)).isPresent(); ) {
      commit(a.get(), match.apply(a.get()).get(), now);
    }
  }

  /**
   * On load, makes sure the current game has its committed dice, stored before any of its rolls (a new room's first
   * game gets them here; a later game's come with the action that starts it, {@link #commit}).
   */
  private void openDice() {
    int gameNo = match.games().size();
    if (dice != null && diceGameNo == gameNo) return;
    GameStore.DiceSeed stored = store.dice(row.id(), gameNo).orElseGet(() -> {
      GameStore.DiceWrite.Open o = newDice(gameNo);
      store.write(row.id(), o);
      return o.asStored();
    });
    useDice(stored);
    Integer bot = row.botSeat();
    if (bot != null && playerSeeds[bot] == null && !dice.pairRolled()) {
      // stored before the computer's seed came with the dice (or a crash between the two writes)
      saveSeed(bot, botSeed(gameNo));
    }
  }

  /**
   * Fresh dice for game {@code gameNo} of the match, with the computer's own seed when it plays: a fresh secret from
   * the same maker as the server's (repeatable in test mode).
   */
  private GameStore.DiceWrite.Open newDice(int gameNo) {
    CommittedDice d = diceMaker.make(row.id(), gameNo);
    Integer bot = row.botSeat();
    String botSeed = bot == null ? null : botSeed(gameNo);
    return new GameStore.DiceWrite.Open(gameNo, d.commitment(), d.seedHex(), Integer.valueOf(0).equals(bot) ? botSeed : null,
        Integer.valueOf(1).equals(bot) ? botSeed : null);
  }

  private String botSeed(int gameNo) {
    return diceMaker.make(row.id(), -gameNo).seedHex();
  }

  /** Makes the stored dice of the current game the room's, resumed after the rolls the game already had. */
  private void useDice(GameStore.DiceSeed stored) {
    CommittedDice d = CommittedDice.fromHex(stored.seed()).get();
    playerSeeds[0] = stored.seed0();
    playerSeeds[1] = stored.seed1();
    if (playerSeeds[0] != null && playerSeeds[1] != null) d.withPlayerSeeds(playerSeeds[0], playerSeeds[1]).get();
    var rolls = GameDice.rolls(match.game());
    d.resumeAt(rolls.size(), rolls.stream().anyMatch(r -> !r.isSingle()));
    dice = d;
    diceGameNo = stored.gameNo();
  }

  /**
   * A player's seed for game {@code gameNo} of the match (docs/dice.md): after the commitment, before
   * the game's first pair of dice; once per player and game. Both in, the pairs derive from all three.
   */
  public synchronized void giveSeed(int seat, int gameNo, String seedHex) {
    if (seat < 0) throw Refused.forbidden("you are not playing in this game");
    // too late, like a seed after the first pair (docs/api.md: 409): the page sends it as soon as it sees the game
    if (isFinished()) throw Refused.conflict("the game is over: a seed now would come too late");
    if (gameNo != match.games().size()) {
      throw Refused.conflict("game " + gameNo + " is not the current game of the match (" + match.games().size() + ")");
    }
    Result<byte[]> parsed = tabla.core.dice.FairDice.parseSeed(seedHex);
    if (!parsed.isOk()) throw Refused.invalid(parsed.error());
    if (dice.pairRolled() || (playerSeeds[0] != null && playerSeeds[1] != null)) {
      throw Refused.conflict("this game's dice are already fixed; a seed now would come too late");
    }
    if (playerSeeds[seat] != null) throw Refused.conflict("you already gave this game's seed");
    saveSeed(seat, java.util.HexFormat.of().formatHex(parsed.get()));
    listener.accept(this);
  }

  /** Stores one seat's seed; with both in, the game's pairs derive from the game key from now on. */
  private void saveSeed(int seat, String hex) {
    if (!store.savePlayerSeed(row.id(), diceGameNo, seat, hex)) throw Refused.conflict("that seed was already given");
    playerSeeds[seat] = hex;
    if (playerSeeds[0] != null && playerSeeds[1] != null) dice.withPlayerSeeds(playerSeeds[0], playerSeeds[1]).get();
  }

  /**
   * Before the game's first pair: a player who has given no seed counts as all zeros (stored so, both seats in one
   * write, with the roll: this room is the only writer of its seeds, so what it holds is what is stored; a failed
   * store reloads the room from the database).
   */
  private void fixSeeds() {
    if (dice.pairRolled() || dice.playerSeed(0) != null) return;
    seedsToStore.add(new GameStore.DiceWrite.FillSeeds(diceGameNo, NO_SEED));
    for (int seat = 0; seat < 2; seat++) {
      if (playerSeeds[seat] == null) playerSeeds[seat] = NO_SEED;
    }
    dice.withPlayerSeeds(playerSeeds[0], playerSeeds[1]).get();
  }

  static final String NO_SEED = "00".repeat(CommittedDice.SEED_BYTES);

  /** The current game's player seeds as given (hex, or null); public from the moment they are given. */
  public synchronized List<String> playerSeeds() {
    return java.util.Arrays.asList(playerSeeds.clone());
  }

  /** Whether this seat's page should still give a seed for the current game. */
  public synchronized boolean seedWanted(int seat) {
    return seat >= 0 && !isFinished() && playerSeeds[seat] == null && !dice.pairRolled();
  }

  /** This room left memory after a failed write: it takes no more commands (its reload does). */
  synchronized void retire() {
    retired = true;
  }

  /**
   * What time does at {@code now}: a pause between games that has run out starts the next game, and a player whose
   * flag has fallen loses the match. Returns true when the room changed.
   */
  public synchronized boolean tick(long now) {
    if (isFinished() || retired) return false;
    if (between()) {
      int before = version;
      autoSteps(now);
      return version != before;
    }
    int loser = clock.fallen(now);
    if (loser < 0) return false;
    GameStore.Summary s = new GameStore.Summary("finished", null, match.score(0), match.score(1), 1 - loser);
    // the game ended here: its seed is revealed like any finished game's, in the same transaction
    store.append(row.id(), version + 1, EventCodec.encode(new StoredEvent.TimedOut(loser)), s,
        List.of(new GameStore.DiceWrite.Reveal(match.games().size())));
    version++;
    forfeitedBy = loser;
    clock.follow(-1, now);
    listener.accept(this);
    return true;
  }

  /**
   * A player opened the board. When that makes both, a waiting clock starts now (not at the end of the grace
   * period); returns true when it did, so watchers should be told.
   */
  public synchronized boolean arrived(int seat) {
    return !isFinished() && clock.arrived(seat, time.millis());
  }

  /** Now, by the game service's clock (epoch ms). */
  long now() {
    return time.millis();
  }

  /** When the running flag falls (epoch ms), or 0 when no clock runs. */
  public synchronized long deadlineMillis() {
    return isFinished() ? 0 : clock.flagFallsAt();
  }

  /** Both clocks as the page shows them at {@code now}; null in an untimed game. */
  public synchronized GameSnapshot.ClockView clockView(long now) {
    return clock.view(now);
  }

  /** The pause before the next game, or null when the match does not wait between games now. */
  public synchronized GameSnapshot.BreakView pauseView(long now) {
    if (!between()) return null;
    pause.waitFor(match.games().size(), now);
    return pause.view(now);
  }

  /** The seat that lost the match on time, or null. */
  public synchronized Integer forfeitedBy() {
    return forfeitedBy;
  }

  /** Who won: by the match score, or the other seat of one that lost on time; null while it goes on. */
  public synchronized Integer matchWinner() {
    if (forfeitedBy != null) return 1 - forfeitedBy;
    return Snapshot.seatOrNull(match.winner());
  }

  private GameStore.Summary summary(Match m) {
    boolean over = m.isOver();
    java.util.OptionalInt turn = m.game().turn();
    Long turnUser = over || turn.isEmpty() || row.isBot(turn.getAsInt()) ? null : row.player(turn.getAsInt());
    return new GameStore.Summary(over ? "finished" : "playing", turnUser, m.score(0), m.score(1),
        Snapshot.seatOrNull(m.winner()));
  }

  public String name(int seat) {
    return names[seat];
  }

  public synchronized List<GameStore.DiceSeed> diceSeeds() {
    return store.dice(row.id());
  }
}
