package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One GNU Backgammon process (the Debian package, an outside program) running {@code gnubg_engine.py}, asked one
 * JSON line at a time over a loopback connection: gnubg's own stdout is cluttered, so it is thrown away. gnubg
 * being slow is waited for up to {@code patience} an answer; one that does not answer by then, or that ended, is
 * stopped and started again for the same question, once. Started on the first question, not before.
 */
final class GnubgProcess implements AutoCloseable {
  /** Where Debian puts it; {@code TABLA_GNUBG} names another. */
  static final String DEFAULT = "/usr/games/gnubg";
  private static final Duration STARTUP = Duration.ofSeconds(60);

  private final Path gnubg;
  private final Duration patience;
  private Process process;
  private Socket socket;
  private BufferedReader in;
  private Writer out;
  private Path dir;

  GnubgProcess(Path gnubg, Duration patience) {
    this.gnubg = gnubg;
    this.patience = patience;
  }

  /** The gnubg program to run: {@code TABLA_GNUBG} or /usr/games/gnubg; a clear refusal when it is not there. */
  static Path locate() {
    return locate(System.getenv("TABLA_GNUBG"));
  }

  static Path locate(String named) {
    Path p = Path.of(named == null || named.isBlank() ? DEFAULT : named);
    if (!Files.isExecutable(p)) {
      throw new IllegalArgumentException("GNU Backgammon is not installed: no program at " + p
          + " (Debian and Ubuntu: apt-get install gnubg; elsewhere set TABLA_GNUBG to the gnubg program)");
    }
    return p;
  }

  /** gnubg's answer to {@code request}; an IllegalStateException when it failed twice (what it said on stderr). */
  JsonNode ask(ObjectNode request) {
    IOException last = null;
    for (int attempt = 0; attempt < 2; attempt++) {
      try {
        if (process == null) start();
        out.write(BotApi.JSON.writeValueAsString(request) + "\n");
        out.flush();
        String line = in.readLine();
        if (line == null) throw new IOException("gnubg ended (exit " + exitCode() + ")");
        JsonNode answer = BotApi.JSON.readTree(line);
        if (answer.has("error")) throw new IllegalStateException("gnubg could not answer " + request + ": " + answer.get("error").asText());
        return answer;
      } catch (SocketTimeoutException e) {
        last = new IOException("gnubg gave no answer in " + patience.toSeconds() + " s", e);
      } catch (IOException e) {
        last = e;
      }
      String said = stderrTail();
      stop();
      if (attempt == 1) {
        throw new IllegalStateException("GNU Backgammon failed twice: " + last.getMessage() + (said.isEmpty() ? "" : "; it said: " + said), last);
      }
    }
    throw new AssertionError("unreachable");
  }

  private void start() throws IOException {
    dir = Files.createTempDirectory("tabla-gnubg");
    Path script = dir.resolve("gnubg_engine.py");
    try (InputStream s = GnubgProcess.class.getResourceAsStream("gnubg_engine.py")) {
      if (s == null) throw new IOException("gnubg_engine.py is missing from the bridge's jar");
      Files.copy(s, script);
    }
    byte[] k = new byte[16];
    new SecureRandom().nextBytes(k);
    String key = HexFormat.of().formatHex(k);
    try (ServerSocket listen = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      ProcessBuilder pb = new ProcessBuilder(List.of(gnubg.toString(), "-q", "-t", "-r", "-p", script.toString()))
          .redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(dir.resolve("stderr").toFile());
      pb.environment().put("TABLA_GNUBG_PORT", Integer.toString(listen.getLocalPort()));
      pb.environment().put("TABLA_GNUBG_KEY", key);
      process = pb.start();
      process.getOutputStream().close(); // gnubg reads no commands from stdin: the script drives it
      socket = accept(listen, key);
    }
    socket.setSoTimeout((int) patience.toMillis());
    in = new BufferedReader(new InputStreamReader(socket.getInputStream(), StandardCharsets.UTF_8));
    out = new OutputStreamWriter(socket.getOutputStream(), StandardCharsets.UTF_8);
  }

  /** The connection of the gnubg just started (it says the key first); waits while it loads, not once it ended. */
  private Socket accept(ServerSocket listen, String key) throws IOException {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    listen.setSoTimeout(500);
    while (System.nanoTime() < deadline) {
      if (!process.isAlive()) throw new IOException("gnubg exited at its start (exit " + process.exitValue() + ")");
      Socket s;
      try {
        s = listen.accept();
      } catch (SocketTimeoutException e) {
        continue;
      }
      s.setSoTimeout((int) STARTUP.toMillis());
      String said = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8)).readLine();
      if (key.equals(said)) return s;
      s.close(); // not our gnubg: another local program found the port
    }
    throw new IOException("gnubg did not connect in " + STARTUP.toSeconds() + " s"); // not "no answer": it never started
  }

  private String exitCode() {
    try {
      return process.waitFor(2, TimeUnit.SECONDS) ? Integer.toString(process.exitValue()) : "still running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  private String stderrTail() {
    try {
      if (dir == null || !Files.exists(dir.resolve("stderr"))) return "";
      String s = Files.readString(dir.resolve("stderr"), StandardCharsets.UTF_8).strip();
      return s.length() > 600 ? "…" + s.substring(s.length() - 600) : s;
    } catch (IOException e) {
      return "";
    }
  }

  private void stop() {
    try {
      if (socket != null) socket.close(); // the script's loop ends on EOF and gnubg exits
    } catch (IOException ignored) {
      // closing anyway
    }
    if (process != null) {
      try {
        if (!process.waitFor(2, TimeUnit.SECONDS)) process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        process.destroyForcibly();
        Thread.currentThread().interrupt();
      }
    }
    if (dir != null) {
      try (var files = Files.list(dir)) {
        for (Path f : files.toList()) Files.deleteIfExists(f);
        Files.deleteIfExists(dir);
      } catch (IOException ignored) {
        // a temporary folder left behind
      }
    }
    process = null;
    socket = null;
    in = null;
    out = null;
    dir = null;
  }

  @Override
  public void close() {
    stop();
  }
}
