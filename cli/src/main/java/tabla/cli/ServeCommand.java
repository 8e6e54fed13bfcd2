package tabla.cli;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.server.ServerConfig;
import tabla.server.TablaServer;

/** Starts the site: embedded H2 under ./data unless TABLA_DB_URL (or --db) names PostgreSQL. */
@Command(name = "serve", description = "Run the Tabla site on http://localhost:8080 (embedded H2 under ./data).")
final class ServeCommand implements Callable<Integer> {
  @Option(names = "--port", description = "HTTP port (default 8080, or TABLA_PORT)")
  Integer port;

  @Option(names = "--db", description = "JDBC URL, e.g. jdbc:postgresql://localhost/tabla (or TABLA_DB_URL)")
  String db;

  @Override
  public Integer call() throws InterruptedException {
    ServerConfig config = ServerConfig.fromEnv(System.getenv());
    if (port != null) config = config.withPort(port);
    if (db != null) config = config.withDb(db, config.dbUser(), config.dbPassword());
    System.out.println("Tabla: database " + config.dbUrl());
    TablaServer server = TablaServer.start(config);
    System.out.println("Tabla: open http://localhost:" + server.port() + "/");
    Runtime.getRuntime().addShutdownHook(new Thread(server::close));
    new CountDownLatch(1).await();
    return 0;
  }
}
