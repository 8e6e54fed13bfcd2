package tabla.server.games;

import com.fasterxml.jackson.databind.node.ObjectNode;
import tabla.server.socket.GameSocket;
import tabla.server.socket.SocketSubscribers;

/**
 * The game's side of its socket (/ws/games/{id}): an opened board subscribes to the game's events from its
 * player's seat (or, when another node runs the game, to that node's through {@link RemoteSockets}); its messages
 * are actions ({@link SocketActions}) or anything else, which asks for a fresh snapshot ("resync").
 */
final class GameSockets implements SocketSubscribers.OfGames {
  private final GameService games;
  private final GameFacts facts;
  private final RemoteSockets remote;
  private final SocketActions actions;

  GameSockets(GameService games, GameFacts facts, RemoteSockets remote, SocketActions actions) {
    this.games = games;
    this.facts = facts;
    this.remote = remote;
    this.actions = actions;
  }

  @Override
  public void opened(GameSocket s) {
    GameRoom room;
    try {
      room = games.room(s.game());
    } catch (Ownership.OwnedElsewhere e) {
      remote.connect(s, facts.seatOf(s.game(), s.user()));
      return;
    }
    SocketViewer v = new SocketViewer(s.out(), room.seatOf(s.user()));
    s.state(v);
    games.subscribe(room, v);
  }

  @Override
  public void message(GameSocket s, String text) {
    ObjectNode m = SocketActions.message(text);
    // an action (docs/api.md); anything else asks for the snapshot, as it always did
    boolean action = m != null && m.path("type").asText().equals("action");
    if (remote.message(s)) {
      // the game runs on another node: the remote side resyncs this socket; its actions go over HTTP
      if (action) s.out().send(SocketActions.runElsewhere(m));
      return;
    }
    if (!(s.state() instanceof SocketViewer v)) return;
    GameRoom room = games.room(s.game());
    if (action) {
      actions.act(room, v, s.token(), m);
    } else if (!s.out().allowInbound(games.clock().millis())) {
      s.out().closeFlooding();
    } else {
      games.resync(room, v);
    }
  }

  @Override
  public void closed(GameSocket s) {
    remote.close(s);
    if (s.state() instanceof SocketViewer v) games.unsubscribe(s.game(), v);
  }
}
