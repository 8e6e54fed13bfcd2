package tabla.core.record;

import tabla.core.match.Match;

/** A match read from a record file: the replayed match and what the file says about it. */
public record MatchRecord(Match match, RecordInfo info) {}
