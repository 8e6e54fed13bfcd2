package tabla.server.watch;

import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import tabla.server.kernel.http.Json;
import tabla.server.site.NodeSummary;
import tabla.server.site.OtherNodes;
import tabla.server.socket.Connection;

/**
 * Who has each game's board open: every socket on /ws/games/{id} with its user (null for a visitor who is not
 * signed in) and seat (-1 for a spectator). Chat goes to parts of it; the spectator count comes from it and is
 * told to the whole room whenever it changes.
 */
public final class Audience {
  /**
   * One open board: where to send, who it is, from which seat they see the game, and whether its page asked for
   * the people around the game (chat and spectator counts: {@code ?chat=1} on the socket's URL). Every board
   * counts; only those that asked are sent these messages, so a program that only plays sees the game alone.
   */
  public record Member(Connection out, Long userId, int seat, boolean listens) {
    public boolean spectator() {
      return seat < 0;
    }

    String socketId() {
      return out.id();
    }

    /** Closes the socket with "service restart": the page reconnects, and reads what it shows afresh. */
    public void reconnect() {
      out.reconnect("messages may have been missed; reconnecting");
    }
  }

  /** {"type":"spectators","count":N}: how many people watch the game (players not counted). */
  public record SpectatorCount(String type, long gameId, int count) {
    SpectatorCount(long gameId, int count) {
      this("spectators", gameId, count);
    }
  }

  private final Map<Long, Map<String, Member>> byGame = new ConcurrentHashMap<>();
  private final OtherNodes others;

  /** {@code others}: the spectators on other nodes of a cluster count too ({@link OtherNodes#NONE} on one node). */
  public Audience(OtherNodes others) {
    this.others = others;
  }

  public void join(long gameId, Member m) {
    byGame.computeIfAbsent(gameId, k -> new ConcurrentHashMap<>()).put(m.socketId(), m);
    if (m.spectator()) tellCount(gameId);
    else if (m.listens()) m.out().send(Json.write(new SpectatorCount(gameId, spectators(gameId))));
  }

  public void leave(long gameId, String socketId) {
    Member[] gone = new Member[1];
    byGame.computeIfPresent(gameId, (k, room) -> {
      gone[0] = room.remove(socketId);
      return room.isEmpty() ? null : room;
    });
    if (gone[0] != null && gone[0].spectator()) tellCount(gameId);
  }

  public Collection<Member> of(long gameId) {
    Map<String, Member> room = byGame.get(gameId);
    return room == null ? List.of() : room.values();
  }

  /**
   * The people watching, on every node: each signed-in user once however many tabs they have open, each anonymous
   * socket once.
   */
  public int spectators(long gameId) {
    Set<Object> who = new HashSet<>();
    for (Member m : of(gameId)) {
      if (m.spectator()) who.add(m.userId() != null ? m.userId() : m.socketId());
    }
    int elsewhere = 0;
    for (NodeSummary.Spectators s : others.spectators(gameId)) {
      who.addAll(s.users());
      elsewhere += s.others();
    }
    return who.size() + elsewhere;
  }

  /** The spectators of each game watched on this node, as the other nodes count them. */
  public Map<Long, NodeSummary.Spectators> here() {
    Map<Long, NodeSummary.Spectators> out = new java.util.TreeMap<>(); // in order: the same spectators, the same summary
    for (Map.Entry<Long, Map<String, Member>> e : byGame.entrySet()) {
      Set<Long> users = new TreeSet<>();
      int others = 0;
      for (Member m : e.getValue().values()) {
        if (!m.spectator()) continue;
        if (m.userId() != null && users.size() < NodeSummary.Spectators.MAX_NAMED) users.add(m.userId());
        else if (m.userId() == null || !users.contains(m.userId())) others++;
      }
      if (!users.isEmpty() || others > 0) out.put(e.getKey(), new NodeSummary.Spectators(List.copyOf(users), others));
    }
    return out;
  }

  /** The spectators of these games changed on another node: the boards here that listen get the new count. */
  public void changedElsewhere(Set<Long> games) {
    for (long g : games) if (byGame.containsKey(g)) tellCount(g);
  }

  /** The boards open here that asked for chat and spectator counts. */
  public List<Member> listening() {
    return byGame.values().stream().flatMap(room -> room.values().stream()).filter(Member::listens).toList();
  }

  /** The games with at least one board open. */
  public Set<Long> games() {
    return Set.copyOf(byGame.keySet());
  }

  private void tellCount(long gameId) {
    String json = Json.write(new SpectatorCount(gameId, spectators(gameId)));
    for (Member m : of(gameId)) if (m.listens()) m.out().send(json);
  }
}
