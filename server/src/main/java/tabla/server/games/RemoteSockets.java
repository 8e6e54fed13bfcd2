package tabla.server.games;

import io.javalin.websocket.WsConnectContext;
import io.javalin.websocket.WsContext;

/**
 * The sockets of games that another node runs (several nodes: tabla.server.cluster.ClusterSockets): they get their
 * snapshot from the owner and their events through the database's notices. A single node has none ({@link #NONE}).
 */
public interface RemoteSockets {
  /** A socket opened here for {@code game}, which {@code owner} runs; {@code seat} as in {@link GameHub.Watcher}. */
  void connect(WsConnectContext c, long game, int seat);

  /** A message from a socket; false when it is not one of these (then it is the hub's). */
  boolean message(WsContext c);

  void close(WsContext c);

  RemoteSockets NONE = new RemoteSockets() {
    @Override
    public void connect(WsConnectContext c, long game, int seat) {
      throw new IllegalStateException("game " + game + " runs elsewhere, and this node has no cluster");
    }

    @Override
    public boolean message(WsContext c) {
      return false;
    }

    @Override
    public void close(WsContext c) {}
  };
}
