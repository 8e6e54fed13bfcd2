package tabla.server.ops;

import io.javalin.websocket.WsContext;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Every open WebSocket, with its user when it has one: counted for /metrics, told about broadcasts and a
 * coming shutdown, and closed when its user is banned. Sends go through one thread of their own, so a
 * slow socket delays only other notices, never a request.
 */
public final class Sockets implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(Sockets.class);
  /** The close code a banned user's sockets get (4000-4999 are the application's). */
  public static final int CLOSE_BANNED = 4003;

  private final Map<String, Open> open = new ConcurrentHashMap<>();
  private final Function<String, Long> userOfCookie;
  private final ExecutorService sender = Executors.newSingleThreadExecutor(r -> {
    Thread t = new Thread(r, "tabla-notices");
    t.setDaemon(true);
    return t;
  });

  private record Open(WsContext ws, Long userId) {}

  /** {@code userOfCookie}: the user id of a session cookie's token, or null. */
  public Sockets(Function<String, Long> userOfCookie) {
    this.userOfCookie = userOfCookie;
  }

  public void opened(WsContext ws, String sessionToken) {
    Long uid = null;
    try {
      uid = userOfCookie.apply(sessionToken);
    } catch (RuntimeException e) {
      LOG.debug("socket without a user: {}", e.toString());
    }
    open.put(ws.sessionId(), new Open(ws, uid));
  }

  public void closed(WsContext ws) {
    open.remove(ws.sessionId());
  }

  public int count() {
    return open.size();
  }

  /** Sends {@code json} to every open socket. */
  public void tellEveryone(String json) {
    for (Open o : open.values()) sender.execute(() -> send(o.ws(), json));
  }

  /** Closes the sockets of a user (banned): the page sees the close and its session is gone. */
  public int closeUser(long userId, String reason) {
    int n = 0;
    for (Open o : open.values()) {
      if (o.userId() != null && o.userId() == userId) {
        open.remove(o.ws().sessionId());
        sender.execute(() -> {
          try {
            o.ws().closeSession(CLOSE_BANNED, reason);
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

  private void send(WsContext ws, String json) {
    try {
      ws.send(json);
    } catch (RuntimeException e) {
      open.remove(ws.sessionId());
    }
  }

  @Override
  public void close() {
    sender.shutdownNow();
  }
}
