package tabla.server.admin;

import java.util.Locale;

/** What an account may do beyond playing: moderators ban and post notices; admins also grant roles and stop the site. */
public enum Role {
  PLAYER,
  MODERATOR,
  ADMIN;

  public static Role parse(String s) {
    if ("none".equalsIgnoreCase(s)) return PLAYER;
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new IllegalArgumentException("a role is admin, moderator or none");
    }
  }

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }

  public boolean isStaff() {
    return this != PLAYER;
  }
}
