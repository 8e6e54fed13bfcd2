package tabla.server.kernel;

import java.util.Map;

/**
 * The CLIP (FIBS client protocol) listener's settings and bounds. TABLA_FIBS_PORT moves it (FIBS's 4321 by default
 * for {@code ./tabla serve}); "off" turns it off; 0 takes a free port (tests).
 *
 * @param port the TCP port, 0 for any free one; ignored when {@code enabled} is false
 * @param maxLineBytes a longer line is refused and the connection closed (FIBS's own limit was about 1 KB)
 * @param commandsPerSecond lines a connection may send per second on average, with a burst of the same size (a
 *     client playing by itself sends a roll and a move per turn; a flood sends thousands)
 * @param idleMillis a connection that sends nothing this long is closed (FIBS: one hour)
 * @param loginMillis a connection that has not logged in after this long is closed
 * @param perAddress connections at once from one client address
 * @param total connections at once in all
 * @param maxQueuedBytes output waiting for a reader that does not read; beyond it the connection is closed
 */
public record FibsSettings(boolean enabled, int port, int maxLineBytes, int commandsPerSecond, long idleMillis,
    long loginMillis, int perAddress, int total, int maxQueuedBytes) {

  public static final int DEFAULT_PORT = 4321;
  public static final String ENV = "TABLA_FIBS_PORT";

  /** The listener on {@code port} with the default bounds. */
  public static FibsSettings on(int port) {
    return new FibsSettings(true, port, 1024, 20, 60 * 60_000L, 60_000L, 20, 2000, 256 * 1024);
  }

  public static final FibsSettings OFF = new FibsSettings(false, 0, 1024, 20, 60 * 60_000L, 60_000L, 20, 2000,
      256 * 1024);

  /** TABLA_FIBS_PORT: a port number, or "off"; unset: {@value #DEFAULT_PORT}. */
  public static FibsSettings fromEnv(Map<String, String> env) {
    String v = env.getOrDefault(ENV, "").trim();
    if (v.isEmpty()) return on(DEFAULT_PORT);
    if (v.equals("off")) return OFF;
    try {
      int p = Integer.parseInt(v);
      if (p < 0 || p > 65535) throw new NumberFormatException();
      return on(p);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(ENV + " must be a port number (0-65535) or 'off', not '" + v + "'");
    }
  }

  public FibsSettings withBounds(int maxLineBytes, int commandsPerSecond, long idleMillis, long loginMillis,
      int perAddress, int total) {
    return new FibsSettings(enabled, port, maxLineBytes, commandsPerSecond, idleMillis, loginMillis, perAddress, total,
        maxQueuedBytes);
  }
}
