package tabla.server.kernel;

import java.util.Map;

/**
 * Where the server sends mail (password resets), from the environment: TABLA_SMTP_HOST (none: no mail is
 * sent, and the site runs without it), TABLA_SMTP_PORT (587), TABLA_SMTP_USER and TABLA_SMTP_PASSWORD
 * (both or neither), TABLA_SMTP_FROM (the sender; required with a host), TABLA_SMTP_TLS: starttls (default),
 * tls (port 465) or none (a relay on the same machine). docs/operating.md describes them.
 */
public record MailSettings(String host, int port, String user, String password, String from, Tls tls) {

  /** How the connection to the mail server is protected. */
  public enum Tls { STARTTLS, TLS, NONE }

  public static final MailSettings NONE = new MailSettings(null, 0, null, null, null, Tls.NONE);

  public boolean configured() {
    return host != null;
  }

  public static MailSettings fromEnv(Map<String, String> env) {
    String host = blankToNull(env.get("TABLA_SMTP_HOST"));
    if (host == null) return NONE;
    String from = blankToNull(env.get("TABLA_SMTP_FROM"));
    if (from == null || !from.contains("@")) {
      throw new IllegalArgumentException("TABLA_SMTP_FROM must name the sender's address when TABLA_SMTP_HOST is set");
    }
    String user = blankToNull(env.get("TABLA_SMTP_USER"));
    String password = env.get("TABLA_SMTP_PASSWORD");
    if ((user == null) != (password == null || password.isEmpty())) {
      throw new IllegalArgumentException("set both TABLA_SMTP_USER and TABLA_SMTP_PASSWORD, or neither");
    }
    Tls tls;
    try {
      tls = Tls.valueOf(env.getOrDefault("TABLA_SMTP_TLS", "starttls").trim().toUpperCase(java.util.Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("TABLA_SMTP_TLS must be starttls, tls or none, not '"
          + env.get("TABLA_SMTP_TLS") + "'");
    }
    int port;
    String p = blankToNull(env.get("TABLA_SMTP_PORT"));
    try {
      port = p == null ? (tls == Tls.TLS ? 465 : 587) : Integer.parseInt(p);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("TABLA_SMTP_PORT must be a whole number, not '" + p + "'");
    }
    if (port < 1 || port > 65535) throw new IllegalArgumentException("TABLA_SMTP_PORT must be 1 to 65535");
    return new MailSettings(host, port, user, user == null ? null : password, from, tls);
  }

  private static String blankToNull(String s) {
    return s == null || s.isBlank() ? null : s.trim();
  }

  @Override
  public String toString() { // never the password, in a log or an error
    return configured() ? "smtp://" + (user == null ? "" : user + "@") + host + ":" + port + " (" + tls + ")" : "no mail";
  }
}
