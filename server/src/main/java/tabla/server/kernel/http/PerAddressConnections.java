package tabla.server.kernel.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.channels.SelectableChannel;
import java.nio.channels.SocketChannel;
import java.util.concurrent.ConcurrentHashMap;
import org.eclipse.jetty.io.SelectorManager;
import org.eclipse.jetty.server.AbstractConnector;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.util.component.AbstractLifeCycle;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.AddressRange;

/**
 * At most {@link JettyBounds#CONNECTIONS_PER_ADDRESS} open connections from one peer address: a further one is closed
 * as it is accepted, before it costs a buffer. Jetty reads headers without a thread, so a client that sends them a
 * byte at a time holds only connections; this bounds how many. Not counted: the trusted proxies (every client behind
 * them shares their address; the proxy bounds its own) and the loopback (a proxy or a load test on this machine).
 */
final class PerAddressConnections extends AbstractLifeCycle implements SelectorManager.AcceptListener {
  private static final Logger LOG = LoggerFactory.getLogger(PerAddressConnections.class);
  private final Server server;
  private final java.util.function.Predicate<String> exempt;
  private final int limit;
  private final ConcurrentHashMap<String, Integer> open = new ConcurrentHashMap<>();
  /** The address each counted connection was counted under (a closed channel no longer tells it). */
  private final ConcurrentHashMap<SelectableChannel, String> counted = new ConcurrentHashMap<>();

  PerAddressConnections(Server server, int limit, java.util.function.Predicate<String> exempt) {
    this.server = server;
    this.limit = limit;
    this.exempt = exempt;
  }

  /** The site's rule: the trusted proxies and the loopback are not counted. */
  static PerAddressConnections of(Server server, java.util.List<AddressRange> trusted) {
    return new PerAddressConnections(server, JettyBounds.CONNECTIONS_PER_ADDRESS,
        a -> isLoopback(a) || trusted.stream().anyMatch(r -> r.contains(a)));
  }

  @Override
  protected void doStart() {
    for (Connector c : server.getConnectors()) if (c instanceof AbstractConnector a) a.addBean(this);
  }

  @Override
  public void onAccepting(SelectableChannel channel) {
    String a = peer(channel);
    if (a == null || exempt.test(a)) return;
    counted.put(channel, a);
    if (open.merge(a, 1, Integer::sum) > limit) {
      LOG.debug("{} holds {} connections already: one more closed", a, limit);
      try {
        channel.close(); // Jetty then fails the accept: onAcceptFailed gives the count back
      } catch (IOException e) {
        LOG.debug("closing an extra connection from {}", a, e);
      }
    }
  }

  @Override
  public void onAcceptFailed(SelectableChannel channel, Throwable cause) {
    release(channel);
  }

  @Override
  public void onClosed(SelectableChannel channel) {
    release(channel);
  }

  /** Connections counted for {@code address} now (tests). */
  int openFrom(String address) {
    return open.getOrDefault(address, 0);
  }

  private void release(SelectableChannel channel) {
    String a = counted.remove(channel);
    if (a != null) open.computeIfPresent(a, (k, n) -> n <= 1 ? null : n - 1);
  }

  private static String peer(SelectableChannel channel) {
    try {
      if (channel instanceof SocketChannel s && s.getRemoteAddress() instanceof InetSocketAddress i
          && i.getAddress() != null) {
        return i.getAddress().getHostAddress();
      }
    } catch (IOException closed) {
      return null;
    }
    return null;
  }

  private static boolean isLoopback(String address) {
    try {
      return java.net.InetAddress.getByName(address).isLoopbackAddress(); // a literal: no DNS
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }
}
