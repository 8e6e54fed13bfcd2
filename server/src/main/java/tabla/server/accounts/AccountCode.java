package tabla.server.accounts;

import tabla.server.kernel.RefusalCode;

/** The codes of the account services' refusals (names, passwords, e-mail, settings, a player looked up by name); see {@link RefusalCode}. */
public enum AccountCode implements RefusalCode {
  NO_PLAYER,
  BAD_NAME,
  GUEST_NAME,
  NAME_TAKEN,
  PASSWORD_SHORT,
  PASSWORD_LONG,
  GUEST_PASSWORD,
  WRONG_PASSWORD,
  GAMES_RUNNING,
  EMAIL_LONG,
  EMAIL_INVALID,
  EMAIL_MARKS,
  EMAIL_TEXT,
  GUEST_MAIL,
  LANGUAGE,
  /** An invitation code unknown or used (a site where registration needs one; admin.Moderation refuses it). */
  INVITATION,
  /** Registration is closed on this site (admin.AdminRoutes refuses it). */
  REGISTRATION_CLOSED,
  /** 401: no account by that name and password. */
  LOGIN_FAILED,
  /** 403: the account is banned (its right password given), no reason written. */
  BANNED,
  /** 403, {@code reason}: banned, with the moderator's reason (their words, in their language). */
  BANNED_REASON,
  /** A password-reset link used already or expired. */
  RESET_LINK,
  /** 503: the site sends no mail, so no reset link. */
  NO_MAIL;

  @Override
  public String concern() {
    return "account";
  }
}
