package tabla.cli;

import java.util.concurrent.Callable;
import picocli.CommandLine.Command;

/** Starts the site. The server arrives with the platform issue; until then this says so. */
@Command(name = "serve", description = "Run the Tabla site (not yet: the server is still to come).")
final class ServeCommand implements Callable<Integer> {
  @Override
  public Integer call() {
    System.out.println("tabla serve: not yet — the server is still to be built. Try ./tabla moves.");
    return 0;
  }
}
