package tabla.server.rollouts;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import org.jdbi.v3.core.Jdbi;

/** All SQL of the site's rollouts (table rollouts, V21_29_3; the node that runs each, V21_29_4). */
final class RolloutStore {
  private static final String COLUMNS = "id, owner_id, position, trials, truncate_plies, cubeful, state, result, error, "
      + "created_at, finished_at";
  private final Jdbi jdbi;

  RolloutStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** A rollout as stored: what was asked, its state, and its figures (JSON) once it has them. */
  record Row(long id, long ownerId, String position, int trials, int truncate, boolean cubeful, String state,
      String result, String error, Instant created, Instant finished) {}

  /**
   * The new rollout's id, queued and run by {@code node}; empty, with nothing stored, when the owner already has
   * {@code perOwner} queued or running on any node. The owner's oldest finished rollouts beyond {@code kept - 1} are
   * deleted in the same transaction, so an account holds at most {@code kept}.
   */
  OptionalLong insert(long ownerId, String node, String position, int trials, int truncate, boolean cubeful,
      Instant now, int perOwner, int kept) {
    return jdbi.inTransaction(h -> {
      // the account's row locked: two racing requests, on this node or another, cannot both count the same rows
      h.createQuery("SELECT id FROM users WHERE id = :u <rowLock>").bind("u", ownerId).mapTo(Long.class).one();
      int unfinished = h.createQuery("SELECT COUNT(*) FROM rollouts WHERE owner_id = :u AND state IN "
              + "('queued', 'running')").bind("u", ownerId).mapTo(Integer.class).one();
      if (unfinished >= perOwner) return OptionalLong.empty();
      int held = h.createQuery("SELECT COUNT(*) FROM rollouts WHERE owner_id = :u").bind("u", ownerId)
          .mapTo(Integer.class).one();
      if (held >= kept) {
        List<Long> oldest = h.createQuery("SELECT id FROM rollouts WHERE owner_id = :u AND state NOT IN "
                + "('queued', 'running') ORDER BY id LIMIT :n")
            .bind("u", ownerId).bind("n", held - kept + 1).mapTo(Long.class).list();
        for (long id : oldest) h.createUpdate("DELETE FROM rollouts WHERE id = :id").bind("id", id).execute();
      }
      return OptionalLong.of(h.createUpdate("INSERT INTO rollouts(owner_id, node, position, trials, truncate_plies, "
              + "cubeful, state, created_at) VALUES (:o, :node, :p, :n, :t, :c, 'queued', :at)")
          .bind("o", ownerId).bind("node", node).bind("p", position).bind("n", trials).bind("t", truncate)
          .bind("c", cubeful).bind("at", Timestamp.from(now))
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
    });
  }

  Optional<Row> find(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT " + COLUMNS + " FROM rollouts WHERE id = :id")
        .bind("id", id).map((rs, c) -> row(rs)).findOne());
  }

  /** The owner's rollouts, newest first, at most {@code limit}. */
  List<Row> list(long ownerId, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT " + COLUMNS + " FROM rollouts WHERE owner_id = :o "
            + "ORDER BY id DESC LIMIT :n")
        .bind("o", ownerId).bind("n", limit).map((rs, c) -> row(rs)).list());
  }

  void running(long id) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE rollouts SET state = 'running' WHERE id = :id AND state = 'queued'")
        .bind("id", id).execute());
  }

  /** Ends a rollout: its state (done, cancelled, failed), its figures if any, why it failed if it did. */
  void finish(long id, String state, String result, String error, Instant now) {
    String cut = error == null || error.length() <= 300 ? error : error.substring(0, 300);
    jdbi.useHandle(h -> h.createUpdate("UPDATE rollouts SET state = :s, result = :r, error = :e, finished_at = :at "
            + "WHERE id = :id")
        .bind("s", state).bind("r", result).bind("e", cut).bind("at", Timestamp.from(now)).bind("id", id).execute());
  }

  /**
   * Marks the rollouts {@code node} left queued or running when it stopped; how many there were. Other nodes' rows
   * are theirs: they may be running them now.
   */
  int interruptUnfinished(String node, String why, Instant now) {
    return jdbi.withHandle(h -> h.createUpdate("UPDATE rollouts SET state = 'interrupted', error = :e, "
            + "finished_at = :at WHERE node = :node AND state IN ('queued', 'running')")
        .bind("e", why).bind("at", Timestamp.from(now)).bind("node", node).execute());
  }

  /**
   * Marks the owner's rollouts that a node neither this one nor one of {@code alive} left queued or running: that node
   * is gone (stopped, or dead without its stop), and they would count against the owner's bound until it came back.
   */
  int interruptOrphans(long ownerId, String node, java.util.Set<String> alive, String why, Instant now) {
    return jdbi.withHandle(h -> {
      var update = h.createUpdate("UPDATE rollouts SET state = 'interrupted', error = :e, finished_at = :at "
              + "WHERE owner_id = :o AND state IN ('queued', 'running') AND node <> :node"
              + (alive.isEmpty() ? "" : " AND node NOT IN (<alive>)"))
          .bind("e", why).bind("at", Timestamp.from(now)).bind("o", ownerId).bind("node", node);
      if (!alive.isEmpty()) update.bindList("alive", List.copyOf(alive));
      return update.execute();
    });
  }

  private static Row row(ResultSet rs) throws SQLException {
    Timestamp finished = rs.getTimestamp(11);
    return new Row(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getInt(4), rs.getInt(5), rs.getBoolean(6),
        rs.getString(7), rs.getString(8), rs.getString(9), rs.getTimestamp(10).toInstant(),
        finished == null ? null : finished.toInstant());
  }
}
