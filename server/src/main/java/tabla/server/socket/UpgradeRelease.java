package tabla.server.socket;

import io.javalin.websocket.WsConnectContext;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.websocket.api.UpgradeResponse;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Lets go of the HTTP request a WebSocket was upgraded from, once the socket is open. Two references kept it, and
 * with it the HTTP connection, its parser, the servlet request and response, their headers and a servlet session:
 * about 12 kB per socket, over half of what a quiet live match cost (issue 24;
 * docs/measurements/2026-11-27-heap-per-match-2.md has the heap dump that found them).
 * <ul>
 *   <li>Javalin's upgrade context ({@code JavalinServletContext.req} and {@code res}): after the upgrade a socket's
 *   context answers from the copies Javalin made of the headers, cookies, query and attributes
 *   ({@code UpgradeRequestData}), never from the request itself (Javalin 7.2);
 *   <li>Jetty's record of the upgrade response ({@code CompletedUpgradeResponse._headers}): a live view of the servlet
 *   response's headers, where the immutable copy it keeps beside it says the same.
 * </ul>
 * Both are private fields, so this reads them by name; if a new Javalin or Jetty renames them, nothing is released,
 * a warning is logged once, and UpgradeReleaseTest fails, so the change is seen and this is revisited.
 */
final class UpgradeRelease {
  private static final Logger LOG = LoggerFactory.getLogger(UpgradeRelease.class);
  private static final AtomicBoolean WARNED = new AtomicBoolean();
  private static final Field REQUEST = field("io.javalin.http.servlet.JavalinServletContext", "req");
  private static final Field RESPONSE = field("io.javalin.http.servlet.JavalinServletContext", "res");
  private static final Field RESPONSE_HEADERS =
      field("org.eclipse.jetty.websocket.server.internal.CompletedUpgradeResponse", "_headers");
  private static final Field RESPONSE_FIELDS =
      field("org.eclipse.jetty.websocket.server.internal.CompletedUpgradeResponse", "_httpFields");

  private UpgradeRelease() {}

  /** Whether this Javalin and this Jetty have the fields released (UpgradeReleaseTest). */
  static boolean fieldsFound() {
    return REQUEST != null && RESPONSE != null && RESPONSE_HEADERS != null && RESPONSE_FIELDS != null;
  }

  /** Called when the socket opens (Javalin and Jetty are done with the upgrade by then); true if all was released. */
  static boolean release(WsConnectContext c) {
    if (!fieldsFound()) return warn(null);
    try {
      Object upgrade = c.getUpgradeCtx$javalin();
      REQUEST.set(upgrade, null);
      RESPONSE.set(upgrade, null);
      UpgradeResponse response = c.session.getUpgradeResponse();
      if (!RESPONSE_HEADERS.getDeclaringClass().isInstance(response)) return warn(null);
      RESPONSE_HEADERS.set(response, HttpFields.asMap((HttpFields) RESPONSE_FIELDS.get(response)));
      return true;
    } catch (IllegalAccessException | RuntimeException e) {
      return warn(e);
    }
  }

  /**
   * At the end of a socket's onConnect: Javalin's copies of the upgrade's headers, cookies, query and attributes are
   * emptied, but for the attribute {@code keep} (the socket's connection): Tabla reads them on connect, never after
   * (about 1.4 kB a socket). They are the maps Javalin hands out; one it made immutable is left as it is.
   */
  static void forgetCopies(WsConnectContext c, String keep) {
    for (Map<String, ?> m : List.of(c.headerMap(), c.cookieMap(), c.queryParamMap(), c.sessionAttributeMap())) {
      try {
        m.clear();
      } catch (UnsupportedOperationException e) {
        // immutable (an empty map, typically): nothing to let go of
      }
    }
    c.attributeMap().keySet().retainAll(Set.of(keep));
  }

  private static boolean warn(Exception e) {
    if (WARNED.compareAndSet(false, true)) {
      LOG.warn("sockets keep their upgrade requests (Javalin or Jetty changed: see UpgradeRelease)", e);
    }
    return false;
  }

  private static Field field(String className, String name) {
    try {
      Field f = Class.forName(className).getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      return null;
    }
  }
}
