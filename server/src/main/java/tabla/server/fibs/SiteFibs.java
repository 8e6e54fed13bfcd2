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
import java.util.concurrent.TimeUnit;
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
import tabla.server.games.GameHub;
import tabla.server.games.GameRoom;
import tabla.server.games.GameStore;
import tabla.server.games.Ownership;
import tabla.server.games.Refusal;
import tabla.server.games.RulesJson;
import tabla.server.http.ApiError;
import tabla.server.http.RateLimiter;
import tabla.server.http.RateLimits;
import tabla.server.ops.RegistrationMode;

/**
 * The FIBS door's port over the site as it is today: accounts and their login limits, games through the hub and its
 * rooms (as the HTTP and socket actions do), moderation from the chat's store. The one class to re-point when the
 * game service becomes the one door to a game: {@link #act}, {@link #match} and {@link #subscribe} are all it needs.
 *
 * <p>Events: the hub tells only WebSockets, so a match's changes are found by looking at its room's version every
 * {@link #POLL_MILLIS} ms, for the matches a CLIP user plays or watches (bounded by them). A change seen is handed
 * over whole (the match value): the narration tells every event since the last one told, so none is lost when
 * several happen between two looks.
 */
public final class SiteFibs implements FibsSite, AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(SiteFibs.class);
  static final long POLL_MILLIS = 100;

  private final Accounts accounts;
  private final GameStore games;
  private final GameHub hub;
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

  /** A match some CLIP user follows: its listeners and the version they were last told. */
  private static final class Watched {
    final Set<Consumer<MatchView>> listeners = ConcurrentHashMap.newKeySet();
    volatile int version = -1;
  }

  public SiteFibs(Jdbi jdbi, Accounts accounts, GameStore games, GameHub hub, RateLimits limits,
      RegistrationMode registration, Clock clock) {
    this.accounts = accounts;
    this.games = games;
    this.hub = hub;
    this.store = new FibsStore(jdbi);
    this.chat = new ChatStore(jdbi);
    this.logins = new LoginLimiter(limits, clock);
    this.registrations = new RateLimiter("new accounts", limits.registrations(), clock);
    this.registration = registration;
    poller.scheduleWithFixedDelay(this::poll, POLL_MILLIS, POLL_MILLIS, TimeUnit.MILLISECONDS);
  }

  @Override
  public Login authenticate(String name, String password, String address) {
    long wait = logins.waitSeconds(address, name);
    if (wait > 0) return Login.refused("Too many failed logins; try again in " + wait + " seconds.");
    Optional<Accounts.Session> s;
    try {
      s = accounts.login(name, password);
    } catch (ApiError e) {
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
      Accounts.Session s = accounts.register(name, password, null);
      accounts.logout(s.token()); // registered; the player logs in next, as on FIBS
      return Login.ok(account(s.user()));
    } catch (ApiError e) {
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
        ? new Rules(0, true, false, false, false, false, false, false, 0, 64, Rules.Stakes.GEOMETRIC,
            Rules.Scoring.STANDARD, false, Rules.Opening.ROLL_OFF_DICE, Variants.STANDARD) // FIBS: no Jacoby rule
        : Rules.match(length);
    long id = games.create(RulesJson.write(rules), "live", inviter, joiner, null, null, null);
    hub.afterChange(hub.room(id));
    return new Started(id, null);
  }

  @Override
  public Optional<MatchView> match(long gameId) {
    GameRoom room;
    try {
      room = hub.room(gameId);
    } catch (ApiError | Ownership.OwnedElsewhere e) {
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
      room = hub.room(gameId);
    } catch (ApiError | Ownership.OwnedElsewhere e) {
      return Optional.of("this game is not available here now");
    }
    int seat = room.seatOf(userId);
    Optional<Refusal> refused;
    try {
      refused = room.act(seat, room.version(), command);
      // another action came between reading the version and acting: a FIBS command means "now", so once more
      if (refused.isPresent() && refused.get() instanceof Refusal.StaleVersion) refused = room.act(seat, room.version(), command);
    } catch (RuntimeException e) {
      hub.evict(gameId); // the database refused: reload the room from what was stored
      throw e;
    }
    if (refused.isEmpty()) {
      hub.afterChange(room);
      poll(gameId); // tell the CLIP players at once rather than at the next look
    }
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
    Watched w = watched.computeIfAbsent(gameId, id -> new Watched());
    match(gameId).ifPresent(v -> w.version = v.version());
    w.listeners.add(listener);
    return () -> watched.computeIfPresent(gameId, (id, x) -> {
      x.listeners.remove(listener);
      return x.listeners.isEmpty() ? null : x;
    });
  }

  @Override
  public boolean maySpeak(long userId) {
    return chat.silenced(userId).isEmpty();
  }

  private void poll() {
    for (long id : watched.keySet()) {
      try {
        poll(id);
      } catch (RuntimeException e) {
        LOG.warn("following game {} for CLIP users failed ({})", id, e.toString());
      }
    }
  }

  private void poll(long gameId) {
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
