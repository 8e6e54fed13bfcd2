package tabla.server.games;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.Move;
import tabla.core.format.VariantPositionId;
import tabla.core.variant.Variant;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Phase;

/** The state of a room as one viewer sees it (docs/api.md, SNAPSHOT). */
public final class Snapshot {
  private Snapshot() {}

  public static Map<String, Object> of(GameRoom room, int viewer) {
    synchronized (room) {
      return build(room, viewer);
    }
  }

  private static Map<String, Object> build(GameRoom room, int viewer) {
    Match m = room.match();
    Game g = m.game();
    GameRow row = room.row();
    Map<String, Object> s = new LinkedHashMap<>();
    s.put("id", room.id());
    s.put("version", room.version());
    s.put("players", List.of(player(room, 0), player(room, 1)));
    s.put("you", viewer >= 0 ? viewer : null);
    s.put("rules", m.rules());
    s.put("mode", row.mode());
    s.put("status", room.isFinished() ? "finished" : "playing");
    s.put("score", List.of(m.score(0), m.score(1)));
    s.put("gameNo", m.games().size());
    s.put("crawford", g.seat().crawfordGame());
    s.put("phase", g.phase().name());
    s.put("turn", g.turn() >= 0 && !room.isFinished() ? g.turn() : null);
    s.put("onRoll", g.onRoll() >= 0 ? g.onRoll() : null);
    Position p0 = g.positionFor(0);
    Variant variant = g.rules().game();
    s.put("variant", VariantJson.describe(variant));
    s.put("board", Map.of("p0", p0.moverSide(), "p1", p0.opponentSide()));
    // beyond the 26 cells: checkers waiting to enter, Plakoto's pins, Grasshopper's scores
    s.put("pool", List.of(p0.moverPool(), p0.opponentPool()));
    s.put("pins", VariantJson.pins(variant, p0));
    s.put("scored", VariantJson.scored(variant, p0));
    s.put("positionId", VariantPositionId.encode(variant, g.position()));
    // what gnubg and eXtreme Gammon read (backgammon and Nackgammon only): "PositionID:MatchID" and the XGID
    s.put("gnubgId", tabla.core.format.GameIds.gnubg(g).orElse(null));
    s.put("xgid", tabla.core.format.GameIds.xgid(g).orElse(null));
    s.put("dice", g.dice() == null ? null : List.of(g.dice().first(), g.dice().second()));
    s.put("lastRoll", lastRoll(g));
    s.put("lastRolls", lastRolls(g));
    s.put("passed", passed(g));
    s.put("actions", room.isFinished() || viewer < 0 || g.turn() != viewer ? List.of() : actions(g));
    s.put("cube", cube(g));
    s.put("canDouble", viewer >= 0 && g.turn() == viewer && g.phase() == Phase.ROLL && g.canDouble().isOk());
    s.put("legalPlays", viewer >= 0 && g.phase() == Phase.MOVE && g.onRoll() == viewer ? plays(g) : List.of());
    s.put("resign", g.phase() == Phase.RESIGN_OFFERED
        ? Map.of("level", g.resignLevel(), "by", g.onRoll()) : null);
    GameResult r = lastResult(m);
    s.put("result", r == null ? null : Map.of("winner", r.winner(), "points", r.points(), "end", r.end().name(),
        "multiplier", r.multiplier(), "cube", r.cube()));
    s.put("matchWinner", room.matchWinner());
    // a match lost on time: who and why, said by the page, the history, the records and the player page
    Integer lost = room.forfeitedBy();
    s.put("forfeit", lost == null ? null : Map.of("seat", lost, "reason", "time"));
    s.put("deadline", room.deadlineMillis() > 0 ? room.deadlineMillis() : null);
    // Boards along the history let the replay show games its backgammon replayer cannot (other set-ups,
    // pools, pins, parallel movement); sent once the match is over, where the replay is offered.
    List<Map<String, Object>> history = history(m, room.isFinished() && !VariantJson.base(variant).equals("backgammon"));
    if (lost != null) history.add(Map.of("gameNo", m.games().size(), "player", lost, "type", "timeout", "text", ""));
    s.put("history", history);
    s.put("commitment", room.dice().commitment());
    // dice version 2 (docs/dice.md): the players' seeds for this game, and whether the viewer's page owes one
    s.put("playerSeeds", room.playerSeeds());
    s.put("seedWanted", room.seedWanted(viewer));
    // why .mat and .sgf cannot hold this match (a variant, Holland, …); .tabla holds every match
    s.put("recordRefused", tabla.core.record.MatFormat.unsupported(m.rules()));
    return s;
  }

  private static Map<String, Object> player(GameRoom room, int seat) {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("id", room.row().player(seat));
    p.put("name", room.name(seat));
    if (room.row().isBot(seat)) p.put("bot", room.row().botLevel());
    return p;
  }

  private static Map<String, Object> cube(Game g) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("value", g.cube());
    c.put("owner", g.cubeOwner() >= 0 ? g.cubeOwner() : null);
    return c;
  }

  private static List<Map<String, Object>> plays(Game g) {
    List<Map<String, Object>> out = new ArrayList<>();
    Variant v = g.rules().game();
    for (Play p : g.legalPlays()) {
      // the single moves too, so the board composes plays of any variant without knowing its rules
      List<List<Integer>> steps = new ArrayList<>();
      for (Move m : p.moves()) steps.add(List.of(m.from(), m.to(), m.hit() ? 1 : 0));
      out.add(Map.of("move", Notation.write(p), "positionId", VariantPositionId.encode(v, p.result()), "steps", steps));
    }
    return out;
  }

  private static Map<String, Object> lastRoll(Game g) {
    List<Game.Event> ev = g.events();
    for (int i = ev.size() - 1; i >= 0; i--) {
      if (ev.get(i).action() instanceof Action.Roll r) {
        return Map.of("player", ev.get(i).player(), "dice", List.of(r.dice().first(), r.dice().second()));
      }
    }
    return null;
  }

  /** Each player's most recent roll in this game (BrainKing shows the opponent's small). */
  private static Map<String, Object> lastRolls(Game g) {
    Map<String, Object> out = new LinkedHashMap<>();
    for (Game.Event e : g.events()) {
      if (e.action() instanceof Action.Roll r) {
        out.put(String.valueOf(e.player()), List.of(r.dice().first(), r.dice().second()));
      }
    }
    return out;
  }

  /** When the last thing in this game was a roll that could not be played: who, and with what. */
  private static Map<String, Object> passed(Game g) {
    List<Game.Event> ev = g.events();
    int n = ev.size();
    if (n >= 2 && ev.get(n - 1).action() instanceof Action.Move m && m.play().isPass()
        && ev.get(n - 2).action() instanceof Action.Roll r) {
      return Map.of("player", ev.get(n - 1).player(), "dice", List.of(r.dice().first(), r.dice().second()));
    }
    return null;
  }

  /** What the player who must act may do now, by the API's action names. */
  private static List<String> actions(Game g) {
    List<String> a = new ArrayList<>();
    switch (g.phase()) {
      case ROLL -> {
        a.add("roll");
        if (g.canDouble().isOk()) a.add("double");
        if (g.apply(new Action.Raccoon()).isOk()) a.add("raccoon");
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

  /** The result of the current game, or of the previous one while the next has not started. */
  private static GameResult lastResult(Match m) {
    List<Game> gs = m.games();
    if (m.game().isOver()) return m.game().result();
    return gs.size() > 1 && m.game().events().size() <= 1 ? gs.get(gs.size() - 2).result() : null;
  }

  /** A position as the board draws it: each seat's side in its own numbering, pools and pins. */
  private static Map<String, Object> board(Variant v, Position seat0) {
    Map<String, Object> b = new LinkedHashMap<>();
    b.put("p0", seat0.moverSide());
    b.put("p1", seat0.opponentSide());
    b.put("pool", List.of(seat0.moverPool(), seat0.opponentPool()));
    b.put("pins", VariantJson.pins(v, seat0));
    return b;
  }

  /** Every action of every game, as a short text the board can list. */
  static List<Map<String, Object>> history(Match m, boolean boards) {
    List<Map<String, Object>> out = new ArrayList<>();
    int no = 0;
    Variant v = m.rules().game();
    for (Game g : m.games()) {
      no++;
      Dice rolled = null;
      Position seat0 = v.start(); // the same from either side
      for (Game.Event e : g.events()) {
        Action a = e.action();
        String type;
        String text;
        if (a instanceof Action.RollOff r) {
          type = "rolloff";
          text = r.die0() + "-" + r.die1();
          if (r.die0() != r.die1()) rolled = new Dice(Math.max(r.die0(), r.die1()), Math.min(r.die0(), r.die1()));
        } else if (a instanceof Action.Roll r) {
          rolled = r.dice();
          continue; // shown with the move that plays it
        } else if (a instanceof Action.Move mv) {
          type = "move";
          Position after = mv.play().result(); // from the mover's side
          seat0 = e.player() == 0 ? after : after.swap();
          Dice d = rolled;
          text = (d == null ? "" : "" + d.first() + d.second() + ": ") + Notation.write(mv.play());
          rolled = null;
        } else if (a instanceof Action.Resign r) {
          type = "resign";
          text = String.valueOf(r.level());
        } else {
          type = EventCodec.type(a);
          text = "";
        }
        Map<String, Object> h = new LinkedHashMap<>();
        h.put("gameNo", no);
        h.put("player", e.player());
        h.put("type", type);
        h.put("text", text);
        if (boards) h.put("board", board(v, seat0));
        out.add(h);
      }
      if (g.isOver()) {
        GameResult r = g.result();
        out.add(Map.of("gameNo", no, "player", r.winner(), "type", "result",
            "text", r.end().name().toLowerCase() + " " + r.points(), "multiplier", r.multiplier(), "cube", r.cube()));
      }
    }
    return out;
  }
}
