package tabla.server.cluster;

import io.javalin.config.RoutesConfig;
import tabla.server.chat.ChatLimit;
import tabla.server.games.EventRelay;
import tabla.server.games.GameService;
import tabla.server.games.Ownership;
import tabla.server.games.RemoteSockets;
import tabla.server.kernel.http.FailureCount;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.site.OtherNodes;

/**
 * Where this process stands: alone ({@link SingleNode}) or one node of several ({@link Cluster}). Everything that
 * differs between the two is asked of it, so no other class tests which one it is.
 */
public interface Topology extends AutoCloseable {
  /** Which games this node runs. */
  Ownership ownership();

  /** Where the events of the games run here go besides this node's own sockets. */
  EventRelay events();

  /** The sockets of games another node runs. */
  RemoteSockets sockets();

  /** The people on the other nodes: chat, presence, spectators, personal messages. */
  OtherNodes site();

  /** {@code limit} per client address: in this process, or counted for all the nodes at once. */
  RateLimit perAddress(String what, RateLimiter.Limit limit);

  /** Failures of {@code kind} (failed logins), {@code limit} per key: in this process, or counted for all the nodes. */
  FailureCount failures(String kind, RateLimiter.Limit limit);

  /** The chat's limit per user. */
  ChatLimit chatLimit();

  /** Its HTTP filters (after the database check, before sign-in): game requests for a game run elsewhere go there. */
  void register(RoutesConfig r);

  /**
   * The requests for a game run elsewhere that this node sent to the game's node since it started (with affinity,
   * almost none: each is one more hop and the request's work twice); always 0 on a single node.
   */
  long forwarded();

  /** This node listens on {@code port}: the games it takes over start through {@code games}. */
  void started(int port, GameService games);

  @Override
  void close();
}
