package tabla.server;

import jakarta.mail.Session;
import jakarta.mail.internet.MimeMessage;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * A mail server for tests: it speaks just enough SMTP (RFC 5321) to take a message, and keeps every message it
 * was given, parsed by Jakarta Mail. Plain connections only (the server under test uses TABLA_SMTP_TLS=none).
 */
public final class SmtpListener implements AutoCloseable {
  private final ServerSocket socket;
  private final BlockingQueue<MimeMessage> received = new LinkedBlockingQueue<>();
  private final Thread thread;

  public SmtpListener() throws IOException {
    socket = new ServerSocket(0, 10, java.net.InetAddress.getLoopbackAddress());
    thread = new Thread(this::serve, "test-smtp");
    thread.setDaemon(true);
    thread.start();
  }

  public int port() {
    return socket.getLocalPort();
  }

  /** The next message, or null after {@code seconds}. */
  public MimeMessage next(int seconds) throws InterruptedException {
    return received.poll(seconds, TimeUnit.SECONDS);
  }

  public int waiting() {
    return received.size();
  }

  private void serve() {
    while (!socket.isClosed()) {
      try (Socket s = socket.accept()) {
        talk(s);
      } catch (IOException e) {
        // closed, or a client gone: wait for the next
      }
    }
  }

  private void talk(Socket s) throws IOException {
    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.ISO_8859_1));
    PrintWriter out = new PrintWriter(s.getOutputStream(), true, StandardCharsets.ISO_8859_1);
    reply(out, "220 test SMTP");
    String line;
    while ((line = in.readLine()) != null) {
      String verb = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line.toUpperCase();
      switch (verb) {
        case "EHLO" -> reply(out, "250 test");
        case "DATA" -> {
          reply(out, "354 end with <CRLF>.<CRLF>");
          StringBuilder data = new StringBuilder();
          for (String l; (l = in.readLine()) != null && !l.equals("."); ) {
            data.append(l.startsWith("..") ? l.substring(1) : l).append("\r\n");
          }
          try {
            received.add(new MimeMessage(Session.getInstance(new Properties()),
                new ByteArrayInputStream(data.toString().getBytes(StandardCharsets.ISO_8859_1))));
          } catch (jakarta.mail.MessagingException e) {
            throw new IOException(e);
          }
          reply(out, "250 queued");
        }
        case "QUIT" -> {
          reply(out, "221 bye");
          return;
        }
        default -> reply(out, "250 OK"); // HELO, MAIL, RCPT, RSET, NOOP
      }
    }
  }

  private static void reply(PrintWriter out, String text) {
    out.print(text + "\r\n");
    out.flush();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
