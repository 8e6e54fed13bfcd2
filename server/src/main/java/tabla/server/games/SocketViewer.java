package tabla.server.games;

import tabla.server.socket.Connection;

/** A socket on /ws/games/{id} as a viewer of its game: its connection's one outbox, from the seat it sees. */
record SocketViewer(Connection out, int seat) implements GameViewer {
  @Override
  public void send(String json) {
    out.send(json);
  }

  @Override
  public void moved() {
    out.reconnect("the game moved to another server");
  }
}
