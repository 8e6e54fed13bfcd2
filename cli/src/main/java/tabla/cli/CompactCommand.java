package tabla.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import tabla.server.kernel.ServerConfig;
import tabla.server.ops.Backup;

/** Gives the H2 file's free space back to the disk; the server must be stopped. */
@Command(name = "compact", description = "Compact the H2 database file (stop the server first).")
final class CompactCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    long[] sizes = Backup.compact(ServerConfig.fromEnv(System.getenv()));
    System.out.printf("tabla.mv.db: %,d bytes before, %,d after%n", sizes[0], sizes[1]);
    return 0;
  }
}
