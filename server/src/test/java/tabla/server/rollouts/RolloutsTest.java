package tabla.server.rollouts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.TestDb;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;
import tabla.server.kernel.Database;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;

/**
 * The rollout jobs' bounds and a restart: a full queue refused, jobs cut off by a stop marked interrupted; several
 * nodes on one database (the service built once per node name on one store).
 */
class RolloutsTest {
  /** The most trials, truncated so that a block of 36 (what a stop waits for) is quick, yet the whole takes a while. */
  private static final ObjectNode LONG = Json.MAPPER.createObjectNode().put("position", "4HPwATDgc/ABMA")
      .put("trials", Rollouts.MAX_TRIALS).put("truncate", 10);

  @Test
  void aFullQueueIsRefusedAndJobsCutOffByAStopAreMarkedInterruptedOnTheNextStart() throws Exception {
    try (Database db = Database.open(TestDb.H2.freshConfig(1))) {
      Accounts accounts = new Accounts(db.jdbi(), Clock.systemUTC());
      RolloutStore store = new RolloutStore(db.jdbi());
      Rollouts jobs = new Rollouts(store, Rollouts.SINGLE_NODE, id -> {
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
      Rollouts again = new Rollouts(store, Rollouts.SINGLE_NODE, id -> null, Clock.systemUTC());
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

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void aNodeThatStartsLeavesAnotherNodesJobsAloneAndTheBoundPerAccountHoldsAcrossNodes(TestDb db) throws Exception {
    try (Database database = Database.open(db.freshConfig(1))) {
      Accounts accounts = new Accounts(database.jdbi(), Clock.systemUTC());
      RolloutStore store = new RolloutStore(database.jdbi());
      User me = accounts.register("nodes", "correct horse battery", "en").user();
      Rollouts a = new Rollouts(store, "a", id -> null, Clock.systemUTC());
      Rollouts b = null;
      List<Long> onA = new ArrayList<>();
      List<Long> onB = new ArrayList<>();
      try {
        onA.add(a.start(me, LONG.deepCopy()).id());
        for (int i = 0; i < 600 && !store.find(onA.get(0)).orElseThrow().state().equals("running"); i++) {
          Thread.sleep(100); // a minute at most for the worker to take it
        }
        assertThat(store.find(onA.get(0)).orElseThrow().state()).isEqualTo("running");

        b = new Rollouts(store, "b", id -> null, Clock.systemUTC()); // a second node starts on the same database
        RolloutStore.Row running = store.find(onA.get(0)).orElseThrow();
        assertThat(running.state()).as("node a runs it still").isEqualTo("running");
        assertThat(running.error()).isNull();

        onA.add(a.start(me, LONG.deepCopy()).id());
        onB.add(b.start(me, LONG.deepCopy()).id()); // the account's third, through the other node
        Rollouts other = b;
        for (Rollouts node : List.of(a, other)) {
          assertThatThrownBy(() -> node.start(me, LONG.deepCopy())).isInstanceOfSatisfying(Refused.class, r -> {
            assertThat(r.kind()).isEqualTo(Refused.Kind.TOO_MANY);
            assertThat(r.getMessage()).contains(Rollouts.PER_USER + " rollouts");
          });
        }
        assertThat(a.list(me)).as("the refused ones left nothing").hasSize(Rollouts.PER_USER);
      } finally {
        a.close();
        if (b != null) b.close();
      }
      // node a starts again: what it ran is cut off; node b's rows are b's (alive for all a knows)
      Rollouts again = new Rollouts(store, "a", id -> null, Clock.systemUTC());
      try {
        for (long id : onA) assertThat(store.find(id).orElseThrow().state()).isEqualTo("interrupted");
        for (long id : onB) assertThat(store.find(id).orElseThrow().state()).isIn("queued", "running");
      } finally {
        again.close();
      }
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void anAccountsJobsOnANodeThatIsGoneAreMarkedInterruptedOnceAnotherNodeKnowsItIsGone(TestDb db) throws Exception {
    try (Database database = Database.open(db.freshConfig(1))) {
      Accounts accounts = new Accounts(database.jdbi(), Clock.systemUTC());
      RolloutStore store = new RolloutStore(database.jdbi());
      User me = accounts.register("orphan", "correct horse battery", "en").user();
      Rollouts gone = new Rollouts(store, "gone", id -> null, Clock.systemUTC());
      List<Long> onGone = new ArrayList<>();
      try {
        for (int j = 0; j < Rollouts.PER_USER; j++) onGone.add(gone.start(me, LONG.deepCopy()).id());
      } finally {
        gone.close(); // as a node that dies: its rows stay queued and running
      }
      AtomicReference<Optional<Set<String>>> alive = new AtomicReference<>(Optional.empty());
      Rollouts b = new Rollouts(store, "b", alive::get, id -> null, Clock.systemUTC());
      try {
        // not yet known which nodes are alive (b has just started), then "gone" still alive: the bound holds
        for (Optional<Set<String>> known : List.of(Optional.<Set<String>>empty(), Optional.of(Set.of("gone", "c")))) {
          alive.set(known);
          assertThatThrownBy(() -> b.start(me, LONG.deepCopy())).isInstanceOfSatisfying(Refused.class,
              r -> assertThat(r.kind()).isEqualTo(Refused.Kind.TOO_MANY));
          for (long id : onGone) assertThat(store.find(id).orElseThrow().state()).isIn("queued", "running");
        }
        // "gone" is no longer among the live nodes: its rows say so, and the account may ask again
        alive.set(Optional.of(Set.of("c")));
        assertThat(b.list(me)).extracting(RolloutView::state).containsOnly("interrupted");
        for (long id : onGone) assertThat(store.find(id).orElseThrow().error()).contains("node running this rollout");
        long again = b.start(me, LONG.deepCopy()).id();
        assertThat(store.find(again).orElseThrow().state()).isIn("queued", "running");
        alive.set(Optional.of(Set.of()));
        b.list(me);
        assertThat(store.find(again).orElseThrow().state()).as("b's own job is b's").isIn("queued", "running");
      } finally {
        b.close();
      }
    }
  }
}
