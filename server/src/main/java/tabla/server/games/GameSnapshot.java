package tabla.server.games;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;
import java.util.Map;
import tabla.core.match.Rules;

/**
 * The state of a room as one viewer sees it: docs/api.md's SNAPSHOT, field for field (a test holds the two
 * together). The web board reads these names: add fields, never rename them.
 */
public record GameSnapshot(
    long id,
    int version,
    List<PlayerView> players,
    Integer you,
    Rules rules,
    String mode,
    String status,
    List<Integer> score,
    int gameNo,
    boolean crawford,
    String phase,
    Integer turn,
    Integer onRoll,
    Map<String, Object> variant,
    Board board,
    List<Integer> pool,
    List<Map<String, Object>> pins,
    List<Integer> scored,
    String positionId,
    String gnubgId,
    String xgid,
    List<Integer> dice,
    RollView lastRoll,
    Map<String, List<Integer>> lastRolls,
    RollView passed,
    List<String> actions,
    CubeView cube,
    boolean canDouble,
    List<LegalPlay> legalPlays,
    ResignView resign,
    ResultView result,
    Integer matchWinner,
    ForfeitView forfeit,
    Long deadline,
    ClockView clock,
    BreakView between,
    List<HistoryEntry> history,
    String commitment,
    List<String> playerSeeds,
    boolean seedWanted,
    String recordRefused) {

  /** A seat: the user, and the computer's level when the computer plays it. */
  public record PlayerView(Long id, String name, @JsonInclude(JsonInclude.Include.NON_NULL) String bot) {}

  /** Each seat's checkers in its own numbering: 0 off, 1..24, 25 bar. */
  public record Board(int[] p0, int[] p1) {}

  /** A position along the history, for replays of variants (with pools and pins). */
  public record HistoryBoard(int[] p0, int[] p1, List<Integer> pool, List<Map<String, Object>> pins) {}

  public record RollView(int player, List<Integer> dice) {}

  public record CubeView(int value, Integer owner, Integer next) {}

  /**
   * A legal play: its text, the resulting position, its single moves [from, to, hit], and the double it chooses
   * (Acey-deucey's 1-2: the 1, the 2, then this double; absent otherwise).
   */
  public record LegalPlay(String move, String positionId, List<List<Integer>> steps,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer chosenDouble) {}

  public record ResignView(int level, int by) {}

  public record ResultView(Integer winner, int points, String end, int multiplier, int cube) {}

  /** A match lost on time: the seat that lost, and why. */
  public record ForfeitView(int seat, String reason) {}

  /**
   * Both match clocks when the snapshot was made (ms): each reserve left, the per-move delay, whose clock runs (null:
   * none, as between games), what is left of his delay, and in how long it starts (it waits for both boards).
   */
  public record ClockView(List<Long> reserve, long delay, Integer running, long delayLeft, long startsIn) {}

  /**
   * The pause before game {@code gameNo}: ms until it starts by itself, who has said "continue", and the board as the
   * game before it ended ({@code lastBoard}), which the page keeps showing meanwhile.
   */
  public record BreakView(int gameNo, long startsIn, List<Boolean> ready, HistoryBoard lastBoard) {
    public BreakView(int gameNo, long startsIn, List<Boolean> ready) {
      this(gameNo, startsIn, ready, null);
    }

    BreakView withLastBoard(HistoryBoard board) {
      return new BreakView(gameNo, startsIn, ready, board);
    }
  }

  /**
   * One line of the history. {@code multiplier} and {@code cube} on a "result" line only. Once the match is over,
   * what the replay shows after the line: {@code board}, {@code cubeAfter} (null without the cube) and the
   * {@code dice} of a move or a roll-off.
   */
  public record HistoryEntry(int gameNo, Integer player, String type, String text,
      @JsonInclude(JsonInclude.Include.NON_NULL) HistoryBoard board,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer multiplier,
      @JsonInclude(JsonInclude.Include.NON_NULL) Integer cube,
      @JsonInclude(JsonInclude.Include.NON_NULL) CubeView cubeAfter,
      @JsonInclude(JsonInclude.Include.NON_NULL) List<Integer> dice) {}
}
