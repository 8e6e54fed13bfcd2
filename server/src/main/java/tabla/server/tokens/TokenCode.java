package tabla.server.tokens;

import tabla.server.kernel.RefusalCode;

/** The codes of the API tokens' refusals (the account page makes and revokes them); see {@link RefusalCode}. */
public enum TokenCode implements RefusalCode {
  GUEST,
  /** {@code max}: a token's name has 1 to max characters. */
  NAME_LENGTH,
  NO_SCOPE,
  /** {@code max}: the tokens an account holds at most. */
  TOO_MANY,
  /** {@code id}: no token of yours by that id. */
  NOT_FOUND;

  @Override
  public String concern() {
    return "token";
  }
}
