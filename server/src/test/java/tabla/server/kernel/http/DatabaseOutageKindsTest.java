package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.jdbi.v3.core.ConnectionException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.postgresql.util.PSQLException;
import org.postgresql.util.PSQLState;
import tabla.server.kernel.SiteCode;

/** Which failures mark the database down (503, refused at once until a probe answers), a busy pool, or neither. */
class DatabaseOutageKindsTest {
  private final AtomicBoolean answers = new AtomicBoolean(false);
  private final AtomicInteger probes = new AtomicInteger();
  private final DatabaseOutage outage = new DatabaseOutage(() -> {
    probes.incrementAndGet();
    return answers.get();
  });

  @AfterEach
  void close() {
    outage.close();
  }

  /** What Hikari throws when no connection came within its wait, with the last failure to connect, if any. */
  private static ConnectionException poolTimeout(SQLException lastFailure) {
    return new ConnectionException(new SQLTransientConnectionException(
        "tabla - Connection is not available, request timed out after 1000ms",
        lastFailure == null ? null : lastFailure.getSQLState(), lastFailure));
  }

  @Test
  void aRefusedConnectionRefusesEveryRequestUntilTheDatabaseAnswersAgain() throws InterruptedException {
    ApiError e = outage.unavailable(poolTimeout(new PSQLException("Connection refused", PSQLState.CONNECTION_UNABLE_TO_CONNECT)));
    assertThat(e.status()).isEqualTo(503);
    assertThat(e.retryAfterSeconds()).isEqualTo(DatabaseOutage.RETRY_SECONDS);
    assertThat(e.code()).as("said in the player's language").isEqualTo(SiteCode.DATABASE_DOWN);
    assertThatThrownBy(() -> outage.before(null)).isInstanceOfSatisfying(ApiError.class, r -> {
      assertThat(r.getMessage()).isEqualTo(DatabaseOutage.MESSAGE);
      assertThat(r.code()).isEqualTo(SiteCode.DATABASE_DOWN);
    });
    awaitProbes(2);
    assertThat(outage.isDown()).as("still down while the probes fail").isTrue();
    answers.set(true);
    for (int i = 0; i < 100 && outage.isDown(); i++) Thread.sleep(50);
    assertThat(outage.isDown()).as("up again after an answered probe").isFalse();
    outage.before(null);
  }

  @Test
  void aConnectionThatBrokeMidQueryIsAnOutageUntilAProbeSaysOtherwise() throws InterruptedException {
    answers.set(true); // the database is there: only that one connection broke
    ApiError e = outage.unavailable(new RuntimeException(
        new PSQLException("An I/O error occurred while sending to the backend.", PSQLState.CONNECTION_FAILURE)));
    assertThat(e.getMessage()).isEqualTo(DatabaseOutage.MESSAGE);
    for (int i = 0; i < 100 && outage.isDown(); i++) Thread.sleep(50);
    assertThat(outage.isDown()).isFalse();
    assertThat(probes.get()).isEqualTo(1);
  }

  @Test
  void aBusyPoolIs503WithoutAnOutage() {
    ApiError e = outage.unavailable(poolTimeout(null));
    assertThat(e.status()).isEqualTo(503);
    assertThat(e.getMessage()).isEqualTo(DatabaseOutage.BUSY);
    assertThat(e.code()).isEqualTo(SiteCode.BUSY);
    assertThat(outage.isDown()).isFalse();
    outage.before(null);
  }

  @Test
  void otherFailuresAreNotItsBusiness() {
    assertThat(outage.unavailable(new RuntimeException(new SQLException("duplicate key", "23505")))).isNull();
    assertThat(outage.unavailable(new IllegalStateException("a bug"))).isNull();
    assertThat(outage.isDown()).isFalse();
  }

  private void awaitProbes(int n) throws InterruptedException {
    for (int i = 0; i < 100 && probes.get() < n; i++) Thread.sleep(50);
    assertThat(probes.get()).isGreaterThanOrEqualTo(n);
  }
}
