package tabla.core.match;

/** What a game waits for. */
public enum Phase {
  /** Both players roll one die to decide who starts. */
  OPENING,
  /** The player on roll may double (when allowed) or roll. */
  ROLL,
  /** The player on roll must play the dice. */
  MOVE,
  /** The other player must take, drop or (money) beaver. */
  DOUBLE_OFFERED,
  /** The other player must accept or reject a resignation. */
  RESIGN_OFFERED,
  OVER
}
