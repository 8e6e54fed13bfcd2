package tabla.server.tournaments;

import java.util.ArrayList;
import java.util.List;
import tabla.core.tournament.Pair;
import tabla.core.tournament.Result;
import tabla.core.tournament.Standings;

/** Tournaments as the API shows them: one with its entrants, rounds and standings, and the list. */
public final class TournamentReads {
  /** "My tournaments" and a player's titles list at most this many (the open ones and the newest). */
  public static final int MAX_MINE = 20;
  private final TournamentStore store;

  public TournamentReads(TournamentStore store) {
    this.store = store;
  }

  public TournamentView view(long id) {
    TournamentStore.Stored stored = store.view(id);
    TournamentView head = stored.head();
    List<TournamentView.Entrant> entrants = stored.entrants();
    List<List<TournamentView.MatchLine>> rounds = new ArrayList<>();
    List<List<Result>> results = new ArrayList<>();
    for (TournamentView.MatchLine m : stored.matches()) {
      while (rounds.size() <= m.round()) {
        rounds.add(new ArrayList<>());
        results.add(new ArrayList<>());
      }
      rounds.get(m.round()).add(m);
      if (m.winner() != null) {
        results.get(m.round()).add(new Result(new Pair(m.first(), m.second() == null ? Pair.BYE : m.second()), m.winner()));
      }
    }
    List<TournamentView.StandingLine> standings = new ArrayList<>();
    if (!rounds.isEmpty()) {
      for (Standings.Line l : Standings.of(entrants.size(), results)) {
        standings.add(new TournamentView.StandingLine(l.entrant(), entrants.get(l.entrant()).name(), l.wins(), l.losses(),
            l.buchholz()));
      }
    }
    return new TournamentView(head.id(), head.version(), head.name(), head.creator(), head.format(), head.swissRounds(),
        head.rules(), head.mode(), head.clock(), head.minPlayers(), head.maxPlayers(), head.rated(), head.startsAt(),
        head.status(), head.note(), entrants, rounds, standings, head.winner(), head.consolation(), head.consolationId(),
        head.parentId());
  }

  /** {@code count} tournaments from {@code offset}: registering and playing ones first, then the newest. */
  public List<TournamentView.Summary> list(int count, int offset) {
    return store.list(count, offset);
  }

  /** The tournaments {@code user} entered, at most {@link #MAX_MINE}: open ones first, then the newest. */
  public List<TournamentView.Mine> mine(long user) {
    return store.mine(user, MAX_MINE);
  }

  /** The tournaments {@code user} won, newest first, at most {@link #MAX_MINE}. */
  public List<TournamentView.Title> titles(long user) {
    return store.titles(user, MAX_MINE);
  }
}
