package tabla.server.chat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.admin.AdminRoutes;
import tabla.server.games.GameRoutes;
import tabla.server.kernel.Refused;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;
import tabla.server.socket.GameSocket;
import tabla.server.socket.SocketSubscribers;
import tabla.server.watch.Audience;

/**
 * Chat over HTTP (a message is sent with a POST, like every action) and its delivery over the sockets: the game's
 * socket (/ws/games/{id}) and the site socket that every page keeps open (/ws/site, see Presence). The
 * moderators' part lives under /api/admin/chat.
 */
public final class ChatRoutes {
  private final ChatService chat;
  private final Accounts accounts;
  private final Audience audience;
  private final java.util.function.LongPredicate staff;

  /** {@code staff}: whether a user (by id) is a moderator or admin (their pages show Delete beside each message). */
  public ChatRoutes(ChatService chat, Accounts accounts, Audience audience, java.util.function.LongPredicate staff) {
    this.chat = chat;
    this.accounts = accounts;
    this.audience = audience;
    this.staff = staff;
  }

  record Sent(ChatMessage message) {}

  record Messages(String channel, java.util.List<ChatMessage> messages) {}

  public void register(RoutesConfig r) {
    r.get("/api/chat/lobby", ctx -> ctx.json(new Messages("lobby", chat.history(Auth.userOrNull(ctx), ChatChannel.LOBBY))));
    r.post("/api/chat/lobby", ctx -> say(ctx, ChatChannel.LOBBY));
    r.get("/api/games/{id}/chat/{side}", ctx -> {
      ChatChannel c = gameChannel(ctx);
      ctx.json(new Messages(c.side(), chat.history(Auth.userOrNull(ctx), c)));
    });
    r.post("/api/games/{id}/chat/{side}", ctx -> say(ctx, gameChannel(ctx)));

    r.get("/api/me/mutes", ctx -> {
      User me = Auth.session(ctx).user();
      ctx.json(Map.of("mutes", chat.mutes(me), "staff", staff.test(me.id())));
    });
    r.post("/api/me/mutes", ctx -> {
      chat.mute(Auth.session(ctx).user(), user(Json.text(Json.body(ctx), "name")));
      ctx.json(Map.of("mutes", chat.mutes(Auth.session(ctx).user())));
    });
    r.delete("/api/me/mutes/{name}", ctx -> {
      chat.unmute(Auth.session(ctx).user(), user(ctx.pathParam("name")));
      ctx.json(Map.of("mutes", chat.mutes(Auth.session(ctx).user())));
    });

    // /api/admin/* is for staff only (AdminRoutes checks the role, or the CLI's local token, before these run)
    r.get("/api/admin/chat", ctx -> {
      String name = ctx.queryParam("name");
      Long author = name == null || name.isBlank() ? null : user(name).id();
      ctx.json(Map.of("messages", chat.latest(author)));
    });
    r.post("/api/admin/chat/delete", ctx -> {
      JsonNode id = Json.body(ctx).get("id");
      if (id == null || !id.canConvertToLong()) throw ApiError.badRequest("'id' (the message's number) is required");
      User actor = Auth.userOrNull(ctx);
      chat.delete(id.asLong(), actor == null ? null : actor.id(), AdminRoutes.actor(ctx));
      ctx.json(Map.of("deleted", id.asLong()));
    });
    r.post("/api/admin/chat/mute", ctx -> {
      ObjectNode b = Json.body(ctx);
      User u = user(Json.text(b, "name"));
      chat.silence(u, b.path("reason").asText(""), AdminRoutes.actor(ctx));
      ctx.json(Map.of("muted", u.name()));
    });
    r.post("/api/admin/chat/unmute", ctx -> {
      User u = user(Json.text(Json.body(ctx), "name"));
      chat.unsilence(u, AdminRoutes.actor(ctx));
      ctx.json(Map.of("unmuted", u.name()));
    });
  }

  private void say(Context ctx, ChatChannel channel) {
    String text = Json.text(Json.body(ctx), "text");
    ctx.status(201).json(new Sent(chat.say(Auth.session(ctx).user(), channel, text)));
  }

  private static ChatChannel gameChannel(Context ctx) {
    long id = GameRoutes.parseId(ctx.pathParam("id"));
    return ChatChannel.ofGame(id, ctx.pathParam("side"))
        .orElseThrow(() -> ApiError.notFound("chat '" + ctx.pathParam("side") + "' (it is 'players' or 'spectators')"));
  }

  private User user(String name) {
    return accounts.findByName(name).orElseThrow(() -> Accounts.noPlayer(name));
  }

  /**
   * The game socket's side of chat: an opened board joins the game's audience, and when it asked for chat
   * ({@code ?chat=1}) it gets the history of each channel it may read.
   */
  public SocketSubscribers.OfGames gameSocket() {
    return new SocketSubscribers.OfGames() {
      @Override
      public void opened(GameSocket s) {
        long id = s.game();
        Long uid = s.user();
        int seat;
        try {
          seat = chat.seat(id, uid);
        } catch (ApiError | Refused e) {
          return; // no such game: the game's own subscriber says so
        }
        Audience.Member m = new Audience.Member(s.out(), uid, seat, s.chat());
        audience.join(id, m);
        if (m.listens()) for (ChatChannel ch : new ChatChannel[] {new ChatChannel.Players(id), new ChatChannel.Spectators(id)}) {
          m.out().send(Json.write(new ChatHub.History(ch.side(), chat.historyFor(uid, seat, ch))));
        }
      }

      @Override
      public void closed(GameSocket s) {
        audience.leave(s.game(), s.out().id());
      }
    };
  }
}
