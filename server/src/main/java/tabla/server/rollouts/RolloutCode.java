package tabla.server.rollouts;

import tabla.server.kernel.RefusalCode;

/** The codes of the rollout service's refusals ({@link Rollouts}); see {@link RefusalCode}. */
public enum RolloutCode implements RefusalCode {
  GUEST,
  NOT_BACKGAMMON,
  NUMBER_RANGE,
  QUEUE_FULL,
  TOO_MANY,
  STOPPING,
  ENDED,
  NOT_FOUND,
  NOT_OWNER,
  /** The position given is no gnubg ID (POSITIONID:MATCHID) or XGID, or one that does not read. */
  POSITION;

  @Override
  public String concern() {
    return "rollout";
  }
}
