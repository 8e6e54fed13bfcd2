package tabla.server;

import tabla.server.kernel.ServerConfig;
import java.util.concurrent.CountDownLatch;

/**
 * A bare entry point for the server as its own process (the restart test runs it, and kills it):
 * reads the environment as {@link ServerConfig#fromEnv} does, starts the server, prints
 * "Tabla listening on PORT" once it accepts requests, and runs until the process ends.
 */
public final class ServerMain {
  private ServerMain() {}

  public static void main(String[] args) throws InterruptedException {
    ServerConfig config;
    tabla.server.cluster.ClusterSettings cluster;
    try {
      config = ServerConfig.fromEnv(System.getenv());
      cluster = tabla.server.cluster.ClusterSettings.fromEnv(System.getenv());
    } catch (IllegalArgumentException e) {
      System.err.println("tabla: " + e.getMessage());
      System.exit(2);
      return;
    }
    TablaServer server = TablaServer.start(config, cluster);
    server.onShutdown(() -> System.exit(0)); // an admin's graceful shutdown; the hook below closes the server
    Runtime.getRuntime().addShutdownHook(new Thread(server::close, "tabla-shutdown"));
    System.out.println("Tabla listening on " + server.port());
    System.out.flush();
    new CountDownLatch(1).await();
  }
}
