package tabla.server.kernel;

import java.util.Locale;

/** Who may make an account: anyone, only holders of an invitation code, or nobody (admins still can). */
public enum RegistrationMode {
  OPEN,
  INVITATION,
  CLOSED;

  public static RegistrationMode parse(String s) {
    try {
      return valueOf(s.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("registration mode must be open, invitation or closed, not '" + s + "'");
    }
  }

  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
