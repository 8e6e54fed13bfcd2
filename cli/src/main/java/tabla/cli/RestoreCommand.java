package tabla.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.server.kernel.ServerConfig;
import tabla.server.ops.Backup;
import tabla.server.kernel.SiteSettings;

/** Makes a fresh H2 database from a backup; never overwrites one (PostgreSQL: pg_restore, see docs/operating.md). */
@Command(name = "restore", description = "Restore an H2 backup (.zip or .sql.gz) into an empty data folder (TABLA_DATA or --data).")
final class RestoreCommand implements Callable<Integer> {
  @Parameters(index = "0", description = "the backup file")
  Path backup;

  @Option(names = "--data", description = "the data folder to restore into (default TABLA_DATA or ./data); must hold no database")
  Path data;

  @Override
  public Integer call() {
    ServerConfig config = ServerConfig.fromEnv(System.getenv());
    SiteSettings site = config.site();
    if (data != null) site = site.withDataDir(data);
    Backup.restore(backup, config.withSite(site));
    System.out.println("restored " + backup + " into " + site.dataDir().toAbsolutePath());
    return 0;
  }
}
