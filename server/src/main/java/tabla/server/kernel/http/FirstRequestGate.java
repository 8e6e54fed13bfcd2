package tabla.server.kernel.http;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Lets the first request of each kind (plain HTTP, WebSocket upgrade) through alone.
 *
 * <p>Javalin 7 still sets up its per-servlet request configuration with Kotlin's unsynchronised lazy on the
 * first request — one lazy for HTTP, another for WebSocket upgrades — so two first requests at once (clients
 * reconnecting after a restart) can make one of them fail with a NullPointerException. Until one request of a
 * kind has been served, requests of that kind run one at a time under a lock; the volatile flag written after it
 * publishes what the lazy computed to every later request, which then passes without locking.
 */
public final class FirstRequestGate implements Filter {
  private final Object httpLock = new Object();
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
    synchronized (upgrade ? wsLock : httpLock) {
      chain.doFilter(req, res);
      if (upgrade) {
        // Only an upgrade that reached its endpoint computed the WebSocket side's configuration.
        if (res instanceof HttpServletResponse r && r.getStatus() == 101) wsReady = true;
      } else {
        httpReady = true;
      }
    }
  }
}
