package tabla.server.records;

import tabla.server.kernel.RefusalCode;

/** The codes of the records pages' refusals (uploads, their analysis); see {@link RefusalCode}. */
public enum RecordCode implements RefusalCode {
  GUEST,
  /** {@code max}: the account keeps the most records there can be. */
  FULL,
  EMPTY,
  NUL,
  /** The format cannot be told from the first lines. */
  UNKNOWN_FORMAT,
  /** A format named that is none of sgf, mat, tabla. */
  FORMAT,
  /** {@code format}, {@code line}: the record does not read at that line (the parser's sentence says what is wrong). */
  UNREADABLE_LINE,
  /** {@code format}: the record does not read, at no line in particular (no game in it, not that format at all). */
  UNREADABLE,
  /** {@code id}: no such record (or, deleting, none of yours). */
  NOT_FOUND,
  /** {@code variant}: the analysis has no evaluation for the record's variant. */
  ANALYSIS_VARIANT,
  OWNER_ANALYSES,
  /** {@code count}: analyses of the account waiting or running. */
  TOO_MANY_ANALYSES,
  QUEUE_FULL;

  @Override
  public String concern() {
    return "record";
  }
}
