package tabla.core.format;

import java.util.Optional;
import tabla.core.match.Game;
import tabla.core.match.Phase;

/**
 * The IDs other backgammon programs read for a game in progress: GNU Backgammon's
 * {@code PositionID:MatchID} and eXtreme Gammon's XGID. Only for games those programs know (backgammon and
 * Nackgammon: 15 checkers a side, nothing waiting off the board). Tabla's seat 0 is gnubg's player 0 and
 * XGID's X; the position is seen from the player on roll, as both formats expect.
 */
public final class GameIds {
  private GameIds() {}

  /** Whether these IDs can describe games of the variant {@code name} ("backgammon", "nackgammon", …). */
  public static boolean supports(String variantName) {
    String base = variantName.contains(":") ? variantName.substring(0, variantName.indexOf(':')) : variantName;
    return base.equals("backgammon") || base.equals("nackgammon");
  }

  /** {@code PositionID:MatchID} as gnubg shows them, or empty before the opening roll-off or for other variants. */
  public static Optional<String> gnubg(Game g) {
    if (!supports(g.rules().game().name()) || g.onRoll() < 0) return Optional.empty();
    int state = g.isOver() ? 2 : 1;
    int turn = g.turn() >= 0 ? g.turn() : g.onRoll();
    int d1 = g.dice() == null ? 0 : g.dice().first();
    int d2 = g.dice() == null ? 0 : g.dice().second();
    MatchId m = new MatchId(g.cube(), g.cubeOwner() < 0 ? MatchId.CENTERED : g.cubeOwner(), g.onRoll(),
        g.seat().crawfordGame(), state, turn, g.phase() == Phase.DOUBLE_OFFERED,
        g.phase() == Phase.RESIGN_OFFERED ? g.resignLevel() : 0, d1, d2, g.rules().matchLength(),
        g.seat().score0(), g.seat().score1(), !g.rules().jacoby());
    return Optional.of(PositionId.encode(g.position()) + ":" + m.encode());
  }

  /** The XGID line ({@code XGID=…}), or empty before the opening roll-off, after the game or for other variants. */
  public static Optional<String> xgid(Game g) {
    if (!supports(g.rules().game().name()) || g.onRoll() < 0 || g.isOver()) return Optional.empty();
    int x = g.onRoll() == 0 ? Xgid.X : Xgid.O;
    Xgid.Decision decision = switch (g.phase()) {
      case MOVE -> Xgid.Decision.ROLLED;
      case DOUBLE_OFFERED -> Xgid.Decision.DOUBLED;
      default -> g.dice() != null ? Xgid.Decision.ROLLED : Xgid.Decision.TO_ROLL;
    };
    int owner = g.cubeOwner() < 0 ? Xgid.CENTERED : g.cubeOwner() == 0 ? Xgid.X : Xgid.O;
    boolean money = g.rules().matchLength() == 0;
    Xgid id = new Xgid(g.position(), x, g.cube(), owner, decision, decision == Xgid.Decision.ROLLED ? g.dice() : null,
        g.seat().score0(), g.seat().score1(), !money && g.seat().crawfordGame(), money && g.rules().jacoby(),
        money && g.rules().beavers(), g.rules().matchLength(), Math.min(g.rules().maxCube(), 1 << 15));
    return Optional.of(id.encode());
  }
}
