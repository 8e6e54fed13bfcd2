package tabla.server.cluster;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import tabla.server.chat.ChatLimit;
import tabla.server.chat.ChatRate;
import tabla.server.games.EventRelay;
import tabla.server.games.GameService;
import tabla.server.games.Ownership;
import tabla.server.games.RemoteSockets;
import tabla.server.kernel.http.FailureCount;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.site.OtherNodes;

/** One process, every game its own: nothing is relayed, forwarded or shared; limits count in memory. */
public final class SingleNode implements Topology {
  private final Clock clock;

  public SingleNode(Clock clock) {
    this.clock = clock;
  }

  @Override
  public Ownership ownership() {
    return Ownership.SINGLE;
  }

  @Override
  public EventRelay events() {
    return EventRelay.NONE;
  }

  @Override
  public RemoteSockets sockets() {
    return RemoteSockets.NONE;
  }

  @Override
  public OtherNodes site() {
    return OtherNodes.NONE;
  }

  @Override
  public RateLimit perAddress(String what, RateLimiter.Limit limit) {
    return new RateLimiter(what, limit, clock);
  }

  @Override
  public FailureCount failures(String kind, RateLimiter.Limit limit) {
    return new RateLimiter(kind, limit, clock);
  }

  @Override
  public ChatLimit chatLimit() {
    return new ChatRate(clock::millis);
  }

  @Override
  public void register(RoutesConfig r) {}

  @Override
  public long forwarded() {
    return 0;
  }

  @Override
  public void started(int port, GameService games) {}

  @Override
  public void close() {}
}
