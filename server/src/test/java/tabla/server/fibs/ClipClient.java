package tabla.server.fibs;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.regex.Pattern;

/**
 * A small CLIP client for the tests: a real socket, a thread that reads lines, and waits for a line that matches.
 * Every line received is kept in order (the transcript); a prompt, which has no line end ("login: ", "password: "),
 * counts as a line of its own, with the telnet commands sent before it (IAC WILL ECHO, the bytes 255 251 1, read as
 * one char each).
 */
public final class ClipClient implements AutoCloseable {
  static final long WAIT_MILLIS = 20_000;
  /** The server's prompts, which end without a line end. */
  static final List<String> PROMPTS =
      List.of("login: ", "password: ", "Please give your password: ", "Please retype your password: ");
  /** Where every client appends what it received (for the third-party parsers, run by hand): null for nowhere. */
  static final String TRANSCRIPT_DIR = System.getProperty("tabla.fibs.transcripts");

  final String label;
  private final Socket socket;
  private final OutputStream out;
  private final BlockingQueue<String> lines = new LinkedBlockingQueue<>();
  public final List<String> transcript = java.util.Collections.synchronizedList(new ArrayList<>());
  private volatile boolean ended;
  private final Thread reader;

  public ClipClient(String label, int port) {
    this.label = label;
    try {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(0);
      out = socket.getOutputStream();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    reader = new Thread(this::read, "clip-client-" + label);
    reader.setDaemon(true);
    reader.start();
  }

  private void read() {
    try (InputStream in = socket.getInputStream()) {
      StringBuilder b = new StringBuilder();
      int c;
      while ((c = in.read()) >= 0) {
        if (c == '\n') {
          String l = b.toString();
          if (l.endsWith("\r")) l = l.substring(0, l.length() - 1);
          add(l);
          b.setLength(0);
        } else {
          b.append((char) c);
          // a prompt, as a client that waits for it sees it
          if (c == ' ' && PROMPTS.contains(b.toString().replaceAll("\u00ff[\u00fb-\u00fe].", ""))) {
            add(b.toString());
            b.setLength(0);
          }
        }
      }
      if (b.length() > 0) add(b.toString());
    } catch (IOException e) {
      // closed
    } finally {
      ended = true;
      lines.add("\u0000END");
    }
  }

  private void add(String l) {
    transcript.add(l);
    lines.add(l);
  }

  public void send(String line) {
    try {
      out.write((line + "\r\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  void sendRaw(byte[] b) {
    try {
      out.write(b);
      out.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The next line matching {@code regex} (a find, not a whole match); lines before it are passed over. */
  public String await(String regex) {
    return await(Pattern.compile(regex), WAIT_MILLIS);
  }

  String await(Pattern p, long millis) {
    long end = System.currentTimeMillis() + millis;
    try {
      while (true) {
        long left = end - System.currentTimeMillis();
        String l = left <= 0 ? null : lines.poll(left, TimeUnit.MILLISECONDS);
        if (l == null) throw new AssertionError(label + ": no line matching /" + p + "/ within " + millis + " ms; last lines: " + tail());
        if (l.equals("\u0000END")) {
          lines.add(l);
          throw new AssertionError(label + ": connection closed before a line matching /" + p + "/; last lines: " + tail());
        }
        if (p.matcher(l).find()) return l;
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AssertionError(e);
    }
  }

  /** The next line, whatever it is, or null when none comes within {@code millis}. */
  String next(long millis) {
    try {
      String l = lines.poll(millis, TimeUnit.MILLISECONDS);
      if (l != null && l.equals("\u0000END")) {
        lines.add(l);
        return null;
      }
      return l;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }

  /** Waits until the server has closed this connection. */
  boolean awaitClosed(long millis) {
    long end = System.currentTimeMillis() + millis;
    while (!ended && System.currentTimeMillis() < end) {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      }
    }
    return ended;
  }

  /** Drops what was received so far and not yet awaited. */
  void drain() {
    lines.removeIf(l -> !l.equals("\u0000END"));
  }

  /** Logs in with CLIP; returns once the who list (CLIP 6) has come. */
  public void login(String name, String password) {
    send("login TablaTest 1008 " + name + " " + password);
    await("^1 " + name + " ");
    await("^6$");
  }

  public String tail() {
    synchronized (transcript) {
      return String.join(" | ", transcript.subList(Math.max(0, transcript.size() - 12), transcript.size()));
    }
  }

  @Override
  public void close() {
    try {
      socket.close();
    } catch (IOException e) {
      // closing anyway
    }
    if (TRANSCRIPT_DIR != null) {
      try {
        java.nio.file.Files.createDirectories(java.nio.file.Path.of(TRANSCRIPT_DIR));
        synchronized (transcript) {
          java.nio.file.Files.write(java.nio.file.Path.of(TRANSCRIPT_DIR, label + "-" + System.nanoTime() + ".txt"), transcript);
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }
}
