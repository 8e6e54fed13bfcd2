package tabla.server.ops;

import io.javalin.router.JavalinDefaultRoutingApi;
import java.time.Clock;
import java.time.Instant;
import java.util.function.IntSupplier;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.ServerConfig;
import tabla.server.accounts.AccountChanges;
import tabla.server.accounts.Accounts;
import tabla.server.admin.AdminRoutes;
import tabla.server.admin.AdminToken;
import tabla.server.admin.Moderation;
import tabla.server.admin.Notices;
import tabla.server.admin.Shutdown;

/**
 * Everything a host needs around the game service, wired once: metrics, readiness, open sockets,
 * housekeeping, notices, moderation, graceful shutdown and the local admin token. TablaServer holds one
 * and calls {@link #register}, {@link #started} and {@link #close}.
 */
public final class Operations implements AutoCloseable {
  private final ServerConfig config;
  private final Metrics metrics;
  private final Readiness readiness;
  private final Sockets sockets;
  private final Housekeeping housekeeping;
  private final Notices notices;
  private final Shutdown shutdown;
  private final Moderation moderation;
  private final AccountChanges changes;
  private final DataSource dataSource;
  private final Accounts accounts;
  private AdminToken token;

  public Operations(ServerConfig config, Metrics metrics, Jdbi jdbi, DataSource dataSource, Accounts accounts,
      Runnable stop) {
    this.config = config;
    this.metrics = metrics;
    this.dataSource = dataSource;
    this.accounts = accounts;
    this.readiness = new Readiness(jdbi);
    this.sockets = new Sockets();
    this.housekeeping = new Housekeeping(jdbi, Clock.systemUTC()).startHourly();
    this.notices = new Notices(jdbi, Clock.systemUTC());
    this.shutdown = new Shutdown(notices, sockets, Clock.systemUTC(), stop);
    this.moderation = new Moderation(jdbi, config.site());
    this.changes = new AccountChanges(jdbi);
    metrics.gauge("tabla.sockets.open", "open WebSockets", sockets::count);
  }

  /** Several nodes: the moderators' broadcasts and the message of the day are the same on all of them. */
  public void acrossNodes(tabla.server.site.OtherNodes others) {
    notices.acrossNodes(others, sockets::tellEveryone);
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

  /** After the session is known (Auth's before-handler): the admin, notices and account routes. */
  @SuppressWarnings("rawtypes")
  public void registerAfterAuth(JavalinDefaultRoutingApi routes) {
    // The token exists from the start; its file names the address once the port is known (started()).
    token = AdminToken.write(config.site().dataDir(), "http://127.0.0.1:0");
    new AdminRoutes(new AdminRoutes.Services(config, moderation, notices, shutdown, sockets, housekeeping, changes,
        token, dataSource, accounts)).register(routes);
  }

  /** After the port opened: the admin token file names the address the CLI should use. */
  public void started(int port, IntSupplier roomsInMemory) {
    String host = config.site().bindHost();
    String reach = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host.contains(":") ? "[" + host + "]" : host;
    token = token.rewrite(config.site().dataDir(), "http://" + reach + ":" + port);
    metrics.gauge("tabla.rooms.in.memory", "game rooms held in memory", roomsInMemory);
  }

  public void onStop(Runnable r) {
    shutdown.onStop(r);
  }

  public Metrics metrics() {
    return metrics;
  }

  public Sockets sockets() {
    return sockets;
  }

  /** Tells the open pages and games that the site stops now (a SIGTERM, or the end of a graceful shutdown). */
  public void tellStopping() {
    shutdown.tell(Instant.now(), notices.shuttingDown() ? notices.view().shutdown().message() : "The site restarts now.");
    sockets.flush(1000);
  }

  @Override
  public void close() {
    if (token != null) token.remove(config.site().dataDir());
    shutdown.close();
    housekeeping.close();
    readiness.close();
    sockets.close();
    metrics.close();
  }
}
