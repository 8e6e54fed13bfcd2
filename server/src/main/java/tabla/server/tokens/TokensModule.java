package tabla.server.tokens;

import io.javalin.config.RoutesConfig;
import java.time.Clock;
import org.jdbi.v3.core.Jdbi;

/** Personal API tokens, wired once: the service (also the auth hook's {@code BearerTokens}) and its routes. */
public record TokensModule(ApiTokens tokens) {
  public static TokensModule wire(Jdbi jdbi, Clock clock) {
    return new TokensModule(new ApiTokens(new ApiTokenStore(jdbi), clock));
  }

  public void register(RoutesConfig r) {
    new TokenRoutes(tokens).register(r);
  }
}
