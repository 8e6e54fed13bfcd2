package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import java.sql.SQLException;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.RequestDrain;

/**
 * The door's side of an outage, with a site whose database is switched off: the command that meets it gets the plain
 * line and a WARN; from then on, while the outage's probe finds the database away, a logged-in user's commands are
 * refused at once (the site would answer them: they never reach it), but for {@code help}, {@code time} and the
 * logout words; once the probe finds it back, the same session works. A bug is still an ERROR and its own line.
 */
class ClipOutageRefusalTest {

  /** A site whose account look-ups fail as an unreachable database does, or as a bug. */
  private static final class FailingSite extends StubSite {
    volatile RuntimeException failure;

    @Override
    public Optional<Account> account(String name) {
      RuntimeException e = failure;
      if (e != null) throw e;
      return super.account(name);
    }
  }

  @Test
  void commandsAreRefusedAtOnceWhileTheDatabaseIsAwayAndWorkOnceItIsBack() {
    Logger clipLog = (Logger) LoggerFactory.getLogger(ClipServer.class);
    ListAppender<ILoggingEvent> log = new ListAppender<>();
    log.start();
    clipLog.addAppender(log);
    FailingSite site = new FailingSite();
    AtomicBoolean answers = new AtomicBoolean(false);
    try (DatabaseOutage outage = new DatabaseOutage(answers::get);
        ClipServer server = ClipServer.start(ClipBoundsTest.bounds(1024, 1000, 60_000, 60_000, 10, 10), site,
            "127.0.0.1", new RequestDrain(), outage);
        ClipClient c = new ClipClient("alice", server.port())) {
      c.login("alice", "pw");
      site.failure = new IllegalStateException("the pool", new SQLException("Connection refused", "08001"));
      c.send("whois alice");
      assertThat(c.await("^\\*\\* ")).isEqualTo(ClipServer.DATABASE_DOWN);
      assertThat(outage.isDown()).isTrue();

      site.failure = null; // the site would answer now, but the probe has not found the database back
      c.send("whois alice");
      assertThat(c.await("^(\\*\\* |Information about)")).as("refused at once").isEqualTo(ClipServer.DATABASE_DOWN);
      c.send("help");
      c.await("^Commands: who");
      c.send("time");
      c.await("^It's .* on Tabla");

      answers.set(true); // the probe finds it back within half a second
      String l = null;
      for (int i = 0; i < 100 && (l == null || l.startsWith("**")); i++) {
        c.send("whois alice");
        l = c.await("^(\\*\\* |Information about)");
        if (l.startsWith("**")) ClipVsWebTest.sleepQuietly(100);
      }
      assertThat(l).as("the same session, once the database is back").isEqualTo("Information about alice:");

      site.failure = new IllegalStateException("a bug");
      c.send("whois alice");
      assertThat(c.await("^\\*\\* ")).isEqualTo("** The server failed; nothing was changed.");
      c.send("help");
      c.await("^Commands: who");
    } finally {
      clipLog.detachAppender(log);
    }
    assertThat(log.list).filteredOn(e -> e.getLevel() == Level.WARN).singleElement()
        .satisfies(e -> assertThat(e.getThrowableProxy()).as("a WARN without a stack").isNull());
    assertThat(log.list).filteredOn(e -> e.getLevel() == Level.ERROR).singleElement()
        .satisfies(e -> assertThat(e.getThrowableProxy().getMessage()).isEqualTo("a bug"));
  }
}
