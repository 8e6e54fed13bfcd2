package tabla.server.presence;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.Json;
import tabla.server.lobby.SeekStore;
import tabla.server.site.OnlineState;
import tabla.server.ratings.RatingRoutes;
import tabla.server.socket.Connection;
import tabla.server.socket.SocketSubscribers;
import tabla.server.ratings.VariantRatings;
import tabla.server.tournaments.TournamentFeed;
import tabla.server.watch.Audience;

/**
 * The site socket (/ws/site), the online list (/api/online), and the notices a user gets wherever they are: a seek
 * of theirs accepted, an invitation for them.
 */
public final class PresenceRoutes {
  /** The online list shows at most this many players (staff and friends first would be the next refinement). */
  public static final int MAX_LISTED = 100;

  private final Presence presence;
  private final Accounts accounts;
  private final SeekStore seeks;
  private final Consumer<Audience.Member> greet;
  private final VariantRatings ratings;
  private final TournamentFeed.Watch watching;

  /**
   * {@code greet}: what a page gets when its site socket opens (the lobby chat's history); {@code ratings}: the
   * players' ratings in the variant the viewer picks; {@code watching}: what a page that watches a tournament gets
   * first (the whole of it; its changes follow).
   */
  public PresenceRoutes(Presence presence, Accounts accounts, SeekStore seeks, Consumer<Audience.Member> greet,
      VariantRatings ratings, TournamentFeed.Watch watching) {
    this.watching = watching;
    this.presence = presence;
    this.accounts = accounts;
    this.seeks = seeks;
    this.greet = greet;
    this.ratings = ratings;
  }

  /** A line of the online list: the player's rating in the variant asked for. */
  public record Online(String name, VariantRatings.Rating rating, OnlineState state) {}

  /** The online list: at most {@link #MAX_LISTED} players, by name, of {@code total} online. */
  public record OnlineList(String variant, List<Online> players, int total) {}

  /**
   * {"type":"seekAccepted","seekId":N,"gameId":N,"by":NAME}: told to the seek's creator on every page; the page that
   * made seek N goes to the board, the others only say so.
   */
  public record SeekAccepted(String type, long seekId, long gameId, String by) {
    public SeekAccepted(long seekId, long gameId, String by) {
      this("seekAccepted", seekId, gameId, by);
    }
  }

  /** {"type":"invited","seekId":N,"by":NAME}: told to the invited player on every page. */
  public record Invited(String type, long seekId, String by) {
    public Invited(long seekId, String by) {
      this("invited", seekId, by);
    }
  }

  /**
   * A page's message on the site socket: {"type":"away"} when it is hidden, {"type":"here"} when shown,
   * {"type":"watchTournament","id":N} when it shows tournament N (its changes are pushed to it).
   */
  record PageState(String type, Long id) {}

  /** The site socket's side of presence: the page joins the online list and gets the lobby chat's history. */
  public SocketSubscribers.OfSite siteSocket() {
    return new SocketSubscribers.OfSite() {
      @Override
      public void opened(Connection c) {
        presence.join(c, c.user());
        greet.accept(new Audience.Member(c, c.user(), -1, true));
      }

      @Override
      public void message(Connection c, String text) {
        received(c, text);
      }

      @Override
      public void closed(Connection c) {
        presence.leave(c.id());
      }
    };
  }

  public void register(RoutesConfig r) {
    r.get("/api/online", this::online);
    r.after("/api/seeks/{id}/accept", this::accepted);
    r.after("/api/seeks", this::created);
    // a bot's challenges are the lobby's invitations too (docs/api.md "Bots"): told the same way, so a person (on a
    // page or on the FIBS door) hears a bot's invitation, and that a bot accepted his, at once
    r.after("/api/bot/challenge/{id}/accept", this::accepted);
    r.after("/api/bot/challenge", this::challenged);
  }

  private void received(Connection out, String text) {
    if (!out.allowInbound(System.currentTimeMillis())) {
      out.closeFlooding();
      return;
    }
    try {
      PageState m = Json.MAPPER.readValue(text, PageState.class);
      String type = m.type();
      if ("away".equals(type) || "here".equals(type)) presence.away(out.id(), "away".equals(type));
      if ("watchTournament".equals(type) && m.id() != null) {
        presence.watchTournament(out.id(), m.id());
        watching.watching(m.id(), whole -> out.send(Json.write(whole))); // the whole: a reconnect may have missed changes
      }
    } catch (Exception e) {
      // anything else is ignored: the socket only says whether the page is shown and which tournament it shows
    }
  }

  private void online(Context ctx) {
    Auth.session(ctx);
    String variant = RatingRoutes.variant(Optional.ofNullable(ctx.queryParam("variant")).orElse("backgammon"));
    record Here(User user, OnlineState state) {}
    List<Here> here = new ArrayList<>();
    for (Map.Entry<Long, OnlineState> e : presence.states().entrySet()) {
      Optional<User> u = accounts.find(e.getKey());
      // guests play only the computer: nobody could invite them, so the list leaves them out
      u.filter(user -> !user.guest()).ifPresent(user -> here.add(new Here(user, e.getValue())));
    }
    here.sort(Comparator.comparing((Here o) -> o.user().name().toLowerCase(java.util.Locale.ROOT)));
    List<Here> shown = here.size() > MAX_LISTED ? here.subList(0, MAX_LISTED) : here;
    Map<Long, VariantRatings.Rating> rated = ratings.of(shown.stream().map(o -> o.user().id()).toList(), variant);
    List<Online> list = shown.stream().map(o -> new Online(o.user().name(), rated.get(o.user().id()), o.state())).toList();
    ctx.json(new OnlineList(variant, list, here.size()));
  }

  /** After a seek was accepted: its creator's pages are told at once, wherever they are. */
  private void accepted(Context ctx) {
    if (ctx.statusCode() != 200) return;
    User acceptor = Auth.userOrNull(ctx);
    long seek = Long.parseLong(ctx.pathParam("id"));
    seeks.accepted(seek)
        .ifPresent(s -> presence.tell(s.creator(), new SeekAccepted(seek, s.gameId(), acceptor == null ? "?" : acceptor.name())));
  }

  /** After a bot's challenge was made: the challenged player's pages are told at once, as for a person's invitation. */
  private void challenged(Context ctx) {
    if (ctx.statusCode() != 201) return;
    User bot = Auth.userOrNull(ctx);
    long seek;
    try {
      seek = Json.MAPPER.readTree(ctx.result()).path("challenge").path("id").asLong(0);
    } catch (Exception e) {
      return;
    }
    if (seek > 0) {
      seeks.invitee(seek).ifPresent(invitee -> presence.tell(invitee, new Invited(seek, bot == null ? "?" : bot.name())));
    }
  }

  /** After an invitation was made: the invited player's pages are told at once. */
  private void created(Context ctx) {
    User creator = Auth.userOrNull(ctx);
    tabla.server.lobby.LobbyRoutes.createdSeek(ctx).ifPresent(seek -> seeks.invitee(seek)
        .ifPresent(invitee -> presence.tell(invitee, new Invited(seek, creator == null ? "?" : creator.name()))));
  }

}
