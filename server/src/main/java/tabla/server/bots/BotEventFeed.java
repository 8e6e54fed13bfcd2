package tabla.server.bots;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tabla.server.accounts.User;
import tabla.server.kernel.http.Json;
import tabla.server.lobby.SeekStore;

/**
 * The source of a bot's event stream: what is new for the account since the last look, read from the database every
 * {@code pollMillis} (so it sees challenges and games made on any node): {@code challenge} for an invitation to it,
 * {@code challengeGone} when one is withdrawn, declined or expires unanswered, {@code gameStart} for a game of its not over
 * (all of them on connect), {@code gameFinish} when one is over. Each look is two indexed reads, bounded by
 * {@link #MAX_SEEN} rows each.
 */
final class BotEventFeed implements NdjsonStream.Tick {
  /** Invitations and running games one look reads at most. */
  static final int MAX_SEEN = 100;

  private final User me;
  private final SeekStore seeks;
  private final BotAccountStore store;
  private final NdjsonStream out;
  private final long pollNanos;
  private final Set<Long> challenges = new HashSet<>();
  private final Set<Long> games = new HashSet<>();
  private long lastLook = Long.MIN_VALUE;

  BotEventFeed(User me, SeekStore seeks, BotAccountStore store, NdjsonStream out, long pollMillis) {
    this.me = me;
    this.seeks = seeks;
    this.store = store;
    this.out = out;
    this.pollNanos = pollMillis * 1_000_000;
  }

  @Override
  public boolean goOn() {
    long now = System.nanoTime();
    if (lastLook != Long.MIN_VALUE && now - lastLook < pollNanos) return true;
    lastLook = now;
    Set<Long> running = new HashSet<>(store.running(me.id(), MAX_SEEN));
    for (Long id : running) if (games.add(id)) out.offer(gameEvent("gameStart", id));
    for (Long id : List.copyOf(games)) {
      if (!running.contains(id)) {
        games.remove(id);
        out.offer(gameEvent("gameFinish", id));
      }
    }
    Set<Long> open = new HashSet<>();
    for (SeekStore.Seek s : seeks.visible(me.id(), MAX_SEEN, 0)) {
      if (s.invitee() == null || !s.invitee().equalsIgnoreCase(me.name())) continue;
      open.add(s.id());
      if (challenges.add(s.id())) out.offer(Json.write(Map.of("type", "challenge", "challenge", challenge(s))));
    }
    for (Long id : List.copyOf(challenges)) {
      if (!open.contains(id)) {
        challenges.remove(id);
        // an accepted one became a game, which gameStart tells
        if (seeks.accepted(id).isEmpty()) {
          out.offer(Json.write(Map.of("type", "challengeGone", "challenge", Map.of("id", id))));
        }
      }
    }
    return true;
  }

  private static String gameEvent(String type, long id) {
    return Json.write(Map.of("type", type, "game", Map.of("id", id)));
  }

  private static Map<String, Object> challenge(SeekStore.Seek s) {
    Map<String, Object> c = new LinkedHashMap<>();
    c.put("id", s.id());
    c.put("from", s.creator());
    c.put("rules", s.rules());
    c.put("mode", s.mode());
    c.put("clock", s.clock());
    c.put("secondsPerMove", s.secondsPerMove());
    c.put("expiresAt", s.expiresAt());
    return c;
  }
}
