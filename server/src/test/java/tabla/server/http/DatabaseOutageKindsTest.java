package tabla.server.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Clock;
import org.jdbi.v3.core.ConnectionException;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;

/** Which failures are an unreachable database (503 and a pause), a busy pool (503, no pause), or neither. */
class DatabaseOutageKindsTest {
  private final RateLimiterTest.TestClock clock = new RateLimiterTest.TestClock();
  private final DatabaseOutage outage = new DatabaseOutage(clock);

  /** What Hikari throws when no connection came within its wait, with the last failure to connect, if any. */
  private static ConnectionException poolTimeout(SQLException lastFailure) {
    return new ConnectionException(new SQLTransientConnectionException(
        "tabla - Connection is not available, request timed out after 1000ms",
        lastFailure == null ? null : lastFailure.getSQLState(), lastFailure));
  }

  @Test
  void aRefusedConnectionPausesTheApiForTwoSeconds() {
    ApiError e = outage.unavailable(poolTimeout(new PSQLException("Connection refused", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
    assertThat(e.status()).isEqualTo(503);
    assertThat(e.retryAfterSeconds()).isEqualTo(2);
    assertThatThrownBy(() -> outage.before(null)).isInstanceOfSatisfying(ApiError.class,
        r -> assertThat(r.getMessage()).isEqualTo(DatabaseOutage.MESSAGE));
    clock.millis += 2000;
    outage.before(null); // the next request tries the database again
  }

  @Test
  void aConnectionThatBrokeMidQueryCountsAsUnreachable() {
    assertThat(DatabaseOutage.isUnreachable(new RuntimeException(
        new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE)))).isTrue();
  }

  @Test
  void aBusyPoolIs503WithoutAPause() {
    ApiError e = outage.unavailable(poolTimeout(null));
    assertThat(e.status()).isEqualTo(503);
    assertThat(e.getMessage()).isEqualTo(DatabaseOutage.BUSY);
    outage.before(null); // nobody else is refused for it
  }

  @Test
  void otherFailuresAreNotItsBusiness() {
    assertThat(outage.unavailable(new RuntimeException(new SQLException("duplicate key", "23505")))).isNull();
    assertThat(outage.unavailable(new IllegalStateException("a bug"))).isNull();
  }
}
