package tabla.server.admin;

import tabla.server.kernel.RefusalCode;

/** The codes of the staff pages' refusals (roles, bans, notices, the admin token); see {@link RefusalCode}. */
public enum AdminCode implements RefusalCode {
  WRONG_TOKEN,
  /** {@code role}: the staff role the request needs (moderator, admin). */
  NEEDS_ROLE,
  /** {@code name}: an admin by the site's settings keeps the role. */
  ADMIN_BY_SETTINGS,
  BAN_ADMIN,
  /** {@code max}. */
  REASON_LONG,
  NOTICE_EMPTY,
  /** {@code max}. */
  NOTICE_LONG,
  /** A role is admin, moderator or none. */
  ROLE;

  @Override
  public String concern() {
    return "admin";
  }
}
