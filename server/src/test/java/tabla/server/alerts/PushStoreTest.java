package tabla.server.alerts;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.Timestamp;
import java.time.Instant;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.Database;
import tabla.server.kernel.http.RateLimiterTest.TestClock;

/**
 * A member found without push subscriptions is not asked for again for a while (each correspondence turn asked), yet
 * a subscription made on this node counts at once, and one made elsewhere (another node: a row written behind the
 * store's back) within {@link PushStore#NONE_FOR}.
 */
class PushStoreTest {
  private final TestClock clock = new TestClock();
  private final Database db = Database.open(TestDb.H2.freshConfig(TestServers.DICE_SEED));
  private final PushStore store = new PushStore(db.jdbi(), clock);
  private final Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
  private final long ann = accounts.register("ann", "password 1", null).user().id();

  @AfterEach
  void close() {
    db.close();
  }

  /** A subscription written as another node would write it, which this store does not see being made. */
  private void subscribedElsewhere(long user, String endpoint) {
    db.jdbi().useHandle(h -> h.createUpdate("INSERT INTO push_subscriptions(user_id, endpoint, p256dh, auth, created_at)"
        + " VALUES (:u, :e, 'k', 'a', :t)").bind("u", user).bind("e", endpoint)
        .bind("t", Timestamp.from(Instant.now())).execute());
  }

  @Test
  void noneIsBelievedForAWhileButASubscriptionHereCountsAtOnce() {
    assertThat(store.of(ann)).isEmpty();
    subscribedElsewhere(ann, "https://push.example/elsewhere");
    assertThat(store.of(ann)).as("none was found a moment ago: not asked again").isEmpty();

    clock.advance(PushStore.NONE_FOR);
    assertThat(store.of(ann)).extracting(PushStore.Subscription::endpoint)
        .containsExactly("https://push.example/elsewhere");
  }

  @Test
  void aSubscriptionOnThisNodeEndsTheBeliefAtOnce() {
    assertThat(store.of(ann)).isEmpty();
    store.subscribe(ann, "https://push.example/here", "k", "a");
    assertThat(store.of(ann)).extracting(PushStore.Subscription::endpoint).containsExactly("https://push.example/here");

    assertThat(store.unsubscribe(ann, "https://push.example/here")).isTrue();
    assertThat(store.of(ann)).isEmpty();
    store.subscribe(ann, "https://push.example/again", "k", "a");
    assertThat(store.of(ann)).extracting(PushStore.Subscription::endpoint).containsExactly("https://push.example/again");
  }
}
