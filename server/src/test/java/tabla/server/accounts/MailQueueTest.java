package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import org.junit.jupiter.api.Test;
import tabla.server.kernel.MailSettings;
import tabla.server.mail.Mailer;

/**
 * A mail server that takes connections and never answers holds the one sending thread; reset mails asked for
 * meanwhile wait, at most {@link ResetRoutes#QUEUE} of them, and the rest are dropped instead of piling up.
 */
class MailQueueTest {

  @Test
  void aSilentMailServerLeavesAtMostTheQueueWaiting() throws Exception {
    try (ServerSocket silent = new ServerSocket(0, 500, InetAddress.getLoopbackAddress())) {
      Mailer mailer = new Mailer(new MailSettings("127.0.0.1", silent.getLocalPort(), null, null, "tabla@tabla.example",
          MailSettings.Tls.NONE));
      ResetRoutes routes = new ResetRoutes(null, null, mailer, URI.create("http://tabla.example"));
      for (int i = 0; i < ResetRoutes.QUEUE * 3; i++) {
        routes.mail(new PasswordResets.Link("p" + i + "@tabla.example", "p" + i, "en", "0".repeat(64)));
      }
      assertThat(routes.mailsWaiting()).isEqualTo(ResetRoutes.QUEUE);
    }
  }
}
