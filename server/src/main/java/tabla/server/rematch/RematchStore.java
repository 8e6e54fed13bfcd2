package tabla.server.rematch;

import java.util.Optional;
import org.jdbi.v3.core.Jdbi;

/** The rematch offers in the database: one row per finished game whose rematch was offered or started. */
public final class RematchStore {
  /** Who offered the rematch, and the new game once it started (else null). */
  record Offer(long offeredBy, Long newGameId) {}

  /** The tournament a game is a match of: its id and name. */
  public record TournamentOf(long id, String name) {}

  private final Jdbi jdbi;

  public RematchStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  Optional<Offer> offer(long gameId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT offered_by, new_game_id FROM rematches WHERE game_id = :g")
        .bind("g", gameId).map((rs, c) -> new Offer(rs.getLong(1), rs.getObject(2, Long.class))).findOne());
  }

  /** The tournament game {@code gameId} is a match of, if any: the tournament pairs its next match, not a rematch. */
  Optional<TournamentOf> tournamentOf(long gameId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT t.id, t.name FROM tournament_matches m JOIN tournaments t"
            + " ON t.id = m.tournament_id WHERE m.game_id = :g")
        .bind("g", gameId).map((rs, c) -> new TournamentOf(rs.getLong(1), rs.getString(2))).findFirst());
  }

  void offer(long gameId, long offeredBy) {
    jdbi.useHandle(h -> h.createUpdate("INSERT INTO rematches(game_id, offered_by) VALUES (:g, :u)")
        .bind("g", gameId).bind("u", offeredBy).execute());
  }

  void started(long gameId, long newGameId) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE rematches SET new_game_id = :n WHERE game_id = :g")
        .bind("n", newGameId).bind("g", gameId).execute());
  }

  /** Removes the open (not started) offer of game {@code gameId}; false when there was none. */
  boolean withdraw(long gameId) {
    int n = jdbi.withHandle(h -> h.createUpdate("DELETE FROM rematches WHERE game_id = :g AND new_game_id IS NULL")
        .bind("g", gameId).execute());
    return n > 0;
  }
}
