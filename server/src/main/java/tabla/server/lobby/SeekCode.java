package tabla.server.lobby;

import tabla.server.kernel.RefusalCode;

/** The codes of the lobby's refusals of seeks and invitations (SeekStore, the lobby's routes); see {@link RefusalCode}. */
public enum SeekCode implements RefusalCode {
  GUEST,
  LIMIT,
  GONE,
  OWN,
  FOR_ANOTHER,
  OUTSIDE_RANGE,
  TAKEN,
  MODE,
  INVITE_SELF,
  NOT_YOURS,
  NO_INVITATION,
  RATING_ORDER,
  RATING_BOUND;

  @Override
  public String concern() {
    return "seek";
  }
}
