package tabla.server.games;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.format.VariantPositionId;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.variant.Variant;
import tabla.server.games.GameSnapshot.Board;
import tabla.server.games.GameSnapshot.CubeView;
import tabla.server.games.GameSnapshot.ForfeitView;
import tabla.server.games.GameSnapshot.HistoryBoard;
import tabla.server.games.GameSnapshot.HistoryEntry;
import tabla.server.games.GameSnapshot.LegalPlay;
import tabla.server.games.GameSnapshot.PlayerView;
import tabla.server.games.GameSnapshot.ResignView;
import tabla.server.games.GameSnapshot.ResultView;
import tabla.server.games.GameSnapshot.RollView;

/** Builds the {@link GameSnapshot} of a room as one viewer (a seat, or -1 for a spectator) sees it. */
public final class Snapshot {
  private Snapshot() {}

  public static GameSnapshot of(GameRoom room, int viewer) {
    return of(room, viewer, true);
  }

  /** Without the history ({@code null}) for events, which send only its tail, built once for every receiver. */
  static GameSnapshot of(GameRoom room, int viewer, boolean withHistory) {
    synchronized (room) {
      return build(room, viewer, withHistory);
    }
  }

  private static GameSnapshot build(GameRoom room, int viewer, boolean withHistory) {
    Match m = room.match();
    Game g = m.game();
    GameRow row = room.row();
    boolean finished = room.isFinished();
    Position p0 = g.positionFor(0);
    Variant variant = g.rules().variant();
    GameResult r = lastResult(m);
    long now = room.now();
    GameSnapshot.BreakView pause = room.pauseView(now);
    if (pause != null && m.games().size() > 1) {
      // the game that just ended, as it ended: the board shows it until the next one starts
      pause = pause.withLastBoard(board(variant, m.games().get(m.games().size() - 2).positionFor(0)));
    }
    return new GameSnapshot(
        room.id(),
        room.version(),
        List.of(player(room, 0), player(room, 1)),
        viewer >= 0 ? viewer : null,
        m.rules(),
        row.mode(),
        finished ? "finished" : "playing",
        List.of(m.score(0), m.score(1)),
        m.games().size(),
        g.seat().crawfordGame(),
        g.phase().name(),
        finished ? null : seatOrNull(g.turn()),
        seatOrNull(g.onRoll()),
        VariantJson.described(variant),
        new Board(p0.moverSide(), p0.opponentSide()),
        // beyond the 26 cells: checkers waiting to enter, Plakoto's pins, Grasshopper's scores
        List.of(p0.moverPool(), p0.opponentPool()),
        VariantJson.pins(variant, p0),
        VariantJson.scored(variant, p0),
        VariantPositionId.encode(variant, g.position()),
        // what gnubg and eXtreme Gammon read (backgammon and Nackgammon only): "PositionID:MatchID" and the XGID
        tabla.core.format.GameIds.gnubg(g).orElse(null),
        tabla.core.format.GameIds.xgid(g).orElse(null),
        g.dice() == null ? null : List.of(g.dice().first(), g.dice().second()),
        lastRoll(g),
        lastRolls(g),
        passed(g),
        finished ? List.of() : pause != null ? continueAction(pause, viewer) : !g.toAct(viewer) ? List.of() : actions(g),
        new CubeView(g.cube(), seatOrNull(g.cubeOwner()),
            // the value a double would make (core's one rule for it; the board shows it instead of computing it)
            g.rules().cube() ? g.rules().stakes().next(g.cube()) : null),
        g.toAct(viewer) && g.phase() == Phase.ROLL && g.canDouble().isOk(),
        g.phase() == Phase.MOVE && g.isOnRoll(viewer) ? plays(g) : List.of(),
        g.phase() == Phase.RESIGN_OFFERED ? new ResignView(g.resignLevel(), g.mover()) : null,
        r == null ? null : new ResultView(seatOrNull(r.winner()), r.points(), r.end().name(), r.multiplier(), r.cube()),
        room.matchWinner(),
        // a match lost on time: who and why, said by the page, the history, the records and the player page
        room.forfeitedBy() == null ? null : new ForfeitView(room.forfeitedBy(), "time"),
        room.deadlineMillis() > 0 ? room.deadlineMillis() : null,
        room.clockView(now),
        pause,
        withHistory ? history(room) : null,
        room.dice().commitment(),
        // dice version 2 (docs/dice.md): the players' seeds for this game, and whether the viewer's page owes one
        room.playerSeeds(),
        room.seedWanted(viewer),
        // why .mat and .sgf cannot hold this match (a variant, Holland, …); .tabla holds every match
        tabla.core.record.MatFormat.unsupported(m.rules()));
  }

  private static PlayerView player(GameRoom room, int seat) {
    return new PlayerView(room.row().player(seat), room.name(seat),
        room.row().isBot(seat) ? room.row().botLevel() : null);
  }

  /** A seat for JSON: null for nobody (the opening, a centred cube, a draw, a match going on). */
  static Integer seatOrNull(java.util.OptionalInt seat) {
    return seat.isPresent() ? seat.getAsInt() : null;
  }

  private static List<LegalPlay> plays(Game g) {
    List<LegalPlay> out = new ArrayList<>();
    Variant v = g.rules().variant();
    for (Play p : g.legalPlays()) {
      // the single moves too, so the board composes plays of any variant without knowing its rules
      List<List<Integer>> steps = new ArrayList<>();
      for (Move m : p.moves()) steps.add(List.of(m.from(), m.to(), m.hit() ? 1 : 0));
      int dbl = v.chosenDouble(g.dice(), p);
      out.add(new LegalPlay(Notation.write(p), VariantPositionId.encode(v, p.result()), steps, dbl == 0 ? null : dbl));
    }
    return out;
  }

  private static RollView lastRoll(Game g) {
    List<Game.Event> ev = g.events();
    for (int i = ev.size() - 1; i >= 0; i--) {
      if (ev.get(i).action() instanceof Action.Roll r) return new RollView(ev.get(i).player().getAsInt(), dice(r.dice()));
    }
    return null;
  }

  private static List<Integer> dice(Dice d) {
    return List.of(d.first(), d.second());
  }

  /** Each player's most recent roll in this game (BrainKing shows the opponent's small). */
  private static Map<String, List<Integer>> lastRolls(Game g) {
    Map<String, List<Integer>> out = new LinkedHashMap<>();
    for (Game.Event e : g.events()) {
      if (e.action() instanceof Action.Roll r) out.put(String.valueOf(e.player().getAsInt()), dice(r.dice()));
    }
    return out;
  }

  /** When the last thing in this game was a roll that could not be played: who, and with what. */
  private static RollView passed(Game g) {
    List<Game.Event> ev = g.events();
    int n = ev.size();
    if (n >= 2 && ev.get(n - 1).action() instanceof Action.Move m && m.play().isPass()
        && ev.get(n - 2).action() instanceof Action.Roll r) {
      return new RollView(ev.get(n - 1).player().getAsInt(), dice(r.dice()));
    }
    return null;
  }

  /** What the player who must act may do now, by the commands' names ({@link Command#type()}). */
  private static List<String> actions(Game g) {
    List<String> a = new ArrayList<>();
    switch (g.phase()) {
      case ROLL -> {
        a.add("roll");
        if (g.canDouble().isOk()) a.add("double");
        if (g.apply(new Action.Raccoon()).isOk()) a.add("raccoon");
        if (g.apply(new Action.Drop()).isOk()) a.add("drop"); // refusing a beaver (the Italian rule)
        a.add("resign");
      }
      case MOVE -> {
        a.add("move");
        a.add("resign");
      }
      case DOUBLE_OFFERED -> {
        a.add("take");
        a.add("drop");
        if (g.apply(new Action.Beaver()).isOk()) a.add("beaver");
      }
      case RESIGN_OFFERED -> {
        a.add("accept");
        a.add("reject");
      }
      default -> { }
    }
    return a;
  }

  /** Between games, a seated player who has not said so yet may say "continue". */
  private static List<String> continueAction(GameSnapshot.BreakView pause, int viewer) {
    return viewer >= 0 && !pause.ready().get(viewer) ? List.of(new Command.Continue().type()) : List.of();
  }

  /** The result of the current game, or of the previous one while the next has not started. */
  private static GameResult lastResult(Match m) {
    List<Game> gs = m.games();
    if (m.game().isOver()) return m.game().result();
    return gs.size() > 1 && m.game().events().size() <= 1 ? gs.get(gs.size() - 2).result() : null;
  }

  /** A position as the board draws it: each seat's side in its own numbering, pools and pins. */
  static HistoryBoard board(Variant v, Position seat0) {
    return new HistoryBoard(seat0.moverSide(), seat0.opponentSide(),
        List.of(seat0.moverPool(), seat0.opponentPool()), VariantJson.pins(v, seat0));
  }

  /** The cube as a game state holds it; null in a game without the cube. */
  static CubeView cube(Game g) {
    return g.rules().cube() ? new CubeView(g.cube(), seatOrNull(g.cubeOwner()), g.rules().stakes().next(g.cube())) : null;
  }

  /**
   * The room's history as its snapshot shows it. Once the match is over (where the replay is offered) each entry
   * also carries what the replay shows after it — the board, the cube, the dice — so the replay page steps
   * through the server's states and works out nothing itself. A match lost on time ends with a "timeout" entry.
   */
  static List<HistoryEntry> history(GameRoom room) {
    synchronized (room) {
      Match m = room.match();
      return HistoryMemo.history(room, room.isFinished(), room.forfeitedBy());
    }
  }

  /**
   * The state in which the play on history line {@code line} (an index into {@link #history}) was chosen: the dice
   * on the board and its legal plays; empty when that line is no play (a roll-off, a pass, a double, a result).
   * The analysis page asks for hints on it.
   */
  static java.util.Optional<Game> beforePlay(Match m, int line) {
    int n = 0;
    for (Game g : m.games()) {
      List<Game.Event> ev = g.events();
      for (int i = 0; i < ev.size(); i++) {
        if (ev.get(i).action() instanceof Action.Roll) continue; // shown with the play, as in history()
        if (n++ != line) continue;
        if (i == 0 || !(ev.get(i).action() instanceof Action.Move mv) || mv.play().isPass()) return java.util.Optional.empty();
        Game before = g.trail().get(i - 1);
        return before.phase() == Phase.MOVE ? java.util.Optional.of(before) : java.util.Optional.empty();
      }
      if (g.isOver()) n++; // its result line
    }
    return java.util.Optional.empty();
  }

  /** Every action of every game, as a short text the board can list; with the replay's states when asked. */
  static List<HistoryEntry> history(Match m, boolean replay) {
    return games(m, replay, 0, m.games().size());
  }

  /** The entries of the match's games {@code from} (0-based) to {@code to}, exclusive. */
  static List<HistoryEntry> games(Match m, boolean replay, int from, int to) {
    List<HistoryEntry> out = new ArrayList<>();
    for (int i = from; i < to; i++) {
      Game g = m.games().get(i);
      out.addAll(new GameLines(i + 1, m.rules().variant()).of(g, replay ? g.trail() : null));
    }
    return out;
  }
}
