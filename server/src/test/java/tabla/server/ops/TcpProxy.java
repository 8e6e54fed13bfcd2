package tabla.server.ops;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import tabla.server.kernel.ServerConfig;

/**
 * A loopback TCP relay to a database, for tests: {@link #cut()} drops every connection and refuses new
 * ones (the database seen as stopped, without stopping the shared one), {@link #restore()} listens again
 * on the same port.
 */
public final class TcpProxy implements AutoCloseable {
  private final String targetHost;
  private final int targetPort;
  private final List<Socket> open = new CopyOnWriteArrayList<>();
  private volatile ServerSocket listener;
  private int port;

  public TcpProxy(String targetHost, int targetPort) {
    this.targetHost = targetHost;
    this.targetPort = targetPort;
    restore();
  }

  /** A relay in front of the PostgreSQL database of {@code base}. */
  public static TcpProxy toDatabaseOf(ServerConfig base) {
    URI pg = URI.create(base.dbUrl().substring("jdbc:".length()));
    return new TcpProxy(pg.getHost(), pg.getPort() > 0 ? pg.getPort() : 5432);
  }

  /** {@code base} reaching its database through this relay. */
  public ServerConfig through(ServerConfig base) {
    String url = base.dbUrl().replaceFirst("//[^/]+/", "//127.0.0.1:" + port + "/");
    return base.withDb(url, base.dbUser(), base.dbPassword());
  }

  public int port() {
    return port;
  }

  public synchronized void restore() {
    try {
      ServerSocket s = new ServerSocket();
      s.setReuseAddress(true);
      s.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), port));
      port = s.getLocalPort();
      listener = s;
      Thread t = new Thread(() -> accept(s), "tcp-proxy-" + port);
      t.setDaemon(true);
      t.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public synchronized void cut() {
    try {
      listener.close();
    } catch (IOException e) {
      // closed already
    }
    for (Socket s : open) {
      try {
        s.close();
      } catch (IOException e) {
        // closed already
      }
    }
    open.clear();
  }

  private void accept(ServerSocket s) {
    while (!s.isClosed()) {
      try {
        Socket client = s.accept();
        Socket server = new Socket(targetHost, targetPort);
        open.add(client);
        open.add(server);
        pump(client, server);
        pump(server, client);
      } catch (IOException e) {
        return;
      }
    }
  }

  private static void pump(Socket from, Socket to) {
    Thread t = new Thread(() -> {
      try (InputStream in = from.getInputStream(); OutputStream out = to.getOutputStream()) {
        in.transferTo(out);
      } catch (IOException e) {
        // one side closed
      } finally {
        try {
          from.close();
          to.close();
        } catch (IOException e) {
          // closed already
        }
      }
    }, "tcp-proxy-pump");
    t.setDaemon(true);
    t.start();
  }

  @Override
  public void close() {
    cut();
  }
}
