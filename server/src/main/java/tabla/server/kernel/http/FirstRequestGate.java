package tabla.server.kernel.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.concurrent.Semaphore;

/**
 * Lets the first request of each kind (plain HTTP, WebSocket upgrade) through alone.
 *
 * <p>Javalin 7 still sets up its per-servlet request configuration with Kotlin's unsynchronised lazy on the
 * first request — one lazy for HTTP, another for WebSocket upgrades — so two first requests at once (clients
 * reconnecting after a restart) can make one of them fail with a NullPointerException. Until one request of a
 * kind has been set up, requests of that kind take turns; the volatile flag written after it publishes what the
 * lazy computed to every later request, which then passes without waiting.
 *
 * <p>A plain request's turn ends when the application's first before-handler calls {@link #passed} (the
 * configuration is made by then), not when its answer is out: the first request after a restart may be a bot's
 * event stream, which lasts as long as the bot is connected, and every other request would wait behind it.
 */
public final class FirstRequestGate implements Filter {
  private static final String HOLDS_TURN = FirstRequestGate.class.getName() + ".turn";
  private final Semaphore httpTurn = new Semaphore(1);
  private final Object wsLock = new Object();
  private volatile boolean httpReady;
  private volatile boolean wsReady;

  @Override
  public void doFilter(ServletRequest req, ServletResponse res, FilterChain chain) throws IOException, ServletException {
    boolean upgrade = req instanceof HttpServletRequest h && h.getHeader("Sec-WebSocket-Key") != null;
    if (upgrade ? wsReady : httpReady) {
      chain.doFilter(req, res);
      return;
    }
    if (upgrade) {
      synchronized (wsLock) {
        chain.doFilter(req, res);
        // Only an upgrade that reached its endpoint computed the WebSocket side's configuration.
        if (res instanceof HttpServletResponse r && r.getStatus() == 101) wsReady = true;
      }
      return;
    }
    httpTurn.acquireUninterruptibly();
    req.setAttribute(HOLDS_TURN, Boolean.TRUE);
    try {
      chain.doFilter(req, res);
    } finally {
      passed(req); // a request no before-handler saw (a static file, an error) ends its turn here
    }
  }

  /** From the first before-handler: this request is set up; the ones after it need no turn. */
  public void passed(ServletRequest req) {
    if (req.getAttribute(HOLDS_TURN) == null) return;
    req.removeAttribute(HOLDS_TURN);
    httpReady = true;
    httpTurn.release();
  }
}
