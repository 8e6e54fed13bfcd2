package tabla.server.cluster;

import java.util.Map;

/**
 * One node of several (TABLA_NODE_ID set), or the single-node default ({@link #NONE}). Several nodes need
 * PostgreSQL (the leases and LISTEN/NOTIFY) and a shared secret that marks requests between nodes.
 *
 * @param node this node's name, unique in the cluster (TABLA_NODE_ID)
 * @param url where the other nodes reach this one (TABLA_NODE_URL; default http://127.0.0.1:PORT)
 * @param secret shared by the nodes, never by clients (TABLA_CLUSTER_SECRET, at least 16 characters)
 * @param leaseMillis how long a node's hold on a game lasts unless renewed (TABLA_LEASE_SECONDS, default 3): a dead
 *     node's games move after about this long; a node that stalls longer (a long GC pause, a starved machine) loses
 *     its games to the others, which is safe (the epoch fences its writes) but costs its players a retry
 */
public record ClusterSettings(String node, String url, String secret, long leaseMillis) {
  public static final long DEFAULT_LEASE_MILLIS = 3000;
  /** Bounds of TABLA_LEASE_SECONDS: renewal runs every third of it, and takeover waits for all of it. */
  static final int MIN_LEASE_SECONDS = 2;
  static final int MAX_LEASE_SECONDS = 60;
  public static final ClusterSettings NONE = new ClusterSettings(null, null, null);

  public ClusterSettings(String node, String url, String secret) {
    this(node, url, secret, DEFAULT_LEASE_MILLIS);
  }

  public boolean enabled() {
    return node != null;
  }

  /** From the environment; a wrong value is an IllegalArgumentException saying which. */
  public static ClusterSettings fromEnv(Map<String, String> env) {
    String node = env.get("TABLA_NODE_ID");
    if (node == null || node.isBlank()) return NONE;
    if (!node.matches("[A-Za-z0-9_.-]{1,100}")) {
      throw new IllegalArgumentException("TABLA_NODE_ID must be 1 to 100 letters, digits, '.', '_' or '-', not '" + node + "'");
    }
    String secret = env.get("TABLA_CLUSTER_SECRET");
    if (secret == null || secret.length() < 16) {
      throw new IllegalArgumentException("TABLA_CLUSTER_SECRET (at least 16 characters, the same on every node) is "
          + "required with TABLA_NODE_ID");
    }
    String url = env.get("TABLA_NODE_URL");
    return new ClusterSettings(node, url == null || url.isBlank() ? null : url.replaceAll("/+$", ""), secret,
        leaseMillis(env.get("TABLA_LEASE_SECONDS")));
  }

  private static long leaseMillis(String seconds) {
    if (seconds == null || seconds.isBlank()) return DEFAULT_LEASE_MILLIS;
    try {
      int s = Integer.parseInt(seconds.trim());
      if (s >= MIN_LEASE_SECONDS && s <= MAX_LEASE_SECONDS) return s * 1000L;
    } catch (NumberFormatException e) {
      // said below
    }
    throw new IllegalArgumentException("TABLA_LEASE_SECONDS must be a whole number of seconds from " + MIN_LEASE_SECONDS
        + " to " + MAX_LEASE_SECONDS + ", not '" + seconds + "'");
  }

  /** Why these settings cannot run on {@code dbUrl}, or null: several nodes share PostgreSQL, never H2. */
  public String refusal(String dbUrl) {
    if (!enabled() || dbUrl.startsWith("jdbc:postgresql:")) return null;
    return "TABLA_NODE_ID (one node of several) needs PostgreSQL: set TABLA_DB_URL to a jdbc:postgresql: database "
        + "that every node shares";
  }

  /** The address of this node, once its port is known. */
  public String urlFor(int port) {
    return url != null ? url : "http://127.0.0.1:" + port;
  }
}
