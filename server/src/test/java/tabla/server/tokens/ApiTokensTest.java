package tabla.server.tokens;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.TestDb;
import tabla.server.TestServers;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;
import tabla.server.kernel.Database;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.RateLimiter;

/**
 * The token service on its own: the per-token rate limit (its window is RateLimiter's, tested there), and which
 * requests each scope allows.
 */
class ApiTokensTest {
  private static Database db;
  private static User owner;

  @BeforeAll
  static void open() {
    db = Database.open(TestDb.H2.freshConfig(TestServers.DICE_SEED));
    owner = new Accounts(db.jdbi(), Clock.systemUTC()).register("tokenowner", "a long password", "en").user();
  }

  @AfterAll
  static void close() {
    if (db != null) db.close();
  }

  @Test
  void eachTokenHasItsOwnRateLimit() {
    Clock clock = Clock.fixed(java.time.Instant.parse("2026-11-27T12:00:00Z"), java.time.ZoneOffset.UTC);
    ApiTokens tokens = new ApiTokens(new ApiTokenStore(db.jdbi()), clock, new RateLimiter.Limit(2, Duration.ofMinutes(1)));
    String a = tokens.create(owner, "a", List.of("read")).secret();
    String b = tokens.create(owner, "b", List.of("read")).secret();
    tokens.user(a, "GET", "/api/me");
    tokens.user(a, "GET", "/api/me");
    assertThatThrownBy(() -> tokens.user(a, "GET", "/api/me")).isInstanceOfSatisfying(Refused.class, r -> {
      assertThat(r.kind()).isEqualTo(Refused.Kind.TOO_MANY);
      assertThat(r.retryAfterSeconds()).isBetween(1L, 60L);
      assertThat(r.getMessage()).doesNotContain(a.substring(ApiTokens.PREFIX.length()));
    });
    assertThat(tokens.user(b, "GET", "/api/me").id()).as("another token is not held back").isEqualTo(owner.id());
  }

  @Test
  void whatEachScopeAllows() {
    Set<Scope> read = Set.of(Scope.READ);
    Set<Scope> play = Set.of(Scope.PLAY);
    Set<Scope> bot = Set.of(Scope.BOT);
    Set<Scope> all = Set.of(Scope.values());
    assertThat(Scope.refusal(read, "GET", "/api/games/1")).isNull();
    assertThat(Scope.refusal(bot, "GET", "/api/games/1")).isNull();
    assertThat(Scope.refusal(read, "POST", "/api/games/1/actions")).contains("'play'");
    assertThat(Scope.refusal(play, "POST", "/api/games/1/actions")).isNull();
    assertThat(Scope.refusal(play, "DELETE", "/api/seeks/3")).isNull();
    assertThat(Scope.refusal(play, "POST", "/api/bot/game/1/move")).contains("'bot'");
    assertThat(Scope.refusal(bot, "POST", "/api/bot/game/1/move")).isNull();
    assertThat(Scope.refusal(bot, "POST", "/api/games/1/actions")).contains("'play'");
    for (String path : List.of("/api/tokens", "/api/tokens/4", "/api/logout", "/api/me/password", "/api/me/email",
        "/api/me/delete", "/api/admin/ban", "/api/password/reset")) {
      assertThat(Scope.refusal(all, "GET", path)).as(path).contains("cannot manage the account");
      assertThat(Scope.refusal(all, "POST", path)).as(path).contains("cannot manage the account");
    }
    assertThat(Scope.split(Scope.join(all))).isEqualTo(all);
    assertThatThrownBy(() -> Scope.of("admin")).isInstanceOf(Refused.class);
  }
}
