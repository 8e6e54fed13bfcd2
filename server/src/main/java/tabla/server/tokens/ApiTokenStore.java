package tabla.server.tokens;

import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.User;
import tabla.server.kernel.Refused;

/** All SQL of personal API tokens (table api_tokens, V20_27). */
public final class ApiTokenStore {
  private final Jdbi jdbi;

  public ApiTokenStore(Jdbi jdbi) {
    this.jdbi = jdbi;
  }

  /** A live token found by the hash of its secret: its id, its account, its scopes. */
  record Grant(long tokenId, User user, Set<Scope> scopes) {}

  /** The new token's id; refused when the account already holds {@code max} (counted in the same transaction). */
  long insert(long userId, String name, Set<Scope> scopes, String secretHash, Instant now, int max) {
    return jdbi.inTransaction(h -> {
      // the account's row locked: two racing creations cannot both pass the count
      h.createQuery("SELECT id FROM users WHERE id = :u <rowLock>").bind("u", userId).mapTo(Long.class).one();
      int held = h.createQuery("SELECT COUNT(*) FROM api_tokens WHERE user_id = :u").bind("u", userId)
          .mapTo(Integer.class).one();
      if (held >= max) {
        throw Refused.of(Refused.Kind.CONFLICT, TokenCode.TOO_MANY, "an account holds at most " + max + " API tokens: revoke one first",
            java.util.Map.of("max", max));
      }
      return h.createUpdate("INSERT INTO api_tokens(user_id, name, scopes, secret_hash, created_at) "
              + "VALUES (:u, :n, :s, :h, :c)")
          .bind("u", userId).bind("n", name).bind("s", Scope.join(scopes)).bind("h", secretHash)
          .bind("c", Timestamp.from(now))
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one();
    });
  }

  List<ApiToken> list(long userId) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT id, name, scopes, created_at FROM api_tokens WHERE user_id = :u ORDER BY id")
        .bind("u", userId)
        .map((rs, c) -> new ApiToken(rs.getLong(1), rs.getString(2), List.copyOf(Scope.split(rs.getString(3))),
            rs.getTimestamp(4).toInstant().toString()))
        .list());
  }

  /** Deletes the account's token {@code id}; false when it has none such. */
  boolean delete(long userId, long id) {
    return jdbi.withHandle(h -> h.createUpdate("DELETE FROM api_tokens WHERE id = :id AND user_id = :u")
        .bind("id", id).bind("u", userId).execute()) > 0;
  }

  /** The token behind a secret's hash, of a member neither banned nor deleted. */
  Optional<Grant> find(String secretHash) {
    return jdbi.withHandle(h -> h.createQuery(
            "SELECT t.id, t.scopes, u.id, u.name, u.guest, u.lang, u.rating FROM api_tokens t "
                + "JOIN users u ON u.id = t.user_id "
                + "WHERE t.secret_hash = :h AND u.banned = FALSE AND u.deleted = FALSE")
        .bind("h", secretHash)
        .map((rs, c) -> new Grant(rs.getLong(1), new User(rs.getLong(3), rs.getString(4), rs.getBoolean(5),
            rs.getString(6), rs.getDouble(7)), Scope.split(rs.getString(2))))
        .findOne());
  }
}
