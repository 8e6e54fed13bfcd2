package tabla.server.records;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/** Uploaded match records and their analysis jobs, wired once: the service, the job queue and their routes. */
public record RecordsModule(Records records, RecordAnalyses analyses) implements AutoCloseable {
  public static RecordsModule wire(Jdbi jdbi, Clock clock) {
    RecordStore store = new RecordStore(jdbi);
    Records records = new Records(store, clock);
    return new RecordsModule(records, new RecordAnalyses(records, store));
  }

  public void register(RoutesConfig r) {
    new RecordRoutes(records, analyses).register(r);
  }

  /** Stops the analysis worker with the server. */
  @Override
  public void close() {
    analyses.close();
  }
}
