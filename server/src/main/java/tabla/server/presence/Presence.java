package tabla.server.presence;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongPredicate;
import tabla.server.kernel.http.Json;
import tabla.server.site.OnlineState;
import tabla.server.site.OtherNodes;
import tabla.server.socket.Connection;
import tabla.server.site.SiteNotice;
import tabla.server.watch.Audience;

/**
 * Who is on the site: every page of a signed-in user keeps the site socket (/ws/site) open, and every board keeps
 * its game socket ({@link Audience}). A user is online while either is open; playing while seated at a game that
 * is not over with its board open; away when every page of theirs is hidden; idle otherwise. Personal notices
 * (a seek accepted, an invitation) go to all the user's pages at once.
 */
public final class Presence {
  /** One page's site socket, and whether that page is hidden now. */
  private static final class Page {
    final Audience.Member member;
    volatile boolean away;
    /** The one tournament this page shows (0: none): its changes are pushed here. One per page bounds it. */
    volatile long tournament;

    Page(Audience.Member member) {
      this.member = member;
    }
  }

  private final Map<String, Page> pages = new ConcurrentHashMap<>();
  private final Audience audience;
  private final LongPredicate finished;
  private final OtherNodes others;
  private volatile Door door = Door.NONE;

  /**
   * Users signed in through another door than a page (the FIBS door's CLIP connections): they count as online, and
   * the personal notices for them (an invitation, a seek accepted) are handed to the door.
   */
  public interface Door {
    Door NONE = new Door() {
      public Map<Long, OnlineState> online() {
        return Map.of();
      }

      public void tell(long userId, JsonNode message) {}
    };

    /** The door's users now, with their state. */
    Map<Long, OnlineState> online();

    /** A notice for a user (the door ignores those of users it does not have); must not block. */
    void tell(long userId, JsonNode message);
  }

  /** {@code others}: the pages on other nodes of a cluster, told and counted too ({@link OtherNodes#NONE} on one node). */
  public Presence(Audience audience, LongPredicate finished, OtherNodes others) {
    this.audience = audience;
    this.finished = finished;
    this.others = others;
  }

  /** The one other door (set once, when the FIBS door opens). */
  public void door(Door d) {
    door = d;
  }

  public void join(Connection out, Long userId) {
    pages.put(out.id(), new Page(new Audience.Member(out, userId, -1, true)));
  }

  public void leave(String socketId) {
    pages.remove(socketId);
  }

  /** The page said it is hidden (true) or shown again (false). */
  public void away(String socketId, boolean away) {
    Page p = pages.get(socketId);
    if (p != null) p.away = away;
  }

  /** The page shows tournament {@code id} now (and no other one). */
  public void watchTournament(String socketId, long id) {
    Page p = pages.get(socketId);
    if (p != null) p.tournament = id;
  }

  /** Sends {@code message} to every page showing tournament {@code id}, on every node. */
  public void tellWatching(long id, Object message) {
    JsonNode m = Json.MAPPER.valueToTree(message);
    tellWatchingHere(id, m);
    others.tell(new SiteNotice.ToTournamentPages(id, m));
  }

  /** Sends {@code message} to the pages on this node showing tournament {@code id}. */
  public void tellWatchingHere(long id, JsonNode message) {
    String json = Json.write(message);
    for (Page p : pages.values()) if (p.tournament == id) p.member.out().send(json);
  }

  /** Every open page (the lobby chat is read on all of them). */
  public Collection<Audience.Member> everyone() {
    return pages.values().stream().map(p -> p.member).toList();
  }

  /** Sends {@code message} to every page the user has open, on every node. */
  public void tell(long userId, Object message) {
    JsonNode m = Json.MAPPER.valueToTree(message);
    tellHere(userId, m);
    others.tell(new SiteNotice.ToUser(userId, m));
  }

  /** Sends {@code message} to the pages the user has open on this node. */
  public void tellHere(long userId, JsonNode message) {
    String json = Json.write(message);
    for (Page p : pages.values()) if (Long.valueOf(userId).equals(p.member.userId())) p.member.out().send(json);
    door.tell(userId, message);
  }

  /**
   * The signed-in users online now on every node, each with their state: playing on any node wins, then idle
   * (a page shown somewhere), then away.
   */
  public Map<Long, OnlineState> states() {
    Map<Long, OnlineState> out = pagesHere();
    others.online().forEach((user, state) -> out.merge(user, state, (x, y) -> rank(x) >= rank(y) ? x : y));
    Map<Long, Set<Long>> seated = new java.util.HashMap<>(seatedHere());
    others.seated().forEach((game, users) -> seated.computeIfAbsent(game, g -> new HashSet<>()).addAll(users));
    seated.forEach((game, users) -> {
      if (!finished.test(game)) users.forEach(u -> out.put(u, OnlineState.PLAYING));
    });
    return out;
  }

  private static int rank(OnlineState s) {
    return switch (s) {
      case PLAYING -> 2;
      case IDLE -> 1;
      case AWAY -> 0;
    };
  }

  /**
   * The signed-in users with a page open on this node (idle when one of them is shown, else away), and the users of
   * the other door here ({@link Door}), as it says.
   */
  public Map<Long, OnlineState> pagesHere() {
    Map<Long, OnlineState> out = new java.util.TreeMap<>(); // in order: the same people write the same summary
    Set<Long> shown = new HashSet<>();
    for (Page p : pages.values()) {
      Long u = p.member.userId();
      if (u == null) continue;
      out.putIfAbsent(u, OnlineState.AWAY);
      if (!p.away) shown.add(u);
    }
    for (Long u : shown) out.put(u, OnlineState.IDLE);
    door.online().forEach((u, state) -> out.merge(u, state, (x, y) -> rank(x) >= rank(y) ? x : y));
    return out;
  }

  /**
   * The players with a game's board open on this node, by game. Whether each game is over is asked only when the
   * online list is read (it may be a read of the database), never for the summary the other nodes are sent.
   */
  public Map<Long, Set<Long>> seatedHere() {
    Map<Long, Set<Long>> out = new java.util.TreeMap<>();
    for (long game : audience.games()) {
      for (Audience.Member m : audience.of(game)) {
        if (m.seat() >= 0 && m.userId() != null) out.computeIfAbsent(game, g -> new java.util.TreeSet<>()).add(m.userId());
      }
    }
    return out;
  }
}
