package tabla.server.cluster;

import io.javalin.http.Context;
import java.util.List;
import java.util.function.LongConsumer;
import tabla.server.kernel.AddressRange;

/**
 * Issue 30, affinity: HAProxy sends every request and socket of a game to one node, chosen by a hash of the game's
 * id (scripts/cluster.sh), and marks them {@value #HEADER}. That node takes the game's lease from the node that holds
 * it ({@link GameLeases#pull}) — the one that created it, or took it over after a death — so the game's actions
 * are applied where they arrive, never forwarded, and its sockets are this node's own, fed without notices.
 *
 * <p>The mark counts only from a trusted proxy (TABLA_TRUSTED_PROXIES; HAProxy removes a client's). Without it (no
 * HAProxy, or a client on a node's port) nothing moves: requests are forwarded to the holder as before. A game's
 * hash changes only when a node goes or comes back, so a game moves once after its creation and once per change.
 */
final class Affinity {
  static final String HEADER = "X-Tabla-Home";

  private final GameLeases leases;
  private final List<AddressRange> proxies;
  /** Loads a pulled game's room and goes on with it (its computer's turn, its clock); set once the node listens. */
  private volatile LongConsumer started = id -> {};

  Affinity(GameLeases leases, List<AddressRange> proxies) {
    this.leases = leases;
    this.proxies = List.copyOf(proxies);
  }

  void startWith(LongConsumer started) {
    this.started = started;
  }

  /**
   * When HAProxy sent this request to this node as game {@code id}'s and another node holds the game: takes it.
   * True when the game runs here now.
   */
  boolean pullIfHome(Context ctx, long id) {
    if (!"1".equals(ctx.header(HEADER)) || !trusted(ctx.req().getRemoteAddr()) || !leases.pull(id)) return false;
    started.accept(id);
    return true;
  }

  /** Before a game socket's upgrade: the game comes here first, so the socket is this node's own. */
  void beforeUpgrade(Context ctx) {
    long id = gameOfSocket(ctx.path());
    if (id >= 0 && leases.ownerElsewhere(id) != null) pullIfHome(ctx, id);
  }

  /** The game of /ws/games/{id}, or -1. */
  static long gameOfSocket(String path) {
    String prefix = "/ws/games/";
    if (!path.startsWith(prefix)) return -1;
    try {
      return Long.parseLong(path.substring(prefix.length()));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private boolean trusted(String peer) {
    for (AddressRange r : proxies) if (r.contains(peer)) return true;
    return false;
  }
}
