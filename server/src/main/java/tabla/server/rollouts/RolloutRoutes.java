package tabla.server.rollouts;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;

/**
 * /api/rollouts: ask for the rollout of a position (a background job), list mine, follow one's progress and figures,
 * cancel one. Only the owner sees or cancels a rollout. Changes need a session's CSRF header or a token with the play
 * scope, as any change.
 */
final class RolloutRoutes {
  private final Rollouts rollouts;

  RolloutRoutes(Rollouts rollouts) {
    this.rollouts = rollouts;
  }

  void register(RoutesConfig r) {
    r.post("/api/rollouts", ctx -> ctx.status(202).json(rollouts.start(me(ctx), Json.body(ctx))));
    r.get("/api/rollouts", ctx -> ctx.json(Map.of("rollouts", rollouts.list(me(ctx)))));
    r.get("/api/rollouts/{id}", ctx -> ctx.json(rollouts.view(me(ctx), id(ctx))));
    r.post("/api/rollouts/{id}/cancel", ctx -> ctx.json(rollouts.cancel(me(ctx), id(ctx))));
  }

  private static User me(Context ctx) {
    return Auth.session(ctx).user();
  }

  private static long id(Context ctx) {
    return PathId.read(ctx, "rollout");
  }
}
