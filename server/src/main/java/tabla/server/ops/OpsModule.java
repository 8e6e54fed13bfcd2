package tabla.server.ops;

import io.javalin.router.JavalinDefaultRoutingApi;
import java.time.Clock;
import java.util.function.IntSupplier;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;

/**
 * What a host needs around the game service, wired once: metrics, readiness, open sockets and housekeeping.
 * TablaServer holds one and calls {@link #registerFirst}, {@link #started} and {@link #close}; the admin's module
 * uses its sockets and housekeeping.
 */
public final class OpsModule implements AutoCloseable {
  private final ServerConfig config;
  private final Metrics metrics;
  private final Readiness readiness;
  private final Sockets sockets;
  private final Housekeeping housekeeping;

  public OpsModule(ServerConfig config, Metrics metrics, Database db, Accounts accounts, Clock clock) {
    this.config = config;
    this.metrics = metrics;
    this.readiness = new Readiness(db::ping);
    this.sockets = new Sockets();
    this.housekeeping = new Housekeeping(db.jdbi(), clock).startHourly();
    metrics.gauge("tabla.sockets.open", "open WebSockets", sockets::count);
  }

  /** The client's address as the rate limits and logs should see it (the proxy's X-Forwarded-For when trusted). */
  public String clientAddress(String peer, String forwardedFor) {
    return config.site().clientAddress().of(peer, forwardedFor);
  }

  /** Before any other handler: security headers, timing, health, metrics, socket counting. */
  @SuppressWarnings("rawtypes")
  public void registerFirst(JavalinDefaultRoutingApi routes) {
    new OpsRoutes(config.site(), metrics, readiness, sockets).register(routes);
  }

  /** After the port opened: the rooms in memory become a gauge. */
  public void started(IntSupplier roomsInMemory) {
    metrics.gauge("tabla.rooms.in.memory", "game rooms held in memory", roomsInMemory);
  }

  public Metrics metrics() {
    return metrics;
  }

  public Sockets sockets() {
    return sockets;
  }

  public Housekeeping housekeeping() {
    return housekeeping;
  }

  @Override
  public void close() {
    housekeeping.close();
    readiness.close();
    sockets.close();
    metrics.close();
  }
}
