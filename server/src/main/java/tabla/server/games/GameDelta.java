package tabla.server.games;

import java.util.List;
import java.util.Map;
import tabla.server.games.GameSnapshot.Board;
import tabla.server.games.GameSnapshot.BreakView;
import tabla.server.games.GameSnapshot.ClockView;
import tabla.server.games.GameSnapshot.CubeView;
import tabla.server.games.GameSnapshot.ForfeitView;
import tabla.server.games.GameSnapshot.HistoryEntry;
import tabla.server.games.GameSnapshot.LegalPlay;
import tabla.server.games.GameSnapshot.ResignView;
import tabla.server.games.GameSnapshot.ResultView;
import tabla.server.games.GameSnapshot.RollView;

/**
 * {"type":"event"}: what one accepted action changed, as one visibility class (a seat, or the spectators) sees it.
 * A client holding version N − 1 merges {@code changes} into its snapshot and splices {@code history} in at
 * {@code historyFrom}; one that holds another version asks for a snapshot ("resync"). The parts of a snapshot
 * that never change during a match (players, rules, variant) are not sent again.
 */
public record GameDelta(String type, int version, Changes changes, int historyFrom, List<HistoryEntry> history) {
  /** How many of the last history entries every event repeats (an action adds at most two: a play and a result). */
  static final int HISTORY_TAIL = 4;

  /** The snapshot's fields that an action may change, under the snapshot's names. */
  public record Changes(String status, List<Integer> score, int gameNo, boolean crawford, String phase, Integer turn,
      Integer onRoll, Board board, List<Integer> pool, List<Map<String, Object>> pins, List<Integer> scored,
      String positionId, String gnubgId, String xgid, List<Integer> dice, RollView lastRoll, Map<String, List<Integer>> lastRolls, RollView passed,
      List<String> actions, CubeView cube, boolean canDouble, List<LegalPlay> legalPlays, ResignView resign,
      ResultView result, Integer matchWinner, ForfeitView forfeit, Long deadline, ClockView clock, BreakView between,
      String commitment,
      List<String> playerSeeds, boolean seedWanted) {}

  /** The event for one class, from its snapshot (built without history) and the history's tail from {@code from}. */
  static GameDelta of(GameSnapshot s, int from, List<HistoryEntry> tail) {
    Changes c = new Changes(s.status(), s.score(), s.gameNo(), s.crawford(), s.phase(), s.turn(), s.onRoll(), s.board(),
        s.pool(), s.pins(), s.scored(), s.positionId(), s.gnubgId(), s.xgid(), s.dice(), s.lastRoll(), s.lastRolls(), s.passed(), s.actions(),
        s.cube(), s.canDouble(), s.legalPlays(), s.resign(), s.result(), s.matchWinner(), s.forfeit(), s.deadline(),
        s.clock(), s.between(),
        s.commitment(), s.playerSeeds(), s.seedWanted());
    return new GameDelta("event", s.version(), c, from, tail);
  }
}
