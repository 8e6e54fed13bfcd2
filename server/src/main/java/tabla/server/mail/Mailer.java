package tabla.server.mail;

import tabla.server.kernel.MailSettings;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.util.Date;
import java.util.Properties;

/** Sends plain-text mail through the configured SMTP server (Jakarta Mail, the Angus implementation). */
public final class Mailer {
  /** How long a mail server may take to answer, so a slow one cannot hold a request for long. */
  private static final int TIMEOUT_MS = 10_000;
  private final MailSettings settings;

  public Mailer(MailSettings settings) {
    this.settings = settings;
  }

  public boolean configured() {
    return settings.configured();
  }

  /** Sends one mail; a failure is a MessagingException with the mail server's reason. */
  public void send(String to, String subject, String text) throws MessagingException {
    send(to, subject, text, java.util.Map.of());
  }

  /** As above, with more header lines (List-Unsubscribe, …). */
  public void send(String to, String subject, String text, java.util.Map<String, String> headers)
      throws MessagingException {
    if (!configured()) throw new IllegalStateException("no mail server is configured");
    Properties p = new Properties();
    p.put("mail.smtp.host", settings.host());
    p.put("mail.smtp.port", String.valueOf(settings.port()));
    p.put("mail.smtp.connectiontimeout", String.valueOf(TIMEOUT_MS));
    p.put("mail.smtp.timeout", String.valueOf(TIMEOUT_MS));
    p.put("mail.smtp.writetimeout", String.valueOf(TIMEOUT_MS));
    p.put("mail.smtp.auth", String.valueOf(settings.user() != null));
    if (settings.tls() == MailSettings.Tls.STARTTLS) p.put("mail.smtp.starttls.required", "true");
    if (settings.tls() == MailSettings.Tls.STARTTLS) p.put("mail.smtp.starttls.enable", "true");
    if (settings.tls() == MailSettings.Tls.TLS) p.put("mail.smtp.ssl.enable", "true");
    if (settings.tls() != MailSettings.Tls.NONE) p.put("mail.smtp.ssl.checkserveridentity", "true");
    Session session = Session.getInstance(p);
    MimeMessage m = new MimeMessage(session);
    m.setFrom(new InternetAddress(settings.from(), true));
    m.setRecipient(Message.RecipientType.TO, new InternetAddress(to, true));
    m.setSubject(subject, "UTF-8");
    m.setSentDate(new Date());
    m.setText(text, "UTF-8");
    for (java.util.Map.Entry<String, String> h : headers.entrySet()) m.setHeader(h.getKey(), h.getValue());
    if (settings.user() == null) Transport.send(m);
    else Transport.send(m, settings.user(), settings.password());
  }
}
