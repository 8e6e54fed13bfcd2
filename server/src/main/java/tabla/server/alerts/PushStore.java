package tabla.server.alerts;

import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jdbi.v3.core.Jdbi;

/**
 * The SQL of Web Push: each member's browsers (subscriptions), bounded. Most members have none, and every turn of a
 * correspondence match asks for the next player's (the think-time load test: three statements in four were this
 * query), so a member found to have none is believed to have none for {@link #NONE_FOR} without asking again:
 * a subscription made on this node ends that at once; one made on another node of a cluster is found within
 * {@link #NONE_FOR}.
 */
public final class PushStore {
  /** Browsers one account may have subscribed; one more drops its oldest. */
  public static final int MAX_PER_USER = 10;
  /** How long a member found without subscriptions is believed to have none (unless they subscribe on this node). */
  static final Duration NONE_FOR = Duration.ofMinutes(1);
  /** Members remembered as having none, at most; one more forgets the one found longest ago. */
  static final int MAX_NONE = 10_000;

  /** One browser's subscription: where to push and its keys (base64url, as the browser gave them). */
  public record Subscription(long id, long user, String endpoint, String p256dh, String auth) {}

  private final Jdbi jdbi;
  private final Clock clock;
  /** Member → when they were found to have no subscription (oldest first). Guarded by itself. */
  private final Map<Long, Instant> noneSince = new LinkedHashMap<>() {
    @Override
    protected boolean removeEldestEntry(Map.Entry<Long, Instant> eldest) {
      return size() > MAX_NONE;
    }
  };
  /** Subscriptions made on this node so far: a "none" found while one was made is not kept (it may be stale). */
  private long subscribed;

  public PushStore(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** Keeps {@code endpoint} for {@code user} (taken from whoever held it), dropping their oldest beyond the bound. */
  public void subscribe(long user, String endpoint, String p256dh, String auth) {
    forgetNone(user);
    jdbi.useTransaction(h -> {
      h.createUpdate("DELETE FROM push_subscriptions WHERE endpoint = :e").bind("e", endpoint).execute();
      h.createUpdate("INSERT INTO push_subscriptions(user_id, endpoint, p256dh, auth, created_at) "
              + "VALUES (:u, :e, :k, :a, :t)").bind("u", user).bind("e", endpoint).bind("k", p256dh).bind("a", auth)
          .bind("t", Timestamp.from(clock.instant())).execute();
      List<Long> ids = h.createQuery("SELECT id FROM push_subscriptions WHERE user_id = :u ORDER BY id DESC")
          .bind("u", user).mapTo(Long.class).list();
      for (Long old : ids.subList(Math.min(MAX_PER_USER, ids.size()), ids.size())) {
        h.createUpdate("DELETE FROM push_subscriptions WHERE id = :i").bind("i", old).execute();
      }
    });
    forgetNone(user); // again after the commit: a "none" found meanwhile is not kept either (see of)
  }

  private void forgetNone(long user) {
    synchronized (noneSince) {
      subscribed++;
      noneSince.remove(user);
    }
  }

  /** Forgets {@code user}'s browser at {@code endpoint}; whether there was one. */
  public boolean unsubscribe(long user, String endpoint) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM push_subscriptions WHERE user_id = :u AND endpoint = :e")
        .bind("u", user).bind("e", endpoint).execute()) > 0;
  }

  /** Forgets a subscription the push service says is gone (404, 410). */
  public void gone(long id) {
    jdbi.useHandle(h -> h.createUpdate("DELETE FROM push_subscriptions WHERE id = :i").bind("i", id).execute());
  }

  /** {@code user}'s browsers, in the order they subscribed; none without asking when they had none lately. */
  public List<Subscription> of(long user) {
    Instant now = clock.instant();
    long made;
    synchronized (noneSince) {
      Instant since = noneSince.get(user);
      if (since != null && now.isBefore(since.plus(NONE_FOR))) return List.of();
      noneSince.remove(user);
      made = subscribed;
    }
    List<Subscription> found = jdbi.withHandle(h -> h.createQuery("SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions "
            + "WHERE user_id = :u ORDER BY id").bind("u", user)
        .map((rs, c) -> new Subscription(rs.getLong("id"), rs.getLong("user_id"), rs.getString("endpoint"),
            rs.getString("p256dh"), rs.getString("auth"))).list());
    if (found.isEmpty()) {
      synchronized (noneSince) {
        if (subscribed == made) noneSince.put(user, now);
      }
    }
    return found;
  }

  /** Whether {@code user} has the browser at {@code endpoint} subscribed. */
  public boolean has(long user, String endpoint) {
    return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM push_subscriptions WHERE user_id = :u "
        + "AND endpoint = :e").bind("u", user).bind("e", endpoint).mapTo(Integer.class).one()) > 0;
  }
}
