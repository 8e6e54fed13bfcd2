package tabla.server.kernel.http;

import io.javalin.config.JettyConfig;
import io.javalin.http.Context;
import jakarta.servlet.http.HttpSession;
import java.util.List;
import org.eclipse.jetty.http.HttpException;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import tabla.server.kernel.AddressRange;
import tabla.server.kernel.ClientAddress;

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
  /** The most of a body its handler left unread that is read before the answer, to keep the connection. */
  static final long LEFT_BODY_BYTES = 16 * 1024;
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
  /**
   * Issue 30: a client that sends a body a byte at a time held a request thread each, and 250 of them held all. A body
   * once begun arrives at least this fast (bytes a second, over the whole body; a request's body fits in a packet or
   * two, so a real client is far faster), or the read fails with 408 and the thread is free.
   */
  static final long MIN_REQUEST_BYTES_PER_SECOND = 128;
  /** The longest a request thread waits for a client's next bytes (Jetty's default is the connection's 30 s). */
  static final long REQUEST_IDLE_MILLIS = 10_000;
  /** Request threads one client address may hold at once; its further requests wait without a thread. */
  public static final int THREADS_PER_ADDRESS = 32;
  /** Open connections from one address (not a trusted proxy's, not the loopback's): a browser uses a handful. */
  public static final int CONNECTIONS_PER_ADDRESS = 256;

  private JettyBounds() {}

  /**
   * A request Jetty stopped reading (408: its body came too slowly; 400: malformed): its status and a sentence, and
   * no stack trace in the log, which any client could otherwise fill.
   */
  public static void unreadable(HttpException.RuntimeException e, Context ctx) {
    ctx.status(e.getCode()).json(java.util.Map.of("error", e.getCode() == 408
        ? "the request came too slowly; nothing was changed" : "the request could not be read; nothing was changed"));
  }

  /**
   * After an API request that may carry a body, before its answer goes: what its handler left of the body is read and
   * dropped. A client writes a POST's headers and its body apart, and a refusal (or an action that takes no input) may
   * be decided before the body arrives; Jetty then closes the connection after the answer, and a client that sent its
   * next request on it meets a closed socket (Java's HttpClient: "header parser received no bytes"). Only a body of
   * at most {@link #LEFT_BODY_BYTES} is read so (the API's bodies are a few hundred bytes; a longer one still costs
   * its connection): a refusal need not wait long for a body nobody uses, at most that many bytes at
   * {@link #MIN_REQUEST_BYTES_PER_SECOND}, the bound a handler's own read has. Nothing here may change the answer: a
   * failed read is the client's broken connection, which Jetty closes.
   */
  public static void readRestOfBody(Context ctx) {
    String method = ctx.req().getMethod();
    if (method.equals("GET") || method.equals("HEAD") || method.equals("OPTIONS")) return;
    long declared = ctx.req().getContentLengthLong();
    if (declared == 0 || declared > LEFT_BODY_BYTES) return;
    try {
      java.io.InputStream in = ctx.req().getInputStream();
      byte[] buffer = new byte[4096];
      long left = LEFT_BODY_BYTES;
      for (int n; left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) >= 0; ) left -= n;
    } catch (java.io.IOException | RuntimeException brokenOrTooSlow) {
      // the answer stands; Jetty closes this connection
    }
  }

  /** After a WebSocket upgrade: the servlet session Javalin made for it ends (the socket does not need it). */
  public static void endUpgradeSession(Context ctx) {
    HttpSession session = ctx.req().getSession(false);
    if (session != null) session.invalidate();
  }

  /** {@code trusted}: the proxies whose X-Forwarded-For names the client (for the per-address bounds). */
  public static void apply(JettyConfig jetty, List<AddressRange> trusted) {
    QueuedThreadPool threads = new QueuedThreadPool(MAX_THREADS, MIN_THREADS, 60_000);
    threads.setName("JettyServerThreadPool");
    // Jetty's stop waits half this for the pool's threads and then interrupts those still running: in H2's file IO
    // that closes the whole embedded database. Zero: the pool neither waits nor interrupts; the server lets its
    // requests end before it stops Jetty (RequestDrain), and no request thread is ever interrupted.
    threads.setStopTimeout(0);
    jetty.threadPool = threads;
    jetty.modifyHttpConfiguration(http -> {
      http.setHeaderCacheSize(HEADER_CACHE_SIZE);
      http.setMinRequestDataRate(MIN_REQUEST_BYTES_PER_SECOND);
      http.setIdleTimeout(REQUEST_IDLE_MILLIS);
    });
    jetty.modifyServer(server -> {
      server.setStopTimeout(0); // above zero, Jetty's stop would give the pool a stop time of its own (and interrupts)
      server.insertHandler(new PerAddressThreads(new ClientAddress(trusted)));
      server.addBean(PerAddressConnections.of(server, trusted));
    });
    jetty.modifyServletContextHandler(h -> h.getSessionHandler().setMaxInactiveInterval(SERVLET_SESSION_SECONDS));
    jetty.modifyWebSocketServletFactory(f -> {
      f.setMaxTextMessageSize(MAX_SOCKET_MESSAGE);
      f.setMaxBinaryMessageSize(MAX_SOCKET_MESSAGE);
      f.setInputBufferSize(SOCKET_INPUT_BUFFER);
    });
  }
}
