package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.sql.SQLException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/** An outage's failures: one WARN without a stack per interval, the ones between counted into the next line. */
class OutageLogTest {

  @Test
  void oneLineAnIntervalWithoutAStackAndTheRestCounted() {
    Logger logger = (Logger) LoggerFactory.getLogger("tabla.test.outage-log");
    ListAppender<ILoggingEvent> lines = new ListAppender<>();
    lines.start();
    logger.addAppender(lines);
    AtomicLong now = new AtomicLong(-5); // nanoTime may be negative: only differences count
    OutageLog log = new OutageLog(logger, now::get);
    RuntimeException e = new IllegalStateException("pool", new SQLException("Connection refused", "08001"));
    try {
      assertThat(log.warn("game 1", e)).isTrue();
      for (int i = 0; i < 99; i++) assertThat(log.warn("game " + i, e)).isFalse();
      now.addAndGet(TimeUnit.MILLISECONDS.toNanos(OutageLog.EVERY_MILLIS) - 1);
      assertThat(log.warn("game 2", e)).as("still within the interval").isFalse();
      now.addAndGet(1);
      assertThat(log.warn("game 3", e)).isTrue();
      assertThat(lines.list).extracting(ILoggingEvent::getFormattedMessage).containsExactly(
          "game 1: no database connection (IllegalStateException ← java.sql.SQLException: Connection refused)",
          "game 3: no database connection (IllegalStateException ← java.sql.SQLException: Connection refused);"
              + " 100 more such failures since the last line");
      assertThat(lines.list).allMatch(l -> l.getLevel() == Level.WARN && l.getThrowableProxy() == null);
    } finally {
      logger.detachAppender(lines);
    }
  }
}
