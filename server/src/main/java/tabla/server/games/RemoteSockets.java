package tabla.server.games;

import tabla.server.socket.GameSocket;

/**
 * The sockets of games that another node runs (several nodes: tabla.server.cluster.ClusterSockets): they get their
 * snapshot from the owner and their events through the database's notices. A single node has none ({@link #NONE}).
 */
public interface RemoteSockets {
  /** A socket opened here for {@code game}, which another node runs; {@code seat} as in {@link GameViewer#seat}. */
  void connect(GameSocket s, int seat);

  /** A message from a socket; false when it is not one of these (then it is the game service's). */
  boolean message(GameSocket s);

  void close(GameSocket s);

  RemoteSockets NONE = new RemoteSockets() {
    @Override
    public void connect(GameSocket s, int seat) {
      throw new IllegalStateException("game " + s.game() + " runs elsewhere, and this node has no cluster");
    }

    @Override
    public boolean message(GameSocket s) {
      return false;
    }

    @Override
    public void close(GameSocket s) {}
  };
}
