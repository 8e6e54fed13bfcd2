package tabla.server.tournaments;

import tabla.server.kernel.RefusalCode;

/** The codes of the tournament service's refusals (creating, entering, leaving, starting, cancelling); see {@link RefusalCode}. */
public enum TournamentCode implements RefusalCode {
  GUEST,
  NOT_FOUND,
  /** {@code open}: the creator runs the most open tournaments there can be. */
  TOO_MANY_OPEN,
  FULL,
  REGISTERED_ALREADY,
  NOT_REGISTERED,
  /** {@code status}: registration is closed (running, finished, cancelled). */
  CLOSED,
  CREATOR_ENTERS_COMPUTER,
  CREATOR_CANCELS,
  CREATOR_STARTS,
  /** {@code count}, {@code min}: too few registered to start. */
  TOO_FEW,
  /** {@code max}. */
  NAME_LENGTH,
  FORMAT,
  MONEY,
  NO_CLOCK,
  /** {@code most}. */
  PLAYERS,
  /** {@code min}, {@code max}. */
  SWISS_ROUNDS,
  ROUNDS_SWISS_ONLY,
  CONSOLATION_KNOCKOUT,
  /** {@code days}: a start from now to that many days ahead. */
  START_RANGE,
  /** The name breaks the text rule (kernel.TextRule: one line, no control characters or direction overrides). */
  NAME_TEXT,
  /** {@code field}: a field the creation does not take. */
  FIELD,
  MODE,
  /** {@code levels}: the computer's levels, comma-separated words. */
  LEVEL,
  /** {@code field}: a whole number (a time in epoch ms for startsAt). */
  NUMBER,
  /** {@code field}: true or false. */
  BOOLEAN;

  @Override
  public String concern() {
    return "tournament";
  }
}
