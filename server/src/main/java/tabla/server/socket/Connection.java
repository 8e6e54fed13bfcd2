package tabla.server.socket;

import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.websocket.api.Callback;
import org.eclipse.jetty.websocket.api.Session;
import org.eclipse.jetty.websocket.api.StatusCode;

/**
 * One open WebSocket, read once on upgrade: its id, its user (null for a visitor), and the one outbox every
 * subscriber sends through, with one bound ({@link #MAX_QUEUED}); and the bounds of what the client may send.
 * It holds the Jetty session only, not the upgrade request, so a quiet socket keeps few bytes.
 */
public final class Connection {
  /** Messages queued to one socket and not yet written: beyond this the reader is too slow and is closed. */
  public static final int MAX_QUEUED = 64;
  /** Messages a socket may send per {@link #INBOUND_WINDOW_MILLIS} (it only ever needs "resync"); then it is closed. */
  public static final int MAX_INBOUND = 20;
  public static final long INBOUND_WINDOW_MILLIS = 10_000;
  /**
   * Actions a socket may send per {@link #INBOUND_WINDOW_MILLIS}, then it is closed: far more than a person or the
   * load test's busiest player sends (each waits for its turn), far fewer than a flood.
   */
  public static final int MAX_ACTIONS = 500;

  private final Session session;
  private final String id;
  private final Long user;
  private final AtomicInteger queued = new AtomicInteger();
  private long windowStart;
  private int inbound;
  private long actionWindowStart;
  private int actions;

  public Connection(Session session, String id, Long user) {
    this.session = session;
    this.id = id;
    this.user = user;
  }

  /** The socket's id (unique among the open ones). */
  public String id() {
    return id;
  }

  /** Its signed-in user when it opened, or null. */
  public Long user() {
    return user;
  }

  public Session session() {
    return session;
  }

  public boolean isOpen() {
    return session.isOpen();
  }

  /** Counts one message from the client; false when it sent more than its share (then it is closed). */
  public synchronized boolean allowInbound(long now) {
    if (now - windowStart > INBOUND_WINDOW_MILLIS) {
      windowStart = now;
      inbound = 0;
    }
    return ++inbound <= MAX_INBOUND;
  }

  /** Counts one action from the client; false when it sent more than {@link #MAX_ACTIONS} in the window. */
  public synchronized boolean allowAction(long now) {
    if (now - actionWindowStart > INBOUND_WINDOW_MILLIS) {
      actionWindowStart = now;
      actions = 0;
    }
    return ++actions <= MAX_ACTIONS;
  }

  /** Closes it for sending more than {@link #MAX_INBOUND} messages in the window. */
  public void closeFlooding() {
    close(StatusCode.POLICY_VIOLATION, "too many messages: at most " + MAX_INBOUND + " per "
        + INBOUND_WINDOW_MILLIS / 1000 + " s");
  }

  /** Queues a message; a socket that stopped reading is closed with the reason instead of queuing without end. */
  public void send(String text) {
    send(text, () -> { });
  }

  /**
   * As {@link #send(String)}, then {@code done} once the message is written or will never be (the write failed, or
   * the socket was closed for slowness).
   */
  public void send(String text, Runnable done) {
    if (queued.incrementAndGet() > MAX_QUEUED) {
      queued.decrementAndGet();
      close(StatusCode.POLICY_VIOLATION, "too slow: more than " + MAX_QUEUED + " messages unread");
      done.run();
      return;
    }
    Runnable sent = () -> {
      queued.decrementAndGet();
      done.run();
    };
    session.sendText(text, Callback.from(sent, e -> sent.run()));
  }

  public void close(int code, String reason) {
    if (session.isOpen()) session.close(code, reason, Callback.NOOP);
  }

  /** Closes it with "service restart": the page reconnects and reads what it shows afresh. */
  public void reconnect(String reason) {
    close(StatusCode.SERVICE_RESTART, reason);
  }
}
