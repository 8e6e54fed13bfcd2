package tabla.server.rematch;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;
import java.util.Optional;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.games.GameService;
import tabla.server.games.GameRoom;
import tabla.server.games.GameRoutes;
import tabla.server.games.GameRow;
import tabla.server.games.GameStore;
import tabla.server.kernel.Refused;
import tabla.server.presence.Presence;

/**
 * A rematch at the end of a game between two people: one player offers (POST /api/games/{id}/rematch), the other
 * accepts with the same one click, and a new game starts with the same rules and the colours swapped. Both players'
 * pages are told of each step ({@link State}), wherever they are; withdrawn or declined with DELETE.
 */
public final class Rematches {
  private final RematchStore store;
  private final GameService hub;
  private final GameStore games;
  private final Accounts accounts;
  private final Presence presence;

  public Rematches(RematchStore store, GameService hub, GameStore games, Accounts accounts, Presence presence) {
    this.store = store;
    this.hub = hub;
    this.games = games;
    this.accounts = accounts;
    this.presence = presence;
  }

  /**
   * {"type":"rematch","gameId":N,"offeredBy":NAME|null,"newGameId":M|null,"tournament":{"id","name"}|null}: the
   * rematch of game N now; a tournament's match names its tournament and has no rematch.
   */
  public record State(String type, long gameId, String offeredBy, Long newGameId, RematchStore.TournamentOf tournament) {
    State(long gameId, String offeredBy, Long newGameId, RematchStore.TournamentOf tournament) {
      this("rematch", gameId, offeredBy, newGameId, tournament);
    }
  }

  public void register(RoutesConfig r) {
    r.get("/api/games/{id}/rematch", ctx -> ctx.json(state(gameId(ctx))));
    r.post("/api/games/{id}/rematch", this::offerOrAccept);
    r.delete("/api/games/{id}/rematch", this::withdraw);
  }

  /** Offers a rematch, or accepts the other player's offer (which starts the new game). */
  private synchronized void offerOrAccept(Context ctx) {
    User me = Auth.session(ctx).user();
    GameRoom room = hub.room(gameId(ctx));
    GameRow row = room.row();
    int seat = room.seatOf(me.id());
    if (seat < 0) throw Refused.of(Refused.Kind.FORBIDDEN, RematchCode.NOT_PLAYER, "only the players of a game can ask for its rematch");
    if (row.botSeat() != null) throw Refused.of(Refused.Kind.INVALID, RematchCode.COMPUTER, "against the computer, start a new game from the lobby");
    if (!room.isFinished()) throw Refused.of(Refused.Kind.CONFLICT, RematchCode.NOT_OVER, "a rematch is offered when the match is over");
    if (store.tournamentOf(row.id()).isPresent()) {
      throw Refused.of(Refused.Kind.INVALID, RematchCode.TOURNAMENT, "a tournament's match has no rematch: the tournament pairs the next one");
    }
    Optional<RematchStore.Offer> offer = store.offer(row.id());
    if (offer.isEmpty()) {
      store.offer(row.id(), me.id());
    } else if (offer.get().newGameId() != null) {
      throw Refused.of(Refused.Kind.CONFLICT, RematchCode.STARTED, "the rematch has already started: game " + offer.get().newGameId(),
          Map.of("game", offer.get().newGameId()));
    } else if (offer.get().offeredBy() == me.id()) {
      throw Refused.of(Refused.Kind.CONFLICT, RematchCode.OFFERED, "you have offered this rematch already; the other player accepts it");
    } else {
      // same rules, colours swapped: the player who was seat 1 is seat 0 now
      long fresh = games.create(row.rules(), row.mode(), row.player1(), row.player0(), null, null, row.clock());
      store.started(row.id(), fresh);
      hub.started(fresh);
    }
    State s = state(row.id());
    tellPlayers(row, s);
    ctx.json(s);
  }

  private synchronized void withdraw(Context ctx) {
    User me = Auth.session(ctx).user();
    GameRoom room = hub.room(gameId(ctx));
    if (room.seatOf(me.id()) < 0) throw Refused.of(Refused.Kind.FORBIDDEN, RematchCode.NOT_PLAYER, "only the players of a game can answer its rematch");
    if (!store.withdraw(room.id())) throw Refused.of(Refused.Kind.NOT_FOUND, RematchCode.NO_OFFER, "an open rematch offer for game " + room.id() + " not found",
        Map.of("game", room.id()));
    State s = state(room.id());
    tellPlayers(room.row(), s);
    ctx.json(s);
  }

  private void tellPlayers(GameRow row, State s) {
    presence.tell(row.player0(), s);
    presence.tell(row.player1(), s);
  }

  private State state(long gameId) {
    Optional<RematchStore.Offer> o = store.offer(gameId);
    String by = o.flatMap(x -> accounts.find(x.offeredBy())).map(User::name).orElse(null);
    return new State(gameId, by, o.map(RematchStore.Offer::newGameId).orElse(null), store.tournamentOf(gameId).orElse(null));
  }

  private long gameId(Context ctx) {
    long id = GameRoutes.parseId(ctx.pathParam("id"));
    hub.room(id); // 404 for no such game
    return id;
  }
}
