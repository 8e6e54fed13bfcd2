package tabla.server.fibs;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Consumer;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.core.variant.Variants;
import tabla.server.accounts.AccountChanges;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.LoginLimiter;
import tabla.server.accounts.User;
import tabla.server.chat.ChatChannel;
import tabla.server.chat.ChatService;
import tabla.server.chat.ChatStore;
import tabla.server.lobby.SeekStore;
import tabla.server.presence.Presence;
import tabla.server.presence.PresenceRoutes;
import tabla.server.ratings.VariantRatings;
import tabla.server.site.OnlineState;
import com.fasterxml.jackson.databind.JsonNode;
import tabla.core.match.Rules;
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
import tabla.server.kernel.Workers;

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
  /** How many of the seeks a user sees are read for his invitations (his and those for him come first). */
  private static final int INVITATIONS_READ = 50;
  private final Accounts accounts;
  private final GameService games;
  private final FibsStore store;
  private final ChatStore chat;
  private final LoginLimiter logins;
  private final AccountChanges changes;
  private final RateLimiter registrations;
  private final RegistrationMode registration;
  private final Meeting meeting;
  private final Map<Long, String> sessions = new ConcurrentHashMap<>();
  private final Map<Long, Watched> watched = new ConcurrentHashMap<>();
  private final ScheduledExecutorService poller = new ScheduledThreadPoolExecutor(1, Workers.daemon("tabla-fibs-events"));

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

  /** The site's meeting places the door opens onto: the lobby's seeks, who is online, the lobby chat, ratings. */
  public record Meeting(SeekStore seeks, Presence presence, ChatService chat, VariantRatings ratings) {}

  public SiteFibs(Jdbi jdbi, Accounts accounts, GameService games, RateLimits limits, RegistrationMode registration,
      Clock clock, Meeting meeting) {
    this.meeting = meeting;
    this.accounts = accounts;
    this.games = games;
    this.store = new FibsStore(jdbi);
    this.chat = new ChatStore(jdbi);
    this.logins = new LoginLimiter(limits, clock);
    this.changes = new AccountChanges(jdbi);
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
  public Optional<String> changePassword(long userId, String oldPassword, String newPassword) {
    try {
      changes.changePassword(userId, sessions.get(userId), oldPassword, newPassword);
      return Optional.empty();
    } catch (Refused e) {
      return Optional.of(e.getMessage());
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

  /** The door's thread is one: a look queued now runs after the looks the changes stored before it asked for. */
  @Override
  public void settle(java.time.Duration wait) {
    try {
      poller.submit(() -> { }).get(wait.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
    } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException
        | java.util.concurrent.RejectedExecutionException e) {
      LOG.warn("the CLIP users' last news did not come within {} ms ({})", wait.toMillis(), e.toString());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public List<String> keptToggles(long userId) {
    return store.keptToggles(userId);
  }

  @Override
  public void keepToggles(long userId, List<String> changed) {
    store.keepToggles(userId, changed);
  }

  @Override
  public boolean maySpeak(long userId) {
    return chat.silenced(userId).isEmpty();
  }

  // ---- the site's lobby (seeks and invitations are the lobby's: its store's rules, not copied here) ----

  @Override
  public List<WebUser> webUsers(Set<Long> without, int max) {
    List<WebUser> out = new ArrayList<>();
    for (Map.Entry<Long, OnlineState> e : meeting.presence().states().entrySet()) {
      if (out.size() >= max) break;
      if (without.contains(e.getKey())) continue;
      accounts.find(e.getKey()).filter(u -> !u.guest()) // guests play only the computer, as the web's list says
          .ifPresent(u -> out.add(new WebUser(account(u), e.getValue() == OnlineState.PLAYING, e.getValue() == OnlineState.AWAY)));
    }
    return out;
  }

  @Override
  public Invited invite(long inviter, long invitee, int length) {
    Rules rules = length == 0 ? Rules.money().toBuilder().jacoby(false).build() : Rules.match(length);
    long seek;
    try {
      seek = meeting.seeks().create(inviter, invitee, rules, "live", null);
    } catch (Refused e) {
      return new Invited(0, e.getMessage());
    }
    String by = accounts.find(inviter).map(User::name).orElse("?");
    meeting.presence().tell(invitee, new PresenceRoutes.Invited(seek, by)); // as the lobby's route tells it
    return new Invited(seek, null);
  }

  @Override
  public List<Invitation> invitations(long invitee) {
    List<Invitation> out = new ArrayList<>();
    for (SeekStore.Seek s : meeting.seeks().visible(invitee, INVITATIONS_READ, 0)) {
      Optional<Invitation> i = invitation(s, invitee);
      i.ifPresent(out::add);
    }
    return out;
  }

  /** A seek as an invitation for {@code invitee}, when it is one and of standard backgammon (FIBS's only game). */
  private Optional<Invitation> invitation(SeekStore.Seek s, long invitee) {
    if (s.invitee() == null || s.creatorId() == invitee || !s.rules().variant().name().equals(Variants.STANDARD.name())) return Optional.empty();
    return Optional.of(new Invitation(s.id(), s.creatorId(), s.creator(), s.rules().isMoney() ? 0 : s.rules().matchLength()));
  }

  @Override
  public Started accept(long seekId, long userId) {
    long gameId;
    try {
      gameId = meeting.seeks().accept(seekId, userId,
          rules -> meeting.ratings().of(userId, VariantRatings.ratedVariant(rules)).rating());
    } catch (Refused e) {
      return new Started(0, e.getMessage());
    }
    games.started(gameId);
    String by = accounts.find(userId).map(User::name).orElse("?");
    meeting.seeks().accepted(seekId)
        .ifPresent(a -> meeting.presence().tell(a.creator(), new PresenceRoutes.SeekAccepted(seekId, gameId, by)));
    return new Started(gameId, null);
  }

  @Override
  public Optional<String> shout(long userId, String text) {
    Optional<User> u = accounts.find(userId);
    if (u.isEmpty()) return Optional.of("no such account");
    try {
      meeting.chat().say(u.get(), ChatChannel.LOBBY, text);
      return Optional.empty();
    } catch (Refused e) {
      return Optional.of(e.getMessage());
    }
  }

  @Override
  public void listen(News news) {
    meeting.presence().door(new Presence.Door() {
      @Override
      public Map<Long, OnlineState> online() {
        return news.online();
      }

      @Override
      public void tell(long userId, JsonNode m) {
        notice(news, userId, m);
      }
    });
    meeting.chat().hub().readLobby(m -> news.shouted(m.authorId(), m.author(), m.text()));
  }

  /** A personal notice of the site, for a user of this door: an invitation for him, or one of his accepted. */
  private void notice(News news, long userId, JsonNode m) {
    String type = m.path("type").asText();
    if (!type.equals("invited") && !type.equals("seekAccepted")) return;
    if (!news.online().containsKey(userId)) return; // not on this door: nothing to read
    poller.execute(() -> { // the caller may hold a request's thread: the store is read on the door's own
      try {
        if (type.equals("seekAccepted")) {
          news.accepted(userId, m.path("gameId").asLong(), m.path("by").asText());
        } else {
          long seek = m.path("seekId").asLong();
          for (Invitation i : invitations(userId)) if (i.seekId() == seek) news.invited(userId, i);
        }
      } catch (RuntimeException e) {
        LOG.warn("telling a CLIP user of a site notice failed ({})", e.toString());
      }
    });
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
    Workers.stop(poller);
  }
}
