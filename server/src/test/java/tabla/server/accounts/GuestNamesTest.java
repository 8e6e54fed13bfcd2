package tabla.server.accounts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.ApiClient.Resp;
import tabla.server.kernel.Database;
import tabla.server.TablaServer;
import tabla.server.TestDb;
import tabla.server.TestServers;

/** Guest names never collide: not with each other however many are made at once, not with members. */
class GuestNamesTest {

  /** Endings drawn from only 4,096, so that 1,000 guests made at once meet taken names about a hundred times. */
  @Test
  void aTakenNameIsTriedAgainNotA500() throws Exception {
    try (Database db = Database.open(TestDb.H2.freshConfig(TestServers.DICE_SEED))) {
      Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC(), () -> Integer.toHexString(ThreadLocalRandom.current().nextInt(4096)));
      ExecutorService pool = Executors.newFixedThreadPool(16);
      try {
        List<Future<String>> made = new ArrayList<>();
        for (int i = 0; i < 1000; i++) made.add(pool.submit(() -> accounts.guest(null).user().name()));
        Set<String> names = new HashSet<>();
        for (Future<String> f : made) names.add(f.get());
        assertThat(names).hasSize(1000).allMatch(n -> n.startsWith("guest-"));
      } finally {
        pool.shutdownNow();
      }
    }
  }

  @Test
  void manyGuestsAtOnceOverHttpAllGetAnAccount() throws Exception {
    try (TablaServer server = TestServers.start(TestDb.H2)) {
      ExecutorService pool = Executors.newFixedThreadPool(32);
      try {
        List<Future<Resp>> made = new ArrayList<>();
        for (int i = 0; i < 640; i++) {
          made.add(pool.submit(() -> new ApiClient(server.port()).postRaw("/api/guest", "", false)));
        }
        Set<String> names = new HashSet<>();
        for (Future<Resp> f : made) {
          Resp r = f.get();
          assertThat(r.status()).as("%s", r).isEqualTo(200);
          names.add(r.json().get("user").get("name").asText());
        }
        assertThat(names).hasSize(640);
      } finally {
        pool.shutdownNow();
      }
      // A member cannot take a name of the guests' kind (a guest could draw it later).
      Resp squat = new ApiClient(server.port()).register("Guest-0badcafe", ApiClient.PASSWORD);
      assertThat(squat.status()).isEqualTo(400);
      assertThat(squat.error()).isEqualTo("names beginning with 'guest-' are kept for guests");
    }
  }
}
