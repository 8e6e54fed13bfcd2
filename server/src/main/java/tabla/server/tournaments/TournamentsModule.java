package tabla.server.tournaments;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;
import tabla.server.accounts.Accounts;

/** Tournaments wired once: the store, the workflow, the pages' reads, the timer and the routes. */
public record TournamentsModule(TournamentService service, TournamentReads reads, TournamentScheduler scheduler)
    implements AutoCloseable {
  /** {@code games}: what the tournaments ask of the games; tell {@link TournamentService#gameFinished} back. */
  public static TournamentsModule wire(Jdbi jdbi, TournamentGames games, Clock clock) {
    TournamentStore store = new TournamentStore(jdbi);
    TournamentService service = new TournamentService(store, games, clock);
    return new TournamentsModule(service, new TournamentReads(store), new TournamentScheduler(service, clock));
  }

  public void register(RoutesConfig r, Accounts accounts, Clock clock) {
    new TournamentRoutes(service, reads, clock, accounts).register(r);
  }

  @Override
  public void close() {
    scheduler.close();
    service.close();
  }
}
