package tabla.server.kernel.http;

import io.javalin.config.JettyConfig;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpSession;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/**
 * Jetty's bounds, said here rather than left to defaults: request threads, and what one WebSocket may hold. A
 * socket costs memory while it is open, so with thousands open (issue 12: 10,000 in think-time mode) each is kept
 * small: clients send a few words ("resync", "here", "away") or one game action (a move, its version, the CSRF token:
 * a few hundred bytes), so a message is at most {@link #MAX_SOCKET_MESSAGE} bytes and the read buffer is small; a
 * longer one closes the socket.
 */
public final class JettyBounds {
  /** Requests larger than this are refused with 413: nothing in the API needs more. */
  public static final long MAX_BODY_BYTES = 64 * 1024;
  /** Request threads at most: a request is a short database write or read, and sockets hold no thread. */
  public static final int MAX_THREADS = 200;
  static final int MIN_THREADS = 8;
  /** The longest text a client may send over a WebSocket. */
  public static final int MAX_SOCKET_MESSAGE = 1024;
  /** Bytes read from a socket at once. */
  static final int SOCKET_INPUT_BUFFER = 1024;
  /**
   * Javalin makes a servlet session at every WebSocket upgrade (to copy its attributes) and Jetty keeps sessions
   * for ever by default: a socket opened without Jetty's cookie left one behind each time (issue 12's heap after
   * 10,000 games). Tabla keeps nothing in them: each is ended after its upgrade, and any other within this time.
   */
  public static final int SERVLET_SESSION_SECONDS = 60;
  /**
   * Jetty's per-connection cache of header fields seen before (a trie of 1,024 rows by default, a 96 kB char[]), off:
   * Javalin keeps each WebSocket's upgrade request, and with it the HTTP connection it came on and that cache, for as
   * long as the socket is open (issue 12: the 400–500 MB of char[] at 5,000 matches). Jetty's static cache of common
   * headers still applies.
   */
  static final int HEADER_CACHE_SIZE = 0;

  private JettyBounds() {}

  /** After a WebSocket upgrade: the servlet session Javalin made for it ends (the socket does not need it). */
  public static void endUpgradeSession(Context ctx) {
    HttpSession session = ctx.req().getSession(false);
    if (session != null) session.invalidate();
  }

  public static void apply(JettyConfig jetty) {
    QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS, 60_000);
    threads.setName("JettyServerThreadPool");
    jetty.threadPool = threads;
    jetty.modifyHttpConfiguration(http -> http.setHeaderCacheSize(HEADER_CACHE_SIZE));
    jetty.modifyServletContextHandler(h -> h.getSessionHandler().setMaxInactiveInterval(SERVLET_SESSION_SECONDS));
    jetty.modifyWebSocketServletFactory(f -> {
      f.setMaxTextMessageSize(MAX_SOCKET_MESSAGE);
      f.setMaxBinaryMessageSize(MAX_SOCKET_MESSAGE);
      f.setInputBufferSize(SOCKET_INPUT_BUFFER);
    });
  }
}
