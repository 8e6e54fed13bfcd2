package tabla.server.ops;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.socket.Connection;
import tabla.server.socket.SocketSubscribers;
import tabla.server.kernel.Workers;

/**
 * Every open WebSocket, with its user when it has one: counted for /metrics, told about broadcasts and a
 * coming shutdown, and closed when its user is banned. Sends go through one thread of their own, so a
 * slow socket delays only other notices, never a request; they are queued on the socket's one outbox.
 */
public final class Sockets implements SocketSubscribers.Every, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Sockets.class);
  /** The close code a banned user's sockets get (4000-4999 are the application's). */
  public static final int CLOSE_BANNED = 4003;

  private final Map<String, Connection> open = new ConcurrentHashMap<>();
  private final ExecutorService sender = Executors.newSingleThreadExecutor(Workers.daemon("tabla-notices"));

  @Override
  public void opened(Connection c) {
    open.put(c.id(), c);
  }

  @Override
  public void closed(Connection c) {
    open.remove(c.id());
  }

  public int count() {
    return open.size();
  }

  /** Sends {@code json} to every open socket. */
  public void tellEveryone(String json) {
    for (Connection c : open.values()) sender.execute(() -> send(c, json));
  }

  /** Closes the sockets of a user (banned): the page sees the close and its session is gone. */
  public int closeUser(long userId, String reason) {
    int n = 0;
    for (Connection c : open.values()) {
      if (c.user() != null && c.user() == userId) {
        open.remove(c.id());
        sender.execute(() -> {
          try {
            c.close(CLOSE_BANNED, reason);
          } catch (RuntimeException e) {
            LOG.debug("closing a socket failed: {}", e.toString());
          }
        });
        n++;
      }
    }
    return n;
  }

  /** Waits (at most {@code millis}) until the notices queued so far are sent: before the server stops. */
  public void flush(long millis) {
    try {
      sender.submit(() -> { }).get(millis, java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      LOG.debug("notices not all sent before the stop: {}", e.toString());
    }
  }

  public Set<String> ids() {
    return Set.copyOf(open.keySet());
  }

  private void send(Connection c, String json) {
    try {
      c.send(json);
    } catch (RuntimeException e) {
      open.remove(c.id());
    }
  }

  @Override
  public void close() {
    sender.shutdownNow();
  }
}
