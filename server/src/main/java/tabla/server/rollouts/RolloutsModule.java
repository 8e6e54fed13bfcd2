package tabla.server.rollouts;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import java.util.function.LongFunction;
import org.jdbi.v3.core.Jdbi;
import tabla.core.match.Match;
import tabla.server.site.OtherNodes;

/** The site's rollout jobs, wired once: the store, the job queue and their routes. */
public record RolloutsModule(Rollouts rollouts) implements AutoCloseable {
  /**
   * {@code node}: this node's name in a cluster ({@link Rollouts#SINGLE_NODE} alone); {@code others}: the other nodes,
   * whose jobs an account gives up when their node is gone; {@code records}: the match an uploaded record holds, for
   * the rollout of one of its positions.
   */
  public static RolloutsModule wire(Jdbi jdbi, Clock clock, String node, OtherNodes others,
      LongFunction<Match> records) {
    return new RolloutsModule(new Rollouts(new RolloutStore(jdbi), node, others::alive, records, clock));
  }

  public void register(RoutesConfig r) {
    new RolloutRoutes(rollouts).register(r);
  }

  /** Stops the rollout worker with the server. */
  @Override
  public void close() {
    rollouts.close();
  }
}
