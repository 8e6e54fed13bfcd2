package tabla.server.fibs;

import tabla.server.kernel.FibsSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * One TCP connection: its bytes in and out, and a serial queue of work for its session. Lines and game events for
 * one connection run one at a time, in order, on the shared worker pool; the selector thread only moves bytes.
 * Bounds: what waits to be written ({@link FibsSettings#maxQueuedBytes}: a client that stops reading is closed),
 * and commands per second (a token bucket; a line over the rate is refused with an error line and not run).
 */
final class ClipConnection {
  final SocketChannel channel;
  final InetAddress address;
  final LineCodec codec;
  private final ClipServer server;
  private final Executor workers;
  private final Queue<Runnable> work = new ConcurrentLinkedQueue<>();
  private final AtomicBoolean running = new AtomicBoolean();
  private final ArrayDeque<ByteBuffer> out = new ArrayDeque<>();
  private int queuedBytes;
  private String closeAfterWrite; // why it closes once what is queued is written; null: it stays open
  final AtomicBoolean closed = new AtomicBoolean();
  volatile long lastInput;
  final long openedAt;
  SelectionKey key;
  ClipSession session;
  // token bucket for commands: refilled at commandsPerSecond, holds at most that many
  private double tokens;
  private long refilledAt;
  private long lastRateWarning;

  ClipConnection(SocketChannel channel, InetAddress address, ClipServer server, Executor workers, long now) {
    this.channel = channel;
    this.address = address;
    this.server = server;
    this.workers = workers;
    this.codec = new LineCodec(server.settings().maxLineBytes());
    this.lastInput = now;
    this.openedAt = now;
    this.tokens = server.settings().commandsPerSecond();
    this.refilledAt = now;
  }

  /** Runs {@code r} after everything queued for this connection before it, never two at once. */
  void submit(Runnable r) {
    if (closed.get()) return;
    work.add(r);
    if (running.compareAndSet(false, true)) workers.execute(this::drain);
  }

  private void drain() {
    try {
      for (Runnable r; (r = work.poll()) != null; ) {
        try {
          r.run();
        } catch (RuntimeException e) {
          server.failed(this, e);
        }
      }
    } finally {
      running.set(false);
      if (!work.isEmpty() && running.compareAndSet(false, true)) workers.execute(this::drain);
    }
  }

  /** Counts an action of the session's own as a command (false once the server's stop began: then none). */
  boolean enter() {
    return server.enter();
  }

  /** The end of what {@link #enter} let in. */
  void exit() {
    server.exit();
  }

  /** Whether one more command may run now (selector thread); false: over the rate. */
  boolean takeToken(long now) {
    int rate = server.settings().commandsPerSecond();
    tokens = Math.min(rate, tokens + (now - refilledAt) * rate / 1000.0);
    refilledAt = now;
    if (tokens < 1) return false;
    tokens--;
    return true;
  }

  /** Whether to tell the client it is over the rate now (at most once a second, so the warnings do not flood). */
  boolean warnRate(long now) {
    if (now - lastRateWarning < 1000) return false;
    lastRateWarning = now;
    return true;
  }

  /** Sends one line (CR LF added). */
  void send(String line) {
    write(line + "\r\n");
  }

  /** Sends text as it is (the login prompt has no line end). */
  void write(String text) {
    write(text.getBytes(StandardCharsets.UTF_8));
  }

  /** Telnet's IAC WILL ECHO: the server echoes, so a telnet program stops echoing what is typed (a password). */
  static final byte[] ECHO_OFF = {(byte) 255, (byte) 251, 1};
  /** Telnet's IAC WONT ECHO: the telnet program echoes again. */
  static final byte[] ECHO_ON = {(byte) 255, (byte) 252, 1};

  /** Sends bytes as they are (telnet's commands are not UTF-8 text). */
  void write(byte[] b) {
    if (closed.get()) return;
    boolean tooMuch;
    synchronized (this) {
      tooMuch = queuedBytes + b.length > server.settings().maxQueuedBytes();
      if (!tooMuch) {
        out.add(ByteBuffer.wrap(b));
        queuedBytes += b.length;
      }
    }
    if (tooMuch) {
      server.close(this, "not reading");
      return;
    }
    server.wantWrite(this);
  }

  /** Sends the last lines, then closes once they are written (the user logged out). */
  void sendAndClose(String line) {
    sendAndClose(line, "logged out");
  }

  /** Sends the last lines, then closes once they are written, for reason {@code why} (as its session hears it). */
  void sendAndClose(String line, String why) {
    if (line != null) send(line);
    synchronized (this) {
      closeAfterWrite = why;
    }
    server.wantWrite(this);
  }

  /** Selector thread: writes what it can; true when everything queued is written. */
  boolean flush() throws IOException {
    synchronized (this) {
      while (!out.isEmpty()) {
        ByteBuffer b = out.peek();
        int n = channel.write(b);
        queuedBytes -= n;
        if (b.hasRemaining()) return false;
        out.poll();
      }
      return true;
    }
  }

  /** Why the connection closes once its lines are written, or null while it stays open. */
  synchronized String closeAfterWrite() {
    return closeAfterWrite;
  }

  synchronized boolean hasOutput() {
    return !out.isEmpty();
  }
}
