package tabla.server.ratings;

import java.sql.SQLException;
import java.sql.SQLTransientException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Handle;
import org.jdbi.v3.core.Jdbi;
import org.jdbi.v3.core.JdbiException;

/** All SQL of ratings: the overall and per-variant ratings of users, and which finished matches are rated. */
public final class RatingStore {
  /**
   * The one home of which finished matches are rated, as SQL on {@code games} (both the overall and the per-variant
   * ratings use it): between two people, with a winner, not in an unrated tournament. Money play (match length 0)
   * is left out by the callers, who read the rules.
   */
  static final String RATED_MATCH = "games.status = 'finished' AND games.bot_seat IS NULL "
      + "AND games.winner IS NOT NULL AND NOT EXISTS (SELECT 1 FROM tournament_matches m "
      + "JOIN tournaments t ON t.id = m.tournament_id WHERE m.game_id = games.id AND t.rated = FALSE)";

  private final Jdbi jdbi;

  public RatingStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** A finished, rated match: its players by seat, the winner's seat and its stored rules. */
  record Rated(long[] players, int winner, String rules) {}

  /** The work of rating one match, inside one transaction: what it reads and writes. */
  interface Work {
    void rate(Tx tx);
  }

  /** One transaction of rating a match. */
  static final class Tx {
    private final Handle h;

    private Tx(Handle h) {
      this.h = h;
    }

    /**
     * The match {@code gameId} if it is rated and its overall rating has not been applied yet, its two players' rows
     * locked until the transaction ends (see {@link #lockedIfStill}).
     */
    Optional<Rated> unratedOverall(long gameId) {
      return lockedIfStill(gameId, " AND rated = FALSE");
    }

    /** The match {@code gameId} if it is rated and its variant rating has not been applied yet, its players locked. */
    Optional<Rated> unratedInVariant(long gameId) {
      return lockedIfStill(gameId, " AND NOT EXISTS (SELECT 1 FROM variant_rating_changes c WHERE c.game_id = :id)");
    }

    /**
     * Two matches that share a player may finish at once: each locks both players' rows (in id order, so two never wait
     * for each other) before it reads a rating, and asks again whether the match is still unrated once it holds them.
     * Without the lock both read the same rating and the second write loses the first, or both insert a player's
     * first rating in a variant and the second fails on the key.
     */
    private Optional<Rated> lockedIfStill(long gameId, String andNotYet) {
      Optional<Rated> first = rated(gameId, andNotYet);
      if (first.isEmpty()) return first;
      long[] p = first.get().players();
      h.createQuery("SELECT id FROM users WHERE id IN (:a, :b) ORDER BY id <rowLock>")
          .bind("a", Math.min(p[0], p[1])).bind("b", Math.max(p[0], p[1])).mapTo(Long.class).list();
      return rated(gameId, andNotYet);
    }

    private Optional<Rated> rated(long gameId, String andNotYet) {
      return h.createQuery("SELECT player0, player1, winner, rules FROM games WHERE id = :id AND " + RATED_MATCH + andNotYet)
          .bind("id", gameId)
          .map((rs, c) -> new Rated(new long[] {rs.getLong(1), rs.getLong(2)}, rs.getInt(3), rs.getString(4))).findOne();
    }

    /** rating, experience */
    double[] overall(long user) {
      return h.createQuery("SELECT rating, experience FROM users WHERE id = :u").bind("u", user)
          .map((rs, c) -> new double[] {rs.getDouble(1), rs.getInt(2)}).one();
    }

    void setOverall(long user, double rating, int addExperience) {
      h.createUpdate("UPDATE users SET rating = :r, experience = experience + :n WHERE id = :u")
          .bind("r", rating).bind("n", addExperience).bind("u", user).execute();
    }

    /** Rated, with each seat's change (null, null: looked at and left unrated, a money session). */
    void markRated(long gameId, Double change0, Double change1) {
      h.createUpdate("UPDATE games SET rated = TRUE, rating_change0 = :c0, rating_change1 = :c1 WHERE id = :id")
          .bind("c0", change0).bind("c1", change1).bind("id", gameId).execute();
    }

    /** rating, experience, matches in a variant; empty for a player new to it. */
    Optional<double[]> inVariant(long user, String variant) {
      return h.createQuery("SELECT rating, experience, matches FROM variant_ratings WHERE user_id = :u AND variant = :v")
          .bind("u", user).bind("v", variant).map((rs, c) -> new double[] {rs.getDouble(1), rs.getInt(2), rs.getInt(3)})
          .findOne();
    }

    void setInVariant(long user, String variant, double rating, int experience, int matches) {
      h.createUpdate("DELETE FROM variant_ratings WHERE user_id = :u AND variant = :v").bind("u", user).bind("v", variant)
          .execute();
      h.createUpdate("INSERT INTO variant_ratings(user_id, variant, rating, experience, matches) VALUES (:u, :v, :r, :e, :m)")
          .bind("u", user).bind("v", variant).bind("r", rating).bind("e", experience).bind("m", matches).execute();
    }

    void markRatedInVariant(long gameId, String variant, double change0, double change1) {
      h.createUpdate("INSERT INTO variant_rating_changes(game_id, variant, change0, change1) VALUES (:g, :v, :c0, :c1)")
          .bind("g", gameId).bind("v", variant).bind("c0", change0).bind("c1", change1).execute();
    }
  }

  /**
   * The oldest {@code limit} finished matches between two people whose rating was not applied when they ended (or
   * that were not looked at: a money session is marked once looked at). The index {@code games_rating_due} keeps this
   * to those rows, however many games the site keeps.
   */
  List<Long> notRatedYet(int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM games WHERE rated = FALSE AND " + RATED_MATCH
            + " ORDER BY id FETCH FIRST " + limit + " ROWS ONLY")
        .mapTo(Long.class).list());
  }

  /** Tries of one rating transaction that meets a lock it cannot take in time or a deadlock. */
  static final int TRIES = 5;

  /**
   * One rating transaction, tried again when the database gives up waiting for a lock or breaks a deadlock (a busy
   * node can hold two players' rows longer than H2's lock timeout): nobody would rate the match later, since its
   * last change has been told already.
   */
  void inTransaction(Work work) {
    for (int tried = 1; ; tried++) {
      try {
        jdbi.useTransaction(h -> work.rate(new Tx(h)));
        return;
      } catch (JdbiException e) {
        if (tried >= TRIES || !lockLost(e)) throw e;
        try {
          Thread.sleep(20L << tried);
        } catch (InterruptedException interrupted) {
          Thread.currentThread().interrupt();
          throw e;
        }
      }
    }
  }

  /** A lock wait timed out (H2, PostgreSQL's 55P03), or the database broke a deadlock or a serialization (40001, 40P01). */
  private static boolean lockLost(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SQLTransientException) return true;
      if (t instanceof SQLException s && s.getSQLState() != null
          && (s.getSQLState().startsWith("40") || s.getSQLState().equals("55P03"))) return true;
    }
    return false;
  }

  /** A line of a variant's list as stored: name, rating, matches. */
  record Row(String name, double rating, int matches) {}

  /** {@code limit} lines of a variant's list from {@code offset}, best first (banned and deleted accounts left out). */
  List<Row> list(String variant, int offset, int limit) {
    return jdbi.withHandle(h -> h.createQuery("SELECT u.name, r.rating, r.matches FROM variant_ratings r "
            + "JOIN users u ON u.id = r.user_id WHERE r.variant = :v AND u.banned = FALSE AND u.deleted = FALSE "
            + "ORDER BY r.rating DESC, LOWER(u.name) OFFSET " + offset + " ROWS FETCH NEXT " + limit + " ROWS ONLY")
        .bind("v", variant).map((rs, c) -> new Row(rs.getString(1), rs.getDouble(2), rs.getInt(3))).list());
  }

  /** Every variant a user is rated in (the row's name is the variant's), most played first. */
  List<Row> variantsOf(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT variant, rating, matches FROM variant_ratings WHERE user_id = :u "
            + "ORDER BY matches DESC, variant")
        .bind("u", userId).map((rs, c) -> new Row(rs.getString(1), rs.getDouble(2), rs.getInt(3))).list());
  }

  /** rating and matches of users in a variant, for those rated in it. */
  Map<Long, double[]> inVariant(List<Long> userIds, String variant) {
    Map<Long, double[]> found = new HashMap<>();
    if (userIds.isEmpty()) return found;
    jdbi.useHandle(h -> h.createQuery("SELECT user_id, rating, matches FROM variant_ratings WHERE variant = :v "
            + "AND user_id IN (<ids>)")
        .bind("v", variant).bindList("ids", userIds)
        .map((rs, c) -> Map.entry(rs.getLong(1), new double[] {rs.getDouble(2), rs.getInt(3)}))
        .forEach(e -> found.put(e.getKey(), e.getValue())));
    return found;
  }
}
