package tabla.server.chat;

import java.util.Collection;
import java.util.List;
import java.util.function.Supplier;
import java.util.function.LongPredicate;
import tabla.server.kernel.http.Json;
import tabla.server.site.OtherNodes;
import tabla.server.site.SiteNotice;
import tabla.server.watch.Audience;

/**
 * Sends chat to the sockets that may read it: the lobby's sockets, or the part of a game's audience the channel
 * is for ({@link ChatAccess}), skipping every reader who muted the author.
 */
public final class ChatHub {
  /** {"type":"chat","message":MESSAGE}: one new message. */
  public record Said(String type, ChatMessage message) {
    Said(ChatMessage message) {
      this("chat", message);
    }
  }

  /** {"type":"chatHistory","channel":C,"messages":[…]}: the latest messages of a channel, oldest first. */
  public record History(String type, String channel, List<ChatMessage> messages) {
    History(String channel, List<ChatMessage> messages) {
      this("chatHistory", channel, messages);
    }
  }

  /** {"type":"chatDeleted","channel":C,"id":N}: a moderator removed that message. */
  public record Deleted(String type, String channel, long id) {
    Deleted(String channel, long id) {
      this("chatDeleted", channel, id);
    }
  }

  private final Audience audience;
  private final Mutes mutes;
  private final LongPredicate finished;
  private final Supplier<Collection<Audience.Member>> lobby;
  private final OtherNodes others;
  /** Readers of the lobby chat that are no page (the FIBS door's shouts); each must not block. */
  private final List<java.util.function.Consumer<ChatMessage>> lobbyReaders = new java.util.concurrent.CopyOnWriteArrayList<>();

  /**
   * {@code lobby}: every open page of the site (they all read the lobby chat); {@code finished}: whether a game is
   * over; {@code others}: the other nodes of a cluster, whose readers get each message through them.
   */
  ChatHub(Audience audience, Supplier<Collection<Audience.Member>> lobby, Mutes mutes, LongPredicate finished,
      OtherNodes others) {
    this.audience = audience;
    this.lobby = lobby;
    this.mutes = mutes;
    this.finished = finished;
    this.others = others;
  }

  /** {@code reader} hears every lobby message said on any node from now on (the FIBS door: one reader). */
  public void readLobby(java.util.function.Consumer<ChatMessage> reader) {
    lobbyReaders.add(reader);
  }

  /** To the readers on every node. */
  void publish(ChatChannel channel, ChatMessage message) {
    publishHere(channel, message);
    others.tell(new SiteNotice.Chat(channel.key(), Json.MAPPER.valueToTree(message)));
  }

  /** To the readers on this node. */
  void publishHere(ChatChannel channel, ChatMessage message) {
    String json = Json.write(new Said(message));
    for (Audience.Member m : readers(channel)) {
      if (!mutes.muted(m.userId(), message.authorId())) m.out().send(json);
    }
    if (channel.gameId().isEmpty()) for (var r : lobbyReaders) r.accept(message);
  }

  void deleted(ChatChannel channel, long id) {
    deletedHere(channel, id);
    others.tell(new SiteNotice.ChatDeleted(channel.key(), id));
  }

  void deletedHere(ChatChannel channel, long id) {
    String json = Json.write(new Deleted(channel.side(), id));
    for (Audience.Member m : readers(channel)) m.out().send(json);
  }

  private Iterable<Audience.Member> readers(ChatChannel channel) {
    if (channel.gameId().isEmpty()) return lobby.get();
    long game = channel.gameId().get();
    boolean over = finished.test(game);
    return audience.of(game).stream().filter(m -> m.listens() && ChatAccess.mayRead(channel, m.seat(), over)).toList();
  }
}
