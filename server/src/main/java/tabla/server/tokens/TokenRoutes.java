package tabla.server.tokens;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;

/**
 * /api/tokens: the signed-in member's personal API tokens (create, list, revoke). Only a cookie session reaches these
 * (no token manages tokens: {@link Scope}), so its CSRF header is checked as for any change.
 */
public final class TokenRoutes {
  private final ApiTokens tokens;

  public TokenRoutes(ApiTokens tokens) {
    this.tokens = tokens;
  }

  public void register(RoutesConfig r) {
    r.get("/api/tokens", ctx -> ctx.json(Map.of("tokens", tokens.list(me(ctx)))));
    r.post("/api/tokens", this::create);
    r.delete("/api/tokens/{id}", ctx -> {
      tokens.revoke(me(ctx), id(ctx));
      ctx.status(204);
    });
  }

  private void create(Context ctx) {
    ObjectNode body = Json.body(ctx);
    JsonNode scopes = body.get("scopes");
    if (scopes == null || !scopes.isArray()) throw ApiError.badRequest("scopes must be a list: read, play, bot");
    List<String> words = new ArrayList<>();
    for (JsonNode s : scopes) {
      if (!s.isTextual() || words.size() == 3) throw ApiError.badRequest("scopes must be a list: read, play, bot");
      words.add(s.asText());
    }
    ApiTokens.Created made = tokens.create(me(ctx), Json.text(body, "name"), words);
    ctx.status(201).json(Map.of("token", made.token(), "secret", made.secret()));
  }

  private static User me(Context ctx) {
    return Auth.session(ctx).user();
  }

  private static long id(Context ctx) {
    return PathId.read(ctx, "API token");
  }
}
