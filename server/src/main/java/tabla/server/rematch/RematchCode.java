package tabla.server.rematch;

import tabla.server.kernel.RefusalCode;

/** The codes of the rematch service's refusals ({@link Rematches}); see {@link RefusalCode}. */
public enum RematchCode implements RefusalCode {
  NOT_PLAYER,
  COMPUTER,
  NOT_OVER,
  TOURNAMENT,
  STARTED,
  OFFERED,
  NO_OFFER;

  @Override
  public String concern() {
    return "rematch";
  }
}
