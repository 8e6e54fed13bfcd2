package tabla.server.fibs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.function.Consumer;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.core.match.Rules;
import tabla.core.variant.Variants;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.LoginLimiter;
import tabla.server.accounts.User;
import tabla.server.chat.ChatStore;
import tabla.server.games.Command;
import tabla.server.games.GameRoom;
import tabla.server.games.GameService;
import tabla.server.games.GameViewer;
import tabla.server.games.Ownership;
import tabla.server.games.Refusal;
import tabla.server.games.RulesJson;
import tabla.server.kernel.Refused;
import tabla.server.kernel.RegistrationMode;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.kernel.http.RateLimits;

/**
 * The FIBS door's port over the site: accounts and their login limits, matches through the game service (the one door
 * to a game, as for the web's adapters), moderation from the chat's store.
 *
 * <p>Events: the door subscribes to the game service as a viewer of each match a CLIP user plays or watches (one per
 * match, bounded by them); each event it is sent (under the room's lock: it must not block) only wakes a look at the
 * match on the door's own thread, which hands the match value over whole. The narration tells every event since the
 * last one told, so none is lost when several are stored between two looks.
 */
public final class SiteFibs implements FibsSite, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SiteFibs.class);
  private final Accounts accounts;
  private final GameService games;
  private final FibsStore store;
  private final ChatStore chat;
  private final LoginLimiter logins;
  private final RateLimiter registrations;
  private final RegistrationMode registration;
  private final Map<Long, String> sessions = new ConcurrentHashMap<>();
  private final Map<Long, Watched> watched = new ConcurrentHashMap<>();
  private final ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(r -> {
    Thread t = new Thread(r, "tabla-fibs-events");
    t.setDaemon(true);
    return t;
  });

  /** A match some CLIP user follows: its listeners, the version they were last told, its viewer at the service. */
  private final class Watched implements GameViewer {
    final long gameId;
    final Set<Consumer<MatchView>> listeners = ConcurrentHashMap.newKeySet();
    volatile int version = -1;

    Watched(long gameId) {
      this.gameId = gameId;
    }

    @Override
    public int seat() {
      return -1; // a spectator's view: the door reads the match itself
    }

    @Override
    public void send(String json) {
      poller.execute(() -> look(gameId)); // under the room's lock: only wake the door's own thread
    }

    @Override
    public void moved() {
      poller.execute(() -> look(gameId));
    }
  }

  public SiteFibs(Jdbi jdbi, Accounts accounts, GameService games, RateLimits limits, RegistrationMode registration,
      Clock clock) {
    this.accounts = accounts;
    this.games = games;
    this.store = new FibsStore(jdbi);
    this.chat = new ChatStore(jdbi);
    this.logins = new LoginLimiter(limits, clock);
    this.registrations = new RateLimiter("new accounts", limits.registrations(), clock);
    this.registration = registration;
  }

  @Override
  public Login authenticate(String name, String password, String address) {
    long wait = logins.waitSeconds(address, name);
    if (wait > 0) return Login.refused("Too many failed logins; try again in " + wait + " seconds.");
    Optional<Accounts.Session> s;
    try {
      s = accounts.login(name, password);
    } catch (Refused e) {
      return Login.refused(e.getMessage()); // banned, with its reason
    }
    if (s.isEmpty()) {
      logins.failed(address, name);
      return Login.refused("Login incorrect.");
    }
    logins.succeeded(address, name);
    String old = sessions.put(s.get().user().id(), s.get().token());
    if (old != null) accounts.logout(old);
    return Login.ok(account(s.get().user()));
  }

  @Override
  public Login register(String name, String password, String address) {
    if (registration != RegistrationMode.OPEN) return Login.refused("New accounts are made on the web site here.");
    try {
      registrations.take(address);
    } catch (RuntimeException e) { // the limit's refusal: it only counts, in memory
      return Login.refused(e.getMessage());
    }
    try {
      Accounts.Session s = accounts.register(name, password, null);
      accounts.logout(s.token()); // registered; the player logs in next, as on FIBS
      return Login.ok(account(s.user()));
    } catch (Refused e) {
      return Login.refused(e.getMessage());
    }
  }

  @Override
  public void loggedOut(long userId) {
    String token = sessions.remove(userId);
    if (token != null) accounts.logout(token);
  }

  @Override
  public Optional<Account> account(String name) {
    return accounts.findByName(name).filter(u -> !u.guest()).map(this::account);
  }

  private Account account(User u) {
    return new Account(u.id(), u.name(), u.rating(), store.experience(u.id()));
  }

  @Override
  public Started start(long inviter, long joiner, int length) {
    Rules rules = length == 0
        ? Rules.money().toBuilder().jacoby(false).build() // FIBS's unlimited match: no Jacoby rule, no beavers
        : Rules.match(length);
    return new Started(games.create(RulesJson.write(rules), "live", inviter, joiner, null, null, null), null);
  }

  @Override
  public Optional<MatchView> match(long gameId) {
    GameRoom room;
    try {
      room = games.room(gameId);
    } catch (Refused | Ownership.OwnedElsewhere e) {
      return Optional.empty();
    }
    return Optional.of(view(room));
  }

  private static MatchView view(GameRoom room) {
    synchronized (room) { // the room's own lock: match, finish and version as one state
      return new MatchView(room.id(), room.row().player0(), room.row().player1(), room.name(0), room.name(1),
          room.match(), room.isFinished(), room.version());
    }
  }

  @Override
  public Optional<String> act(long gameId, long userId, Command command) {
    GameRoom room;
    try {
      room = games.room(gameId);
    } catch (Refused | Ownership.OwnedElsewhere e) {
      return Optional.of("this game is not available here now");
    }
    int seat = room.seatOf(userId);
    Optional<Refusal> refused = games.act(room, seat, room.version(), command);
    // another action came between reading the version and acting: a FIBS command means "now", so once more
    if (refused.isPresent() && refused.get() instanceof Refusal.StaleVersion) refused = games.act(room, seat, room.version(), command);
    return refused.map(Refusal::reason);
  }

  @Override
  public List<MatchView> unfinished(long userId) {
    List<MatchView> out = new ArrayList<>();
    for (long id : store.unfinished(userId, Variants.STANDARD.name())) match(id).ifPresent(out::add);
    return out;
  }

  @Override
  public AutoCloseable subscribe(long gameId, Consumer<MatchView> listener) {
    Watched w;
    synchronized (watched) {
      w = watched.get(gameId);
      if (w == null) {
        w = new Watched(gameId);
        watched.put(gameId, w);
        Watched fresh = w;
        match(gameId).ifPresent(v -> fresh.version = v.version());
        try {
          games.subscribe(gameId, w);
        } catch (RuntimeException e) {
          watched.remove(gameId);
          throw e;
        }
      }
      w.listeners.add(listener);
    }
    return () -> {
      synchronized (watched) {
        Watched x = watched.get(gameId);
        if (x == null) return;
        x.listeners.remove(listener);
        if (x.listeners.isEmpty()) {
          watched.remove(gameId);
          games.unsubscribe(gameId, x);
        }
      }
    };
  }

  @Override
  public boolean maySpeak(long userId) {
    return chat.silenced(userId).isEmpty();
  }

  /** The door's thread: the match as it is now, to its listeners when it is newer than what they were told. */
  private void look(long gameId) {
    try {
      lookNow(gameId);
    } catch (RuntimeException e) {
      LOG.warn("following game {} for CLIP users failed ({})", gameId, e.toString());
    }
  }

  private void lookNow(long gameId) {
    Watched w = watched.get(gameId);
    if (w == null) return;
    Optional<MatchView> v = match(gameId);
    if (v.isEmpty()) return;
    synchronized (w) { // each version told once, in order
      if (v.get().version() <= w.version) return; // told already (or a newer one was)
      w.version = v.get().version();
      for (Consumer<MatchView> l : w.listeners) l.accept(v.get());
    }
  }

  @Override
  public void close() {
    poller.shutdownNow();
  }
}
