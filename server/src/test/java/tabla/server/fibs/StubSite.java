package tabla.server.fibs;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import tabla.server.games.Command;

/**
 * An in-memory site for the listener's own tests (bounds, the protocol before a match): accounts that any password
 * "pw" opens, no matches. What it does not do, it refuses, as the real site would refuse a bad request.
 */
class StubSite implements FibsSite {
  private final Map<String, Account> accounts = new ConcurrentHashMap<>();
  private final AtomicLong ids = new AtomicLong();

  @Override
  public Login authenticate(String name, String password, String address) {
    if (!password.equals("pw")) return Login.refused("Login incorrect.");
    return Login.ok(accounts.computeIfAbsent(name.toLowerCase(), n -> new Account(ids.incrementAndGet(), name, 1500, 0)));
  }

  @Override
  public Login register(String name, String password, String address) {
    if (accounts.containsKey(name.toLowerCase())) return Login.refused("the name '" + name + "' is taken");
    Account a = new Account(ids.incrementAndGet(), name, 1500, 0);
    accounts.put(name.toLowerCase(), a);
    return Login.ok(a);
  }

  @Override
  public Optional<String> changePassword(long userId, String oldPassword, String newPassword) {
    return Optional.of("every password here is 'pw'"); // the listener's tests do not change one
  }

  @Override
  public void loggedOut(long userId) {}

  @Override
  public Optional<Account> account(String name) {
    return Optional.ofNullable(accounts.get(name.toLowerCase()));
  }

  @Override
  public Started start(long inviter, long joiner, int length) {
    return new Started(0, "no matches on this test site");
  }

  @Override
  public Optional<MatchView> match(long gameId) {
    return Optional.empty();
  }

  @Override
  public Optional<String> act(long gameId, long userId, Command command) {
    return Optional.of("no such game");
  }

  @Override
  public List<MatchView> unfinished(long userId) {
    return List.of();
  }

  @Override
  public AutoCloseable subscribe(long gameId, Consumer<MatchView> listener) {
    return () -> { };
  }

  private final Map<Long, List<String>> toggles = new ConcurrentHashMap<>();

  @Override
  public List<String> keptToggles(long userId) {
    return toggles.getOrDefault(userId, List.of());
  }

  @Override
  public void keepToggles(long userId, List<String> changed) {
    toggles.put(userId, List.copyOf(changed));
  }

  @Override
  public boolean maySpeak(long userId) {
    return true;
  }

  // the lobby: no web users, no invitations; the lobby chat is the door's own shouts, told back to it

  private volatile News news;

  @Override
  public List<WebUser> webUsers(java.util.Set<Long> without, int max) {
    return List.of();
  }

  @Override
  public Invited invite(long inviter, long invitee, int length) {
    return new Invited(0, "no invitations on this test site");
  }

  @Override
  public List<Invitation> invitations(long invitee) {
    return List.of();
  }

  @Override
  public Started accept(long seekId, long userId) {
    return new Started(0, "no invitations on this test site");
  }

  @Override
  public Optional<String> shout(long userId, String text) {
    String author = accounts.values().stream().filter(a -> a.id() == userId).map(Account::name).findFirst().orElseThrow();
    news.shouted(userId, author, text);
    return Optional.empty();
  }

  @Override
  public void listen(News n) {
    news = n;
  }
}
