package tabla.server.kernel.http;

import java.net.InetSocketAddress;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.handler.ThreadLimitHandler;
import tabla.server.kernel.ClientAddress;

/**
 * At most {@link JettyBounds#THREADS_PER_ADDRESS} request threads for one client address at once; its further
 * requests wait without a thread (Jetty suspends them) until one of its own finishes. A client that sends its bodies
 * a byte at a time (issue 30) so holds a few threads, never all of them. The address is the one the rate limits
 * count ({@link ClientAddress}: the trusted proxy's X-Forwarded-For, an IPv6 client's /64).
 */
final class PerAddressThreads extends ThreadLimitHandler {
  private final ClientAddress addresses;

  PerAddressThreads(ClientAddress addresses) {
    super(null, false);
    this.addresses = addresses;
    setThreadLimit(JettyBounds.THREADS_PER_ADDRESS);
  }

  @Override
  protected String getRemoteIP(Request request) {
    if (!(request.getConnectionMetaData().getRemoteSocketAddress() instanceof InetSocketAddress peer)
        || peer.getAddress() == null) {
      return null;
    }
    String client = addresses.of(peer.getAddress().getHostAddress(),
        ClientAddress.joined(request.getHeaders().getValuesList("X-Forwarded-For")));
    return ClientAddress.limitKey(client);
  }
}
