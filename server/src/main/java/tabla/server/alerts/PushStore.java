package tabla.server.alerts;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.List;
import org.jdbi.v3.core.Jdbi;

/** The SQL of Web Push: each member's browsers (subscriptions), bounded. */
public final class PushStore {
  /** Browsers one account may have subscribed; one more drops its oldest. */
  public static final int MAX_PER_USER = 10;

  /** One browser's subscription: where to push and its keys (base64url, as the browser gave them). */
  public record Subscription(long id, long user, String endpoint, String p256dh, String auth) {}

  private final Jdbi jdbi;
  private final Clock clock;

  public PushStore(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** Keeps {@code endpoint} for {@code user} (taken from whoever held it), dropping their oldest beyond the bound. */
  public void subscribe(long user, String endpoint, String p256dh, String auth) {
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

  public List<Subscription> of(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id, user_id, endpoint, p256dh, auth FROM push_subscriptions "
            + "WHERE user_id = :u ORDER BY id").bind("u", user)
        .map((rs, c) -> new Subscription(rs.getLong("id"), rs.getLong("user_id"), rs.getString("endpoint"),
            rs.getString("p256dh"), rs.getString("auth"))).list());
  }

  /** Whether {@code user} has the browser at {@code endpoint} subscribed. */
  public boolean has(long user, String endpoint) {
    return jdbi.withHandle(h -> h.createQuery("SELECT COUNT(*) FROM push_subscriptions WHERE user_id = :u "
        + "AND endpoint = :e").bind("u", user).bind("e", endpoint).mapTo(Integer.class).one()) > 0;
  }
}
