package tabla.server.apidoc;

import io.javalin.config.RoutesConfig;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/**
 * /openapi.json: the OpenAPI 3.1 description of the whole HTTP API, a hand-kept file next to the code
 * ({@value #RESOURCE}); OpenApiTest fails when it and the registered routes disagree. The web page /api.html shows it.
 */
public final class OpenApiRoutes {
  static final String RESOURCE = "/tabla/server/openapi.json";
  private final byte[] description;

  public OpenApiRoutes() {
    try (InputStream in = OpenApiRoutes.class.getResourceAsStream(RESOURCE)) {
      if (in == null) throw new IllegalStateException(RESOURCE + " is missing from the server's jar");
      description = in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public void register(RoutesConfig r) {
    r.get("/openapi.json", ctx -> ctx.contentType("application/json").result(description));
  }
}
