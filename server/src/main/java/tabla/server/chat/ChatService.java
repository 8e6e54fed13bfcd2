package tabla.server.chat;

import java.time.Clock;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.function.LongPredicate;
import java.util.function.ToIntBiFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.User;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.Json;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.watch.Audience;

/**
 * Chat: checks who may say what where, stores every message, and hands it to {@link ChatHub} for delivery.
 * Refusals change nothing: 400 for the text, 403 for who, 429 for too fast.
 */
public final class ChatService {
  private static final Logger SECURITY = LoggerFactory.getLogger("tabla.security");
  /** How many messages a channel's history holds when a page opens it. */
  public static final int HISTORY = 50;
  /** How many players one user can mute. */
  public static final int MAX_MUTES = 200;
  /** How many messages the moderators' list shows. */
  public static final int MODERATION_LIST = 100;

  private final ChatStore store;
  private final Clock clock;
  private final ChatLimit rate;
  private final Mutes mutes;
  private final ChatHub hub;
  private final ToIntBiFunction<Long, Long> seatOf;
  private final LongPredicate finished;
  private final OtherNodes others;

  /**
   * {@code seatOf(gameId, userId)}: the user's seat in the game, -1 when not a player (404 for no such game);
   * {@code finished}: whether the game is over.
   */
  public ChatService(ChatStore store, Clock clock, Audience audience, Supplier<Collection<Audience.Member>> lobby,
      ToIntBiFunction<Long, Long> seatOf, LongPredicate finished, OtherNodes others, ChatLimit rate) {
    this.store = store;
    this.clock = clock;
    this.rate = rate;
    this.mutes = new Mutes(store);
    this.others = others;
    this.hub = new ChatHub(audience, lobby, mutes, finished, others);
    this.seatOf = seatOf;
    this.finished = finished;
  }

  public ChatHub hub() {
    return hub;
  }

  /** Stores and delivers a message, or refuses it with the reason. */
  public ChatMessage say(User me, ChatChannel channel, String raw) {
    if (me.guest()) throw Refused.of(Refused.Kind.FORBIDDEN, ChatCode.GUEST, "register to chat: guests can read but not write");
    if (!ChatAccess.mayWrite(channel, seat(channel, me.id()))) {
      throw channel instanceof ChatChannel.Players
          ? Refused.of(Refused.Kind.FORBIDDEN, ChatCode.PLAYERS_WRITE, "only the two players write in the players' chat")
          : Refused.of(Refused.Kind.FORBIDDEN, ChatCode.SPECTATORS_WRITE, "the players cannot write in the spectators' chat");
    }
    store.silenced(me.id()).ifPresent(reason -> {
      throw reason.isBlank() ? Refused.of(Refused.Kind.FORBIDDEN, ChatCode.MUTED, "a moderator muted you in chat")
          : Refused.of(Refused.Kind.FORBIDDEN, ChatCode.MUTED_BECAUSE, "a moderator muted you in chat: " + reason,
              Map.of("reason", reason));
    });
    String text = ChatText.check(raw);
    long wait = rate.take(me.id());
    if (wait > 0) {
      long seconds = (wait + 999) / 1000;
      throw Refused.of(Refused.Kind.TOO_MANY, ChatCode.TOO_FAST, "you write too fast: at most " + ChatRate.MAX_MESSAGES
          + " messages in " + ChatRate.WINDOW_MILLIS / 1000 + " s; try again in " + seconds + " s", Map.of("seconds", seconds));
    }
    ChatMessage m = store.insert(channel, me.id(), me.name(), text, clock.instant());
    hub.publish(channel, m);
    return m;
  }

  /** The latest messages of a channel that {@code reader} (null: not signed in) may read, without the muted. */
  public List<ChatMessage> history(User reader, ChatChannel channel) {
    Long uid = reader == null ? null : reader.id();
    boolean over = channel.gameId().map(finished::test).orElse(false);
    if (!ChatAccess.mayRead(channel, uid == null ? -1 : seat(channel, uid), over)) {
      throw channel instanceof ChatChannel.Players
          ? Refused.of(Refused.Kind.FORBIDDEN, ChatCode.PLAYERS_READ, "the players' chat is theirs alone")
          : Refused.of(Refused.Kind.FORBIDDEN, ChatCode.SPECTATORS_READ, "the players read the spectators' chat when the game is over");
    }
    return visible(uid, store.recent(channel, HISTORY));
  }

  /** Sends a page that has just opened the site socket the lobby chat's history. */
  public void greet(Audience.Member page) {
    page.out().send(Json.write(new ChatHub.History("lobby", historyFor(page.userId(), -1, ChatChannel.LOBBY))));
  }

  /** The history for a socket that has just opened, as the reader's seat allows (none when it may not read). */
  public List<ChatMessage> historyFor(Long reader, int seat, ChatChannel channel) {
    boolean over = channel.gameId().map(finished::test).orElse(false);
    return ChatAccess.mayRead(channel, seat, over) ? visible(reader, store.recent(channel, HISTORY)) : List.of();
  }

  private List<ChatMessage> visible(Long reader, List<ChatMessage> messages) {
    return messages.stream().filter(m -> !mutes.muted(reader, m.authorId())).toList();
  }

  private int seat(ChatChannel channel, long userId) {
    return channel.gameId().map(g -> seat(g, userId)).orElse(-1);
  }

  /** A user's seat in a game (-1: not a player, or not signed in); 404 when there is no such game. */
  public int seat(long gameId, Long userId) {
    return seatOf.applyAsInt(gameId, userId);
  }

  // ---- a player's mutes ----

  public List<String> mutes(User me) {
    return store.mutedNames(me.id());
  }

  public void mute(User me, User other) {
    if (other.id() == me.id()) throw Refused.of(Refused.Kind.INVALID, ChatCode.MUTE_SELF, "you cannot mute yourself");
    if (store.countMutes(me.id()) >= MAX_MUTES) {
      throw Refused.of(Refused.Kind.INVALID, ChatCode.MUTE_LIMIT, "you can mute at most " + MAX_MUTES + " players", Map.of("max", MAX_MUTES));
    }
    store.mute(me.id(), other.id());
    mutesChanged(me.id());
  }

  public void unmute(User me, User other) {
    store.unmute(me.id(), other.id());
    mutesChanged(me.id());
  }

  private void mutesChanged(long user) {
    mutes.changed(user);
    others.tell(new SiteNotice.MutesChanged(user));
  }

  /** What another node of a cluster said about chat: its readers here get it. */
  public void heard(SiteNotice n) {
    if (n instanceof SiteNotice.Chat c) hub.publishHere(ChatChannel.ofKey(c.channel()), Json.MAPPER.convertValue(c.message(), ChatMessage.class));
    else if (n instanceof SiteNotice.ChatDeleted d) hub.deletedHere(ChatChannel.ofKey(d.channel()), d.id());
    else if (n instanceof SiteNotice.MutesChanged m) mutes.changed(m.user());
  }

  // ---- moderators ----

  public List<ChatStore.Stored> latest(Long authorId) {
    return store.latest(authorId, MODERATION_LIST);
  }

  /** Deletes a message (kept in the table, marked) and tells its readers' pages to remove it. */
  public void delete(long id, Long actorId, String actor) {
    ChatStore.Stored s = store.find(id).orElseThrow(() -> Refused.notFound("chat message " + id));
    if (!store.delete(id, actorId, clock.instant())) throw Refused.invalid("chat message " + id + " is already deleted");
    SECURITY.info("chat message {} of '{}' deleted by {}", id, s.message().author(), actor);
    hub.deleted(ChatChannel.ofKey(s.channelKey()), id);
  }

  public void silence(User user, String reason, String actor) {
    String why = reason == null ? "" : reason.strip();
    if (why.length() > 500) throw Refused.invalid("a reason has at most 500 characters");
    store.silence(user.id(), why, actor.length() > 40 ? actor.substring(0, 40) : actor);
    SECURITY.info("'{}' muted in chat by {}{}", user.name(), actor, why.isEmpty() ? "" : ": " + why);
  }

  public void unsilence(User user, String actor) {
    if (!store.unsilence(user.id())) throw Refused.invalid(user.name() + " is not muted in chat");
    SECURITY.info("'{}' unmuted in chat by {}", user.name(), actor);
  }
}
