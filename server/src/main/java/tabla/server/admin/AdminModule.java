package tabla.server.admin;

import io.javalin.router.JavalinDefaultRoutingApi;
import java.time.Clock;
import javax.sql.DataSource;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.AccountChanges;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.ServerConfig;
import tabla.server.ops.OpsModule;
import tabla.server.site.OtherNodes;

/**
 * The operators' side, wired once: notices, moderation, graceful shutdown, account changes and the local admin
 * token, with their routes. TablaServer holds one and calls {@link #register}, {@link #started} and {@link #close}.
 */
public final class AdminModule implements AutoCloseable {
  private final ServerConfig config;
  private final OpsModule ops;
  private final Notices notices;
  private final Shutdown shutdown;
  private final Moderation moderation;
  private final AccountChanges changes;
  private final DataSource dataSource;
  private final Accounts accounts;
  private final Clock clock;
  private AdminToken token;

  public AdminModule(ServerConfig config, OpsModule ops, Jdbi jdbi, DataSource dataSource, Accounts accounts,
      Clock clock, Runnable stop) {
    this.config = config;
    this.ops = ops;
    this.dataSource = dataSource;
    this.accounts = accounts;
    this.clock = clock;
    this.notices = new Notices(jdbi, clock);
    this.shutdown = new Shutdown(notices, ops.sockets(), clock, stop);
    this.moderation = new Moderation(jdbi, config.site(), clock);
    this.changes = new AccountChanges(jdbi);
  }

  /** Several nodes: the moderators' broadcasts and the message of the day are the same on all of them. */
  public void acrossNodes(OtherNodes others) {
    notices.acrossNodes(others, ops.sockets()::tellEveryone);
  }

  public Moderation moderation() {
    return moderation;
  }

  /** After the session is known (Auth's before-handler): the admin, notices and account routes. */
  @SuppressWarnings("rawtypes")
  public void register(JavalinDefaultRoutingApi routes) {
    // The token exists from the start; its file names the address once the port is known (started()).
    token = AdminToken.write(config.site().dataDir(), "http://127.0.0.1:0");
    new AdminRoutes(new AdminRoutes.Services(config, moderation, notices, shutdown, ops.sockets(), ops.housekeeping(),
        changes, token, dataSource, accounts, clock)).register(routes);
  }

  /** After the port opened: the admin token file names the address the CLI should use. */
  public void started(int port) {
    String host = config.site().bindHost();
    String reach = host.equals("0.0.0.0") || host.equals("::") ? "127.0.0.1" : host.contains(":") ? "[" + host + "]" : host;
    token = token.rewrite(config.site().dataDir(), "http://" + reach + ":" + port);
  }

  public void onStop(Runnable r) {
    shutdown.onStop(r);
  }

  /** {@code l} hears of a graceful shutdown when an admin announces it (its seconds and text). */
  public void onShutdownAnnounced(java.util.function.BiConsumer<Integer, String> l) {
    shutdown.onAnnounced(l);
  }

  /** Tells the open pages and games that the site stops now (a SIGTERM, or the end of a graceful shutdown). */
  public void tellStopping() {
    shutdown.tell(clock.instant(), notices.shuttingDown() ? notices.view().shutdown().message() : "The site restarts now.");
    ops.sockets().flush(1000);
  }

  @Override
  public void close() {
    if (token != null) token.remove(config.site().dataDir());
    shutdown.close();
  }
}
