package tabla.server.admin;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** The SQL of the site's settings that operators change at run time (the message of the day). */
public final class SiteSettingStore {
  private final Jdbi jdbi;

  public SiteSettingStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  Optional<String> read(String name) {
    return jdbi.withHandle(h -> h.createQuery("SELECT setting FROM site_settings WHERE name = :n").bind("n", name)
        .mapTo(String.class).findOne());
  }

  void write(String name, String value, Instant at) {
    jdbi.useTransaction(h -> {
      h.createUpdate("DELETE FROM site_settings WHERE name = :n").bind("n", name).execute();
      h.createUpdate("INSERT INTO site_settings(name, setting, updated_at) VALUES (:n, :v, :t)").bind("n", name)
          .bind("v", value).bind("t", Timestamp.from(at)).execute();
    });
  }
}
