package tabla.server.records;

import io.javalin.config.RoutesConfig;
import io.javalin.http.Context;
import java.util.Map;
import tabla.server.accounts.Auth;
import tabla.server.accounts.User;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.PathId;
import tabla.server.kernel.http.Json;

/**
 * /api/records: upload a match record (the body is the file's text, {@code ?format=} names it or it is told from the
 * text), list mine, read one as a match, delete it; its analysis as a background job (start, status and result).
 * Changes need a session's CSRF header or a token with the play scope, as any change.
 */
public final class RecordRoutes {
  private final Records records;
  private final RecordAnalyses analyses;

  public RecordRoutes(Records records, RecordAnalyses analyses) {
    this.records = records;
    this.analyses = analyses;
  }

  public void register(RoutesConfig r) {
    r.post("/api/records", ctx -> ctx.status(201)
        .json(records.upload(me(ctx), ctx.queryParam("format"), Json.bodyText(ctx, Records.MAX_BYTES))));
    r.get("/api/records", ctx -> ctx.json(records.list(me(ctx), number(ctx.queryParam("page"), 0, "page"))));
    r.get("/api/records/{id}", ctx -> ctx.json(records.view(id(ctx))));
    r.delete("/api/records/{id}", ctx -> {
      records.delete(me(ctx), id(ctx));
      ctx.status(204);
    });
    r.post("/api/records/{id}/analysis", ctx -> ctx.status(202).json(analyses.start(me(ctx), id(ctx),
        number(ctx.queryParam("plies"), RecordAnalyses.DEFAULT_PLIES, "plies"))));
    r.get("/api/records/{id}/analysis", ctx -> ctx.json(analyses.status(id(ctx))));
  }

  private static User me(Context ctx) {
    return Auth.session(ctx).user();
  }

  private static int number(String text, int dflt, String name) {
    if (text == null || text.isBlank()) return dflt;
    try {
      return Integer.parseInt(text.strip());
    } catch (NumberFormatException e) {
      throw ApiError.badRequest(name + " must be a whole number");
    }
  }

  private static long id(Context ctx) {
    return PathId.read(ctx, "record");
  }
}
