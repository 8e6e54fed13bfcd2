package tabla.server.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.time.Clock;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import tabla.bot.Analysis;
import tabla.server.TestDb;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.User;
import tabla.server.kernel.Database;
import tabla.server.kernel.Refused;

/** The analysis jobs' bounds: one worker, a bounded queue refused when full, a few jobs per account. */
class RecordAnalysesTest {
  @Test
  void aFullQueueIsRefusedAsUnavailableAndAnAccountHasAtMostTwoJobs() throws Exception {
    try (Database db = Database.open(TestDb.H2.freshConfig(1))) {
      Accounts accounts = new Accounts(db.jdbi(), Clock.systemUTC());
      User a = accounts.register("anna", "correct horse battery", "en").user();
      User b = accounts.register("boris", "correct horse battery", "en").user();
      RecordStore store = new RecordStore(db.jdbi());
      Records records = new Records(store, Clock.systemUTC());
      String sgf = Files.readString(RecordsApiTest.MATCH7);
      long a1 = records.upload(a, "sgf", sgf).id();
      long a2 = records.upload(a, "sgf", sgf).id();
      long a3 = records.upload(a, "sgf", sgf).id();
      long b1 = records.upload(b, "sgf", sgf).id();
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch running = new CountDownLatch(1);
      RecordAnalyses jobs = new RecordAnalyses(records, store, 1, (m, plies, progress) -> {
        running.countDown();
        try {
          release.await();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
        return Analysis.analyse(m, plies, progress);
      });
      try {
        jobs.start(a, a1, 0);
        assertThat(running.await(30, TimeUnit.SECONDS)).isTrue();
        assertThat(jobs.status(a1).state()).isEqualTo("running");
        assertThat(jobs.start(a, a2, 0).state()).isEqualTo("queued");
        assertThat(jobs.start(a, a1, 0).state()).as("the same record's job answers its status").isEqualTo("running");
        assertThatThrownBy(() -> jobs.start(a, a3, 0)).isInstanceOfSatisfying(Refused.class,
            r -> assertThat(r.kind()).isEqualTo(Refused.Kind.TOO_MANY));
        assertThatThrownBy(() -> jobs.start(b, b1, 0)).isInstanceOfSatisfying(Refused.class, r -> {
          assertThat(r.kind()).isEqualTo(Refused.Kind.UNAVAILABLE);
          assertThat(r.getMessage()).contains("queue is full");
        });
        assertThat(jobs.status(b1).state()).as("the refused job left nothing").isEqualTo("none");
        assertThatThrownBy(() -> jobs.start(b, a3, 0)).as("not the owner").isInstanceOfSatisfying(Refused.class,
            r -> assertThat(r.kind()).isEqualTo(Refused.Kind.FORBIDDEN));

        release.countDown();
        for (long id : new long[] {a1, a2}) {
          for (int i = 0; i < 600 && !jobs.status(id).state().equals("done"); i++) Thread.sleep(100);
          RecordAnalyses.Status done = jobs.status(id);
          assertThat(done.state()).isEqualTo("done");
          assertThat(done.analysis().get("players")).hasSize(2);
        }
        assertThat(jobs.start(b, b1, 0).state()).as("room again").isIn("queued", "running");
      } finally {
        release.countDown();
        jobs.close();
      }
    }
  }

  /**
   * Stopping the worker while it analyses leaves the database working: the analysis is not interrupted (an
   * interrupted thread's next write to H2's file closes the whole database), it stops at its next move and stores
   * nothing; the database still reads and writes after.
   */
  @Test
  void stoppingDuringAnAnalysisLeavesTheDatabaseWorking() throws Exception {
    try (Database db = Database.open(TestDb.H2.freshConfig(1))) {
      User a = new Accounts(db.jdbi(), Clock.systemUTC()).register("anna", "correct horse battery", "en").user();
      RecordStore store = new RecordStore(db.jdbi());
      Records records = new Records(store, Clock.systemUTC());
      String sgf = Files.readString(RecordsApiTest.MATCH7);
      long id = records.upload(a, "sgf", sgf).id();
      RecordAnalyses jobs = new RecordAnalyses(records, store);
      try {
        jobs.start(a, id, 1);
        for (int i = 0; i < 600 && jobs.status(id).done() == 0; i++) Thread.sleep(50);
        assertThat(jobs.status(id).state()).as("under way").isEqualTo("running");
      } finally {
        jobs.close();
      }
      for (int i = 0; i < 600 && !jobs.status(id).state().equals("none"); i++) Thread.sleep(50);
      assertThat(jobs.status(id).state()).as("stopped, nothing stored").isEqualTo("none");
      assertThat(records.upload(a, "sgf", sgf).id()).as("the database still writes").isGreaterThan(id);
    }
  }
}
