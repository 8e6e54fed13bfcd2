package tabla.core.record;

import tabla.core.match.Match;

/**
 * A match read from a record file: the replayed match, what the file says about it, and the forfeit
 * that ended it off the board (null when it did not).
 */
public record MatchRecord(Match match, RecordInfo info, Forfeit forfeit) {
  public MatchRecord(Match match, RecordInfo info) {
    this(match, info, null);
  }
}
