package tabla.server.kernel;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.h2.engine.SessionLocal;
import org.h2.jdbc.JdbcConnection;
import org.h2.mvstore.MVStore;
import org.h2.mvstore.RandomAccessStore;
import org.h2.mvstore.db.Store;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Keeps the embedded H2 file near the size of its data while the site runs.
 *
 * <p>Why it grows: the file database runs with {@code WRITE_DELAY=0} (each commit written before it returns, so a
 * killed server loses no acknowledged action), and in H2 2.3 that also stops the MVStore's background thread, the only
 * thing that compacts a running store. Every commit writes a new chunk (at least one 4 KiB block); a chunk that still
 * holds one live page is never freed, so the file keeps nearly every chunk ever written (715 MB after 192,623
 * actions). H2 offers no SQL for compacting online ({@code CHECKPOINT} only flushes; {@code SHUTDOWN COMPACT} closes
 * the database), so this does what the background thread would: every {@link #PERIOD_MS} ms it rewrites the live
 * pages of old, mostly dead chunks into a new one ({@code MVStore.compact}), and, when the file is less than
 * {@link #FILL_RATE} % used, moves chunks from the end of the file into the holes and truncates it
 * ({@code compactMoveChunks}, which syncs before it overwrites anything). Both are bounded per step (bytes written, so
 * the store lock a commit needs is held briefly). H2's retention time (45 s, kept for safety on power loss) still
 * keeps the chunks of the last 45 s: the file is the live data plus about 45 s of commits. H2 2.3.232 has a faulty
 * assertion in the move (docs/measurements/2026-11-27-h2-compaction.md): the tests run with {@code -da:org.h2...}, as
 * production runs without {@code -ea}.
 */
final class H2Compaction implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(H2Compaction.class);
  static final long PERIOD_MS = 1000;
  /** Below this percentage of live data in the chunks (or in the file), a step rewrites (or moves) chunks. */
  static final int FILL_RATE = 90;
  /** Live pages rewritten per step at most. */
  static final int REWRITE_BYTES = 2 << 20;
  /** Chunks moved towards the start of the file per step at most. */
  static final int MOVE_BYTES = 4 << 20;

  /** A step that fails is logged at most once a minute (with its stack trace), not every second. */
  static final long WARN_EVERY_MS = 60_000;

  private final DataSource dataSource;
  private final ScheduledExecutorService timer;
  private long lastWarning = Long.MIN_VALUE / 2;

  private H2Compaction(DataSource dataSource) {
    this.dataSource = dataSource;
    this.timer = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-h2-compaction"));
  }

  /** Whether {@code url} is an embedded H2 database kept in a file (memory and remote ones have nothing to compact). */
  static boolean isH2File(String url) {
    if (!url.startsWith("jdbc:h2:")) return false;
    String rest = url.substring("jdbc:h2:".length());
    return !rest.startsWith("mem:") && !rest.startsWith("tcp:") && !rest.startsWith("ssl:");
  }

  /** Starts the periodic steps for a database at {@code url}, or returns null when it is not an H2 file. */
  static H2Compaction startFor(String url, DataSource dataSource) {
    if (!isH2File(url)) return null;
    H2Compaction c = new H2Compaction(dataSource);
    c.timer.scheduleWithFixedDelay(c::stepQuietly, PERIOD_MS, PERIOD_MS, TimeUnit.MILLISECONDS);
    return c;
  }

  private void stepQuietly() {
    try {
      step(dataSource);
    } catch (RuntimeException | SQLException e) {
      long now = System.nanoTime() / 1_000_000;
      if (now - lastWarning >= WARN_EVERY_MS) {
        lastWarning = now;
        LOG.warn("H2 compaction step failed (the next failures within a minute are not logged)", e);
      }
    }
  }

  /** One step of compaction on the store behind {@code dataSource}; false when it has no file. */
  static boolean step(DataSource dataSource) throws SQLException {
    try (Connection c = dataSource.getConnection()) {
      MVStore store = mvStore(c);
      if (store == null || store.isClosed() || !(store.getFileStore() instanceof RandomAccessStore file)) return false;
      store.compact(FILL_RATE, REWRITE_BYTES);
      file.compactMoveChunks(FILL_RATE, MOVE_BYTES, store);
      return true;
    }
  }

  /** The MVStore of an embedded H2 connection, or null (another database, or H2 over the network). */
  static MVStore mvStore(Connection c) throws SQLException {
    if (!c.isWrapperFor(JdbcConnection.class)) return null;
    if (!(c.unwrap(JdbcConnection.class).getSession() instanceof SessionLocal session)) return null;
    Store store = session.getDatabase().getStore();
    return store == null ? null : store.getMvStore();
  }

  @Override
  public void close() {
    Workers.stop(timer); // a step under way ends before the pool closes: never interrupted in H2's file IO
  }
}
