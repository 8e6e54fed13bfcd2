package tabla.server.alerts;

import java.sql.Timestamp;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;

/** The SQL of mail alerts: each player's choices per kind, and who a mail goes to. */
public final class AlertStore implements MailAlerts.People {
  /** Who a batch of alerts is mailed to: an address, the account's language and the kinds it wants. */
  public record Recipient(long id, String name, String email, String lang, Set<AlertKind> wanted) {}

  private final Jdbi jdbi;
  private final Clock clock;

  public AlertStore(Jdbi jdbi, Clock clock) {
    this.jdbi = jdbi;
    this.clock = clock;
  }

  /** The kinds {@code user} wants mailed (every kind until they choose). */
  public Set<AlertKind> wanted(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT turns, deadlines, invitations, tournaments FROM alert_prefs "
            + "WHERE user_id = :u").bind("u", user).map((rs, c) -> {
              Set<AlertKind> out = EnumSet.noneOf(AlertKind.class);
              for (AlertKind k : AlertKind.values()) if (rs.getBoolean(k.key())) out.add(k);
              return out;
            }).findOne().orElseGet(() -> EnumSet.allOf(AlertKind.class)));
  }

  /** Sets the kinds {@code user} wants mailed, all at once. */
  public void setWanted(long user, Set<AlertKind> wanted) {
    jdbi.useTransaction(h -> {
      h.createUpdate("DELETE FROM alert_prefs WHERE user_id = :u").bind("u", user).execute();
      h.createUpdate("INSERT INTO alert_prefs(user_id, turns, deadlines, invitations, tournaments, updated_at) "
              + "VALUES (:u, :turns, :deadlines, :invitations, :tournaments, :t)")
          .bind("u", user).bind("turns", wanted.contains(AlertKind.TURNS))
          .bind("deadlines", wanted.contains(AlertKind.DEADLINES))
          .bind("invitations", wanted.contains(AlertKind.INVITATIONS))
          .bind("tournaments", wanted.contains(AlertKind.TOURNAMENTS))
          .bind("t", Timestamp.from(clock.instant())).execute();
    });
  }

  /** The member {@code user} with an e-mail address, or empty (a guest, no address, a deleted account). */
  @Override
  public Optional<Recipient> recipient(long user) {
    Optional<Recipient> found = jdbi.withHandle(h -> h.createQuery("SELECT id, name, email, lang FROM users "
            + "WHERE id = :u AND guest = FALSE AND deleted = FALSE AND email IS NOT NULL AND email <> ''").bind("u", user)
        .map((rs, c) -> new Recipient(rs.getLong("id"), rs.getString("name"), rs.getString("email"),
            rs.getString("lang"), Set.of()))
        .findOne());
    return found.map(r -> new Recipient(r.id(), r.name(), r.email(), r.lang(), wanted(user)));
  }

  /**
   * The key that signs unsubscribe links: made once, at the first start, and kept in site_settings, so links stay good
   * across restarts and every node of a cluster checks them alike.
   */
  public String signingKey(java.util.function.Supplier<String> fresh) {
    return kept("alerts.unsubscribeKey", fresh);
  }

  /** The site setting {@code name}, made by {@code fresh} at the first start (on one node, if several race). */
  String kept(String name, java.util.function.Supplier<String> fresh) {
    Optional<String> kept = read(name);
    if (kept.isPresent()) return kept.get();
    try {
      jdbi.useHandle(h -> h.createUpdate("INSERT INTO site_settings(name, setting, updated_at) VALUES (:n, :v, :t)")
          .bind("n", name).bind("v", fresh.get()).bind("t", Timestamp.from(clock.instant())).execute());
    } catch (RuntimeException e) {
      // another node made it at the same moment: its key is the one
    }
    return read(name).orElseThrow(() -> new IllegalStateException("the site setting " + name + " could not be kept"));
  }

  private Optional<String> read(String name) {
    return jdbi.withHandle(h -> h.createQuery("SELECT setting FROM site_settings WHERE name = :n")
        .bind("n", name).mapTo(String.class).findOne());
  }

  /** An account's name and language (for the unsubscribe page), or empty. */
  public Optional<String[]> nameAndLang(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT name, lang FROM users WHERE id = :u").bind("u", user)
        .map((rs, c) -> new String[] {rs.getString("name"), rs.getString("lang")}).findOne());
  }

  /** A player's name, for a mail's line ("ann moved"). */
  @Override
  public Optional<String> name(long user) {
    return jdbi.withHandle(h -> h.createQuery("SELECT name FROM users WHERE id = :u").bind("u", user)
        .mapTo(String.class).findOne());
  }
}
