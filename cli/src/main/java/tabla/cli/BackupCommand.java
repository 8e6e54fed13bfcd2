package tabla.cli;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.server.kernel.ServerConfig;
import tabla.server.ops.Backup;

/**
 * A backup of the site's database. H2: a zip of the database file (or SQL with --sql), taken through the
 * running server when one holds the database, else directly. PostgreSQL: pg_dump's custom format.
 */
@Command(name = "backup", description = "Back up the database: H2 to data/backups/tabla-DATE.zip (or .sql.gz), PostgreSQL with pg_dump.")
final class BackupCommand implements Callable<Integer> {
  @Option(names = "--out", description = "the file to write (default: data/backups/tabla-YYYYMMDD-HHMMSS.zip)")
  Path out;

  @Option(names = "--sql", description = "H2: SQL (gzip) instead of a zip of the file; survives an H2 upgrade")
  boolean sql;

  @Override
  public Integer call() throws Exception {
    ServerConfig config = ServerConfig.fromEnv(System.getenv());
    if (config.isPostgres()) return pgDump(config);
    Backup.Format format = sql ? Backup.Format.SQL : Backup.Format.ZIP;
    Path target = out != null ? out : Backup.newFile(config.site().dataDir().resolve("backups"), format, java.time.Instant.now());
    Path written;
    try {
      written = Backup.write(config, target, format);
    } catch (IllegalStateException e) {
      if (!LocalServer.inUse(e)) throw e;
      written = LocalServer.connect(config).backup(target, format);
    }
    System.out.println(written);
    return 0;
  }

  /** pg_dump of the database TABLA_DB_URL names (the password through PGPASSWORD, never on the command line). */
  private int pgDump(ServerConfig config) throws IOException, InterruptedException {
    URI u = URI.create(config.dbUrl().substring("jdbc:".length()));
    String db = u.getPath().replaceFirst("^/", "");
    Path target = out != null ? out : Path.of("tabla-" + java.time.LocalDate.now() + ".dump");
    List<String> cmd = new ArrayList<>(List.of("pg_dump", "--format=custom", "--no-owner", "--file=" + target,
        "--host=" + u.getHost(), "--username=" + config.dbUser(), db));
    if (u.getPort() > 0) cmd.add(cmd.size() - 1, "--port=" + u.getPort());
    ProcessBuilder pb = new ProcessBuilder(cmd).inheritIO();
    pb.environment().put("PGPASSWORD", config.dbPassword());
    System.err.println("tabla backup: " + String.join(" ", cmd));
    try {
      int rc = pb.start().waitFor();
      if (rc == 0) System.out.println(target.toAbsolutePath());
      return rc;
    } catch (IOException e) {
      System.err.println("tabla backup: pg_dump is not installed here (apt-get install postgresql-client); "
          + "run the command above where it is");
      return 1;
    }
  }
}
