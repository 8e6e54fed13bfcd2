package tabla.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.server.kernel.ServerConfig;
import tabla.server.cluster.ClusterSettings;
import tabla.server.TablaServer;
import tabla.server.kernel.SiteSettings;

/**
 * Starts the site: embedded H2 under ./data unless TABLA_DB_URL (or --db) names PostgreSQL. Every
 * setting is an environment variable (docs/operating.md lists them); the options override them.
 */
@Command(name = "serve", description = "Run the Tabla site on http://localhost:8080 (embedded H2 under ./data).")
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", description = "HTTP port (default 8080, or TABLA_PORT)")
  Integer port;

  @Option(names = "--bind", description = "address to listen on (default 127.0.0.1, or TABLA_BIND; 0.0.0.0: every interface)")
  String bind;

  @Option(names = "--public-url", description = "the address people use, e.g. https://tabla.example.org (or TABLA_PUBLIC_URL); https makes cookies Secure")
  String publicUrl;

  @Option(names = "--db", description = "JDBC URL, e.g. jdbc:postgresql://localhost/tabla (or TABLA_DB_URL)")
  String db;

  @Override
  public Integer call() throws InterruptedException {
    ServerConfig config;
    ClusterSettings cluster; // TABLA_NODE_ID: one node of several (README "Running a cluster")
    try {
      config = ServerConfig.fromEnv(System.getenv());
      cluster = ClusterSettings.fromEnv(System.getenv());
      SiteSettings site = config.site();
      if (bind != null) site = site.withBindHost(bind);
      if (publicUrl != null) site = site.withPublicUrl(publicUrl);
      config = config.withSite(site);
    } catch (IllegalArgumentException e) {
      System.err.println("tabla: " + e.getMessage());
      return 2;
    }
    if (port != null) config = config.withPort(port);
    if (db != null) config = config.withDb(db, config.dbUser(), config.dbPassword());
    if (cluster.refusal(config.dbUrl()) != null) {
      System.err.println("tabla: " + cluster.refusal(config.dbUrl()));
      return 2;
    }
    System.out.println("Tabla: database " + config.dbUrl());
    TablaServer server = TablaServer.start(config, cluster);
    server.onShutdown(() -> System.exit(0)); // an admin's graceful shutdown; the hook below closes the server
    String host = config.site().bindHost();
    String shown = host.equals("0.0.0.0") || host.equals("::") ? "localhost" : host.contains(":") ? "[" + host + "]" : host;
    System.out.println("Tabla: open http://" + shown + ":" + server.port() + "/"
        + (config.site().publicUrl() != null ? " (public address " + config.site().publicUrl() + ")" : ""));
    if (server.fibsPort() > 0) System.out.println("Tabla: FIBS clients (CLIP) on port " + server.fibsPort() + " (docs/fibs.md)");
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    new CountDownLatch(1).await();
    return 0;
  }
}
