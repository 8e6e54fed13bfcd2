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
  OWNER_ANALYSES,
  /** {@code count}: analyses of the account waiting or running. */
  TOO_MANY_ANALYSES,
  QUEUE_FULL;

  @Override
  public String concern() {
    return "record";
  }
}
