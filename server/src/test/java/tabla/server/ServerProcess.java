package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * The server as a real separate JVM ({@link ServerMain}) on this test JVM's class path, so that it
 * can be killed with SIGKILL and started again on the same database. Its stderr (the log) goes to a
 * file, which a failed start prints.
 */
final class ServerProcess implements AutoCloseable {
  private final Path log;
  private Process process;
  private int starts;

  ServerProcess(Path log) {
    this.log = log;
  }

  static int freePort() {
    try (ServerSocket s = new ServerSocket(0)) {
      s.setReuseAddress(true);
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The running server's process id (for jcmd). */
  long pid() {
    return process.pid();
  }

  /** Starts the server with {@code env} and waits for "Tabla listening on PORT"; returns the port. */
  int start(Map<String, String> env) {
    assertThat(process == null || !process.isAlive()).as("one server at a time").isTrue();
    List<String> cmd = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-Xss8m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-cp", System.getProperty("java.class.path"),
        ServerMain.class.getName()));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    pb.environment().keySet().removeIf(k -> k.startsWith("TABLA_"));
    pb.environment().putAll(env);
    // several servers at once (a cluster's nodes, other test JVMs): none takes FIBS's port unless a test asks
    pb.environment().putIfAbsent(tabla.server.kernel.FibsSettings.ENV, "off");
    CompletableFuture<Integer> listening = new CompletableFuture<>();
    try {
      Files.writeString(log, "---- start " + (++starts) + "\n", StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.CREATE, java.nio.file.StandardOpenOption.APPEND);
      process = pb.start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    Process p = process;
    Thread reader = new Thread(() -> {
      try (BufferedReader r = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = r.readLine()) != null; ) {
          if (line.startsWith("Tabla listening on ")) listening.complete(Integer.parseInt(line.substring(19).trim()));
        }
      } catch (IOException | RuntimeException e) {
        listening.completeExceptionally(e);
      }
      listening.completeExceptionally(new IllegalStateException("the server exited before listening"));
    }, "server-stdout-" + starts);
    reader.setDaemon(true);
    reader.start();
    try {
      // generous: on a loaded 2-core machine a starting JVM can get a second of CPU in half a minute
      return listening.get(180, TimeUnit.SECONDS);
    } catch (Exception e) {
      p.destroyForcibly();
      throw new AssertionError("the server did not start: " + e + "\n" + logTail(), e);
    }
  }

  /** SIGKILL (destroyForcibly on Linux): no shutdown hook, no flush, no goodbye. */
  void kill() {
    Process p = process;
    p.destroyForcibly();
    try {
      assertThat(p.waitFor(30, TimeUnit.SECONDS)).as("the server died").isTrue();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
    assertThat(p.exitValue()).as("exit status of a SIGKILLed process").isEqualTo(128 + 9);
  }

  int starts() {
    return starts;
  }

  String logTail() {
    try {
      List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
      return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
    } catch (IOException e) {
      return "(no log: " + e + ")";
    }
  }

  @Override
  public void close() {
    if (process != null && process.isAlive()) kill();
  }
}
