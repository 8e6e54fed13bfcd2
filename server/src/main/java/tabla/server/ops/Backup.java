package tabla.server.ops;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import javax.sql.DataSource;
import tabla.server.kernel.ServerConfig;

/**
 * Backups of the embedded H2 database, and restoring one into a fresh folder. (PostgreSQL is backed up
 * with its own pg_dump: docs/operating.md.)
 *
 * <p>Two forms: {@code BACKUP TO} copies the database file into a zip while the site keeps running (H2
 * takes a consistent snapshot), fast and exact; {@code SCRIPT} writes SQL (gzip), which also carries the
 * data across an H2 version whose file format changed.
 */
public final class Backup {
  private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss").withZone(ZoneOffset.UTC);

  public enum Format {
    ZIP(".zip"),
    SQL(".sql.gz");

    final String suffix;

    Format(String suffix) {
      this.suffix = suffix;
    }
  }

  private Backup() {}

  /** A name for a new backup in {@code dir} made at {@code now}: tabla-YYYYMMDD-HHMMSS.zip (UTC). */
  public static Path newFile(Path dir, Format format, Instant now) {
    return dir.resolve("tabla-" + STAMP.format(now) + format.suffix);
  }

  /** Writes a backup of the running database behind {@code ds} to {@code target} (which must not exist). */
  public static Path write(DataSource ds, Path target, Format format) {
    try (Connection c = ds.getConnection()) {
      return write(c, target, format);
    } catch (SQLException e) {
      throw new IllegalStateException("backup failed: " + e.getMessage(), e);
    }
  }

  /** The same through a connection of its own, for an H2 database no server holds open. */
  public static Path write(ServerConfig config, Path target, Format format) {
    try (Connection c = connect(config, config.dbUrl())) {
      return write(c, target, format);
    } catch (SQLException e) {
      throw new IllegalStateException(e.getErrorCode() == 90020
          ? "the database is in use by a running server: ask it for the backup (./tabla admin backup)"
          : "backup failed: " + e.getMessage(), e);
    }
  }

  private static Path write(Connection c, Path target, Format format) throws SQLException {
    Path abs = target.toAbsolutePath();
    if (Files.exists(abs)) throw new IllegalArgumentException(abs + " exists already: a backup never overwrites");
    try {
      Files.createDirectories(abs.getParent());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    String file = abs.toString().replace("'", "''");
    try (Statement st = c.createStatement()) {
      st.execute(format == Format.ZIP ? "BACKUP TO '" + file + "'" : "SCRIPT TO '" + file + "' COMPRESSION GZIP");
    }
    return abs;
  }

  /**
   * Makes the database under {@code dataDir} from a backup; refuses when a database is there already (move
   * it away first: a restore never overwrites). Afterwards the server starts on it as on any other.
   */
  public static void restore(Path backup, ServerConfig config) {
    Path dataDir = config.site().dataDir();
    Path db = dataDir.toAbsolutePath().resolve("tabla.mv.db");
    if (!Files.isRegularFile(backup)) throw new IllegalArgumentException("no backup file at " + backup);
    if (Files.exists(db)) {
      throw new IllegalArgumentException(db + " exists: move the old database away first, a restore never overwrites");
    }
    try {
      Files.createDirectories(dataDir);
      String name = backup.getFileName().toString();
      if (name.endsWith(Format.ZIP.suffix)) {
        org.h2.tools.Restore.execute(backup.toAbsolutePath().toString(), dataDir.toAbsolutePath().toString(), "tabla");
        if (!Files.exists(db)) throw new IllegalArgumentException(backup + " holds no Tabla database (tabla.mv.db)");
      } else if (name.endsWith(Format.SQL.suffix)) {
        try (Connection c = connect(config, ServerConfig.h2Url(dataDir)); Statement st = c.createStatement()) {
          st.execute("RUNSCRIPT FROM '" + backup.toAbsolutePath().toString().replace("'", "''") + "' COMPRESSION GZIP");
        }
      } else {
        throw new IllegalArgumentException("a backup ends in .zip or .sql.gz: " + backup);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException("restore failed: " + e.getMessage(), e);
    }
  }

  private static Connection connect(ServerConfig config, String url) throws SQLException {
    if (!url.startsWith("jdbc:h2:")) {
      throw new IllegalArgumentException("this is for the embedded H2 database; back up PostgreSQL with pg_dump "
          + "(docs/operating.md)");
    }
    return DriverManager.getConnection(url, config.dbUser(), config.dbPassword());
  }

  /**
   * Rewrites the H2 file without its free space ({@code SHUTDOWN COMPACT}); the server must be stopped.
   * Returns the file's size before and after, in bytes.
   */
  public static long[] compact(ServerConfig config) {
    Path dataDir = config.site().dataDir();
    Path db = dataDir.toAbsolutePath().resolve("tabla.mv.db");
    if (!Files.exists(db)) throw new IllegalArgumentException("no database at " + db);
    try {
      long before = Files.size(db);
      try (Connection c = connect(config, ServerConfig.h2Url(dataDir)); Statement st = c.createStatement()) {
        st.execute("SHUTDOWN COMPACT");
      }
      return new long[] {before, Files.size(db)};
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (SQLException e) {
      throw new IllegalStateException(e.getErrorCode() == 90020
          ? "the database is in use: stop the server first (compaction needs it alone)"
          : "compaction failed: " + e.getMessage(), e);
    }
  }
}
