package tabla.server.records;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import tabla.server.kernel.Refused;

/** All SQL of uploaded match records and their analyses (table match_records, V21_28_9). */
public final class RecordStore {
  private final Jdbi jdbi;

  public RecordStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** A record as stored: the text as sent and what the list shows of it. */
  record Row(long id, long ownerId, String format, String player0, String player1, int matchLength, String body,
      Instant uploaded) {}

  /** A stored analysis: its JSON and depth, or why it failed (both null: never analysed). */
  record StoredAnalysis(String json, Integer plies, String error) {}

  /** The new record's id; refused when the account already holds {@code max} (counted in the same transaction). */
  long insert(long ownerId, String format, String player0, String player1, int matchLength, String body, Instant now,
      int max) {
    return jdbi.inTransaction(h -> {
      // the account's row locked: two racing uploads cannot both pass the count
      h.createQuery("SELECT id FROM users WHERE id = :u <rowLock>").bind("u", ownerId).mapTo(Long.class).one();
      int held = h.createQuery("SELECT COUNT(*) FROM match_records WHERE owner_id = :u").bind("u", ownerId)
          .mapTo(Integer.class).one();
      if (held >= max) {
        throw Refused.of(Refused.Kind.CONFLICT, RecordCode.FULL, "an account keeps at most " + max + " records: delete one first",
            java.util.Map.of("max", max));
      }
      return h.createUpdate("INSERT INTO match_records(owner_id, format, player0, player1, match_length, body, "
              + "uploaded_at) VALUES (:o, :f, :p0, :p1, :len, :b, :t)")
          .bind("o", ownerId).bind("f", format).bind("p0", player0).bind("p1", player1).bind("len", matchLength)
          .bind("b", body).bind("t", Timestamp.from(now))
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    });
  }

  /** The owner's records, newest first: {@code limit} of them after skipping {@code offset}. */
  List<Row> list(long ownerId, int offset, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id, owner_id, format, player0, player1, match_length, "
            + "uploaded_at FROM match_records WHERE owner_id = :o ORDER BY id DESC LIMIT :n OFFSET :s")
        .bind("o", ownerId).bind("n", limit).bind("s", offset)
        .map((rs, c) -> new Row(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getInt(6), null, rs.getTimestamp(7).toInstant()))
        .list());
  }

  Optional<Row> find(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id, owner_id, format, player0, player1, match_length, body, "
            + "uploaded_at FROM match_records WHERE id = :id")
        .bind("id", id)
        .map((rs, c) -> new Row(rs.getLong(1), rs.getLong(2), rs.getString(3), rs.getString(4), rs.getString(5),
            rs.getInt(6), rs.getString(7), rs.getTimestamp(8).toInstant()))
        .findOne());
  }

  /** Deletes the owner's record {@code id}; false when the owner has none such. */
  boolean delete(long ownerId, long id) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM match_records WHERE id = :id AND owner_id = :o")
        .bind("id", id).bind("o", ownerId).execute()) > 0;
  }

  Optional<StoredAnalysis> analysis(long id) {
    return jdbi.withHandle(h -> h.createQuery("SELECT analysis, analysis_plies, analysis_error FROM match_records "
            + "WHERE id = :id")
        .bind("id", id)
        .map((rs, c) -> new StoredAnalysis(rs.getString(1), (Integer) rs.getObject(2), rs.getString(3)))
        .findOne());
  }

  /** Keeps a finished analysis (replacing any earlier one). */
  void saveAnalysis(long id, int plies, String json) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE match_records SET analysis = :a, analysis_plies = :p, "
            + "analysis_error = NULL WHERE id = :id")
        .bind("a", json).bind("p", plies).bind("id", id).execute());
  }

  /** Keeps why an analysis failed (cut to the column's 300 characters). */
  void saveFailure(long id, int plies, String why) {
    String cut = why.length() > 300 ? why.substring(0, 300) : why;
    jdbi.useHandle(h -> h.createUpdate("UPDATE match_records SET analysis = NULL, analysis_plies = :p, "
            + "analysis_error = :e WHERE id = :id")
        .bind("e", cut).bind("p", plies).bind("id", id).execute());
  }
}
