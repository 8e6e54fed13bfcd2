package tabla.core.format;

import java.util.List;
import java.util.Locale;
import java.util.OptionalInt;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/**
 * A game set up with its player on roll about to roll (what a rollout starts from), read from a gnubg
 * {@code POSITIONID[:MATCHID]}, an XGID, or the position before a move of a recorded match. The cube and score come
 * from the match ID or XGID; a bare position ID is a money game with the cube centred. The command line's
 * {@code tabla rollout} and the site's rollout jobs read positions here, so both read the same.
 */
public final class ToRoll {
  private ToRoll() {}

  /** An XGID ({@code XGID=…}) or a gnubg ID, told apart by the prefix. */
  public static Result<Game> fromId(String id) {
    String s = id.strip();
    return s.toUpperCase(Locale.ROOT).startsWith("XGID=") ? fromXgid(s) : fromGnubg(s);
  }

  public static Result<Game> fromGnubg(String id) {
    String[] parts = id.split(":");
    if (parts.length > 2) return Result.err("a gnubg ID is POSITIONID or POSITIONID:MATCHID, got " + id);
    Result<Position> pos = PositionId.decode(parts[0]);
    if (!pos.isOk()) return Result.err(pos.error());
    if (parts.length == 1) return Result.ok(Game.setUp(money(true), Game.Seat.MONEY, pos.get(), 0, 1));
    Result<MatchId> m = MatchId.decode(parts[1]);
    if (!m.isOk()) return Result.err(m.error());
    MatchId x = m.get();
    Rules rules = x.matchLength() == 0 ? money(!x.noJacoby()) : Rules.match(x.matchLength());
    return Result.ok(Game.setUp(rules, seat(rules, x.score0(), x.score1(), x.crawford()), pos.get(), x.onRoll(),
        x.cubeValue(), x.cubeOwner() == MatchId.CENTERED ? OptionalInt.empty() : OptionalInt.of(x.cubeOwner())));
  }

  public static Result<Game> fromXgid(String text) {
    Result<Xgid> r = Xgid.decode(text);
    if (!r.isOk()) return Result.err(r.error());
    Xgid x = r.get();
    if (x.decision() != Xgid.Decision.TO_ROLL) return Result.err("the XGID must have the player on roll before rolling (dice 00)");
    Rules rules = x.matchLength() == 0 ? money(x.jacoby()) : Rules.match(x.matchLength());
    int mover = x.turn() == Xgid.X ? 0 : 1; // Tabla's seat 0 is XGID's X, as GameIds writes them
    OptionalInt owner = x.cubeOwner() == Xgid.CENTERED ? OptionalInt.empty() : OptionalInt.of(x.cubeOwner() == Xgid.X ? 0 : 1);
    return Result.ok(Game.setUp(rules, seat(rules, x.scoreX(), x.scoreO(), x.crawford()), x.position(), mover,
        x.cubeValue(), owner));
  }

  /**
   * The state that waited for move {@code moveNo} (from 1, passes counted) of game {@code gameNo} (from 1) of
   * {@code match}, set up again before its roll: the roll is the rollout's.
   */
  public static Result<Game> beforeMove(Match match, int gameNo, int moveNo) {
    List<Game> games = match.games();
    if (gameNo < 1 || gameNo > games.size()) return Result.err("the game is 1.." + games.size() + ", not " + gameNo);
    Game g = games.get(gameNo - 1);
    List<Game> trail = g.trail();
    int moves = 0;
    for (int i = 0; i < g.events().size(); i++) {
      if (!(g.events().get(i).action() instanceof Action.Move)) continue;
      if (++moves < moveNo) continue;
      if (i == 0) return Result.err("game " + gameNo + " has a move before any roll");
      Game before = trail.get(i - 1);
      return Result.ok(Game.setUp(g.rules(), g.seat(), before.position(), before.mover(), before.cube(),
          before.cubeOwner()));
    }
    return Result.err("game " + gameNo + " has " + moves + " moves, not " + moveNo);
  }

  private static Rules money(boolean jacoby) {
    return Rules.money().toBuilder().jacoby(jacoby).beavers(false).build();
  }

  private static Game.Seat seat(Rules rules, int score0, int score1, boolean crawford) {
    if (rules.isMoney()) return Game.Seat.MONEY;
    int last = rules.matchLength() - 1;
    return new Game.Seat(score0, score1, crawford, !crawford && (score0 == last || score1 == last));
  }
}
