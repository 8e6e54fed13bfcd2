package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The OpenAPI description (/openapi.json) and the routes the server registers agree both ways: a route nobody
 * documented fails, and so does a documented route the server does not have.
 */
class OpenApiTest {
  private static final Set<String> METHODS = Set.of("get", "post", "put", "patch", "delete", "head", "options");
  private static final Pattern PARAM = Pattern.compile("\\{(\\w+)}");

  @Test
  void theDescriptionNamesEveryRegisteredRouteAndNoOther() throws IOException {
    try (TablaServer server = TestServers.start(TestDb.H2)) {
      List<String> registered = server.httpRoutes();
      assertThat(registered).as("Javalin's list is read at all").contains("GET /api/me", "POST /api/tokens");
      ApiClient c = new ApiClient(server.port());
      ApiClient.Resp served = c.get("/openapi.json");
      assertThat(served.status()).isEqualTo(200);
      assertThat(served.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
      assertThat(served.json()).isEqualTo(resource());
      assertThat(served.json().get("openapi").asText()).isEqualTo("3.1.0");
      assertThat(differences(registered, served.json())).isEmpty();
    }
  }

  /** The comparison itself can fail, either way (the test above would pass on an always-empty comparison). */
  @Test
  void anUndocumentedRouteOrAMissingOneIsADifference() throws IOException {
    JsonNode doc = resource();
    List<String> documented = documented(doc);
    assertThat(documented).hasSizeGreaterThan(70);
    List<String> more = new ArrayList<>(documented);
    more.add("POST /api/undocumented/{id}");
    assertThat(differences(more, doc)).containsExactly("registered but not documented: POST /api/undocumented/{id}");
    List<String> fewer = new ArrayList<>(documented);
    fewer.remove("DELETE /api/tokens/{id}");
    assertThat(differences(fewer, doc)).containsExactly("documented but not registered: DELETE /api/tokens/{id}");
  }

  /** The error schema names every refusal code the server can send, and no other (docs/api.md has their table). */
  @Test
  void theErrorSchemaListsEveryRefusalCode() throws IOException {
    JsonNode error = resource().get("components").get("schemas").get("Error").get("properties");
    Set<String> listed = new TreeSet<>();
    error.get("code").get("enum").forEach(c -> listed.add(c.asText()));
    Set<String> sent = new TreeSet<>();
    tabla.server.web.RefusalCodes.all().forEach(c -> sent.add(c.code()));
    assertThat(listed).isEqualTo(sent).contains("chat.too_long");
    assertThat(error.get("args").get("type").asText()).isEqualTo("object");
  }

  @Test
  void everyPathParameterIsDescribed() throws IOException {
    JsonNode paths = resource().get("paths");
    paths.fieldNames().forEachRemaining(path -> paths.get(path).fields().forEachRemaining(op -> {
      Set<String> described = new TreeSet<>();
      op.getValue().path("parameters").forEach(p -> {
        if (p.get("in").asText().equals("path")) described.add(p.get("name").asText());
      });
      Set<String> inPath = new TreeSet<>();
      Matcher m = PARAM.matcher(path);
      while (m.find()) inPath.add(m.group(1));
      assertThat(described).as("%s %s", op.getKey(), path).isEqualTo(inPath);
      assertThat(op.getValue().path("responses").size()).as("%s %s has responses", op.getKey(), path).isPositive();
    }));
  }

  static List<String> differences(List<String> registered, JsonNode doc) {
    Set<String> documented = new TreeSet<>(documented(doc));
    Set<String> routes = new TreeSet<>(registered);
    List<String> out = new ArrayList<>();
    for (String r : routes) if (!documented.contains(r)) out.add("registered but not documented: " + r);
    for (String d : documented) if (!routes.contains(d)) out.add("documented but not registered: " + d);
    return out;
  }

  private static List<String> documented(JsonNode doc) {
    List<String> out = new ArrayList<>();
    doc.get("paths").fields().forEachRemaining(p -> p.getValue().fieldNames().forEachRemaining(m -> {
      if (METHODS.contains(m)) out.add(m.toUpperCase(java.util.Locale.ROOT) + " " + p.getKey());
    }));
    return out;
  }

  private static JsonNode resource() throws IOException {
    try (InputStream in = OpenApiTest.class.getResourceAsStream("/tabla/server/openapi.json")) {
      return ApiClient.JSON.readTree(in);
    }
  }
}
