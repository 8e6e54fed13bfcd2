package tabla.server.admin;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import io.javalin.http.HandlerType;
import io.javalin.router.JavalinDefaultRoutingApi;
import java.nio.file.Path;
import java.util.Map;
import tabla.server.kernel.ServerConfig;
import tabla.server.accounts.AccountChanges;
import tabla.server.accounts.AccountCode;
import tabla.server.accounts.Accounts;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;
import tabla.server.ops.Backup;
import tabla.server.ops.Housekeeping;
import tabla.server.kernel.RegistrationMode;
import tabla.server.kernel.SiteCode;
import tabla.server.ops.Sockets;

/**
 * The admin API (/api/admin/*: staff sessions, or the local admin token of the CLI), the site's notices
 * (/api/notices), a player's own password and account (/api/me/password, /api/me/delete), and the
 * registration mode around /api/register.
 */
public final class AdminRoutes {
  private static final String ACTOR = "tabla.actor";
  private static final String INVITATION = "tabla.invitation";

  /** What the admin routes act on. */
  public record Services(ServerConfig config, Moderation moderation, Notices notices, Shutdown shutdown,
      Sockets sockets, Housekeeping housekeeping, AccountChanges changes, AdminToken token,
      javax.sql.DataSource dataSource, tabla.server.accounts.Accounts accounts, java.time.Clock clock) {}

  private final Services s;

  public AdminRoutes(Services services) {
    this.s = services;
  }

  @SuppressWarnings({"rawtypes", "unchecked"})
  public void register(JavalinDefaultRoutingApi routes) {
    routes.before("/api/register", this::registrationAllowed);
    routes.after("/api/register", this::registrationDone);
    routes.before("/api/seeks", this::noNewGamesWhenStopping);
    routes.before("/api/seeks/*", this::noNewGamesWhenStopping);
    routes.before("/api/games/computer", this::noNewGamesWhenStopping);
    routes.get("/api/notices", ctx -> ctx.json(s.notices().view()));
    routes.get("/api/site", ctx -> ctx.json(Map.of("registration", s.config().site().registration().word())));
    routes.post("/api/me/password", ctx -> {
      Accounts.Session me = Auth.session(ctx);
      ObjectNode b = Json.body(ctx);
      s.changes().changePassword(me.user().id(), me.token(), Json.text(b, "old"), Json.text(b, "new"));
      s.accounts().sessionsChanged(me.user().id()); // its other sessions ended
      ctx.status(204);
    });
    routes.post("/api/me/delete", ctx -> {
      Accounts.Session me = Auth.session(ctx);
      s.changes().delete(me.user().id(), Json.text(Json.body(ctx), "password"));
      s.accounts().sessionsChanged(me.user().id());
      s.sockets().closeUser(me.user().id(), "account deleted");
      Auth.setCookie(ctx, "", 0);
      ctx.status(204);
    });

    routes.before("/api/admin/*", ctx -> ctx.attribute(ACTOR, staff(ctx, Role.MODERATOR)));
    routes.get("/api/admin/me", ctx -> ctx.json(Map.of("name", actor(ctx), "role", role(ctx).word())));
    routes.get("/api/admin/users", ctx -> ctx.json(Map.of("users", s.moderation().search(ctx.queryParam("q")))));
    routes.post("/api/admin/ban", ctx -> {
      ObjectNode b = Json.body(ctx);
      long id = s.moderation().ban(Json.text(b, "name"), b.path("reason").asText(""), actor(ctx));
      s.accounts().sessionsChanged(id);
      int closed = s.sockets().closeUser(id, "banned");
      ctx.json(Map.of("banned", Json.text(b, "name"), "socketsClosed", closed));
    });
    routes.post("/api/admin/unban", ctx -> {
      String name = Json.text(Json.body(ctx), "name");
      s.moderation().unban(name, actor(ctx));
      ctx.json(Map.of("unbanned", name));
    });
    routes.post("/api/admin/motd", ctx -> {
      s.notices().setMotd(Json.text(Json.body(ctx), "text"));
      ctx.json(Map.of("motd", s.notices().view().motd()));
    });
    routes.post("/api/admin/broadcast", ctx -> {
      Notices.Broadcast b = s.notices().broadcast(Json.text(Json.body(ctx), "text"));
      s.sockets().tellEveryone(Json.write(new Notices.BroadcastMessage(b)));
      ctx.json(Map.of("broadcast", b, "sockets", s.sockets().count()));
    });
    // Admins only from here on.
    routes.post("/api/admin/role", ctx -> {
      admin(ctx);
      ObjectNode b = Json.body(ctx);
      Role r = parseRole(Json.text(b, "role"));
      s.moderation().setRole(Json.text(b, "name"), r, actor(ctx));
      ctx.json(Map.of("name", Json.text(b, "name"), "role", r.word()));
    });
    routes.post("/api/admin/reset-password", ctx -> {
      admin(ctx);
      String name = Json.text(Json.body(ctx), "name");
      String password = s.moderation().resetPassword(name, actor(ctx));
      s.accounts().findByName(name).ifPresent(u -> s.accounts().sessionsChanged(u.id())); // its sessions ended
      ctx.json(Map.of("name", name, "password", password));
    });
    routes.post("/api/admin/invitations", ctx -> {
      admin(ctx);
      ctx.json(Map.of("code", s.moderation().newInvitation(actor(ctx))));
    });
    routes.post("/api/admin/purge", ctx -> {
      admin(ctx);
      ctx.json(s.housekeeping().run());
    });
    routes.post("/api/admin/shutdown", ctx -> {
      admin(ctx);
      ObjectNode b = Json.body(ctx);
      int seconds = shutdownSeconds(b.get("seconds"));
      String message = b.path("message").asText("The site restarts for maintenance.");
      ctx.json(Map.of("stopsAt", s.shutdown().begin(seconds, message, actor(ctx)).toString()));
    });
    routes.post("/api/admin/backup", ctx -> {
      admin(ctx);
      if (s.config().isPostgres()) throw ApiError.badRequest("this site runs on PostgreSQL: back it up with pg_dump (docs/operating.md)");
      ObjectNode b = Json.body(ctx);
      Backup.Format f;
      try {
        f = Backup.Format.valueOf(b.path("format").asText("ZIP"));
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest("format is ZIP or SQL");
      }
      // Only the local token may name a file (it runs as the server's user on its machine); the page gets the default.
      Path file = b.hasNonNull("file") && isToken(ctx) ? Path.of(b.get("file").asText())
          : Backup.newFile(s.config().site().dataDir().resolve("backups"), f, s.clock().instant());
      try {
        ctx.json(Map.of("file", Backup.write(s.dataSource(), file, f).toString()));
      } catch (IllegalArgumentException e) {
        throw ApiError.badRequest(e.getMessage());
      }
    });
  }

  // ---- who is asking ----

  private boolean isToken(Context ctx) {
    return s.token().matches(ctx.header(AdminToken.HEADER));
  }

  /** The actor's name for the log, after checking that they are at least {@code least}. */
  private String staff(Context ctx, Role least) {
    if (ctx.header(AdminToken.HEADER) != null) {
      if (!isToken(ctx)) {
        throw new ApiError(403, AdminCode.WRONG_TOKEN, Map.of(), "wrong admin token (the server writes a new one at each start)");
      }
      ctx.attribute("tabla.role", Role.ADMIN);
      return "local admin";
    }
    User u = Auth.session(ctx).user();
    Role r = s.moderation().role(u.id());
    if (r.ordinal() < least.ordinal()) throw needs(least);
    ctx.attribute("tabla.role", r);
    return u.name();
  }

  /** Who acts on an /api/admin request (its before-handler checked the role): a staff name or "local admin". */
  public static String actor(Context ctx) {
    return ctx.attribute(ACTOR);
  }

  private static Role role(Context ctx) {
    return ctx.attribute("tabla.role");
  }

  private static void admin(Context ctx) {
    if (role(ctx) != Role.ADMIN) throw needs(Role.ADMIN);
  }

  private static ApiError needs(Role least) {
    return new ApiError(403, AdminCode.NEEDS_ROLE, Map.of("role", least.word()), "this needs the " + least.word() + " role");
  }

  private static Role parseRole(String text) {
    try {
      return Role.parse(text);
    } catch (IllegalArgumentException e) {
      throw new ApiError(400, AdminCode.ROLE, Map.of(), e.getMessage());
    }
  }

  // ---- registration mode and shutdown ----

  private void registrationAllowed(Context ctx) {
    if (ctx.method() != HandlerType.POST) return;
    RegistrationMode mode = s.config().site().registration();
    if (mode == RegistrationMode.CLOSED) {
      throw new ApiError(403, AccountCode.REGISTRATION_CLOSED, Map.of(), "registration is closed on this site");
    }
    if (mode == RegistrationMode.INVITATION) {
      String code = ctx.queryParam("invitation");
      s.moderation().claimInvitation(code);
      ctx.attribute(INVITATION, code);
    }
  }

  private void registrationDone(Context ctx) {
    String code = ctx.attribute(INVITATION);
    if (code == null) return;
    if (ctx.statusCode() == 201) {
      s.moderation().invitationUsed(code, registeredName(ctx));
    } else {
      s.moderation().release(code);
    }
  }

  private static String registeredName(Context ctx) {
    try {
      return Json.MAPPER.readTree(ctx.result()).path("user").path("name").asText();
    } catch (Exception e) {
      return "";
    }
  }

  private void noNewGamesWhenStopping(Context ctx) {
    boolean newGame = ctx.path().equals("/api/seeks") || ctx.path().endsWith("/accept")
        || ctx.path().equals("/api/games/computer");
    if (ctx.method() == HandlerType.POST && newGame && s.shutdown().underway()) {
      throw new ApiError(503, SiteCode.RESTART_SOON, Map.of(), "the site restarts shortly: new games open again after the restart");
    }
  }

  /**
   * The shutdown's warning in seconds: 60 when not given, else a whole number within bounds. Read leniently, a
   * number past the int range wrapped round (to "now") and a word became the default (issue 30).
   */
  static int shutdownSeconds(com.fasterxml.jackson.databind.JsonNode n) {
    if (n == null || n.isNull()) return 60;
    if (!n.isIntegralNumber() || !n.canConvertToInt() || n.intValue() < 0 || n.intValue() > Shutdown.MAX_SECONDS) {
      throw ApiError.badRequest("seconds must be a whole number from 0 to " + Shutdown.MAX_SECONDS + ", not " + n);
    }
    return n.intValue();
  }
}
