package tabla.server.rollouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;
import tabla.server.kernel.Database;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;

/** The rollout jobs' bounds and a restart: a full queue refused, jobs cut off by a stop marked interrupted. */
class RolloutsTest {
  private static final ObjectNode LONG = Json.MAPPER.createObjectNode().put("position", "4HPwATDgc/ABMA")
      .put("trials", Rollouts.MAX_TRIALS);

  @Test
  void aFullQueueIsRefusedAndJobsCutOffByAStopAreMarkedInterruptedOnTheNextStart() throws Exception {
    try (Database db = Database.open(TestDb.H2.freshConfig(1))) {
      Accounts accounts = new Accounts(db.jdbi(), Clock.systemUTC());
      RolloutStore store = new RolloutStore(db.jdbi());
      Rollouts jobs = new Rollouts(store, id -> {
        throw Refused.notFound("record " + id);
      }, Clock.systemUTC());
      List<Long> ids = new ArrayList<>();
      User last = null;
      try {
        // one running and QUEUE waiting fill it: six accounts of three jobs each ask for one more than that
        int accountsNeeded = (Rollouts.QUEUE + Rollouts.WORKERS) / Rollouts.PER_USER + 1;
        for (int u = 0; u < accountsNeeded; u++) {
          last = accounts.register("roller" + u, "correct horse battery", "en").user();
          for (int j = 0; j < Rollouts.PER_USER && ids.size() < Rollouts.QUEUE + Rollouts.WORKERS; j++) {
            ids.add(jobs.start(last, LONG.deepCopy()).id());
          }
        }
        User full = last;
        assertThatThrownBy(() -> jobs.start(full, LONG.deepCopy())).isInstanceOfSatisfying(Refused.class, r -> {
          assertThat(r.kind()).isEqualTo(Refused.Kind.UNAVAILABLE);
          assertThat(r.getMessage()).contains("queue is full");
        });
        assertThat(jobs.list(full)).as("the refused job left nothing").hasSize(ids.size() % Rollouts.PER_USER);
      } finally {
        jobs.close();
      }
      // the server starts again on the same database: every job the stop cut off says so plainly
      Rollouts again = new Rollouts(store, id -> null, Clock.systemUTC());
      try {
        for (long id : ids) {
          RolloutStore.Row row = store.find(id).orElseThrow();
          assertThat(row.state()).isEqualTo("interrupted");
          assertThat(row.error()).contains("restarted");
        }
      } finally {
        again.close();
      }
    }
  }
}
