package tabla.server.http;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;

/** One Jackson mapper for the server, and strict reading of request bodies. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private Json() {}

  /** The request body as a JSON object; malformed or non-object bodies are a 400 with the reason. */
  public static ObjectNode body(Context ctx) {
    String text = ctx.body();
    if (text.isBlank()) return MAPPER.createObjectNode();
    try {
      JsonNode n = MAPPER.readTree(text);
      if (n == null || !n.isObject()) throw ApiError.badRequest("the body must be a JSON object");
      return (ObjectNode) n;
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
  }

  public static String text(ObjectNode body, String field) {
    JsonNode n = body.get(field);
    if (n == null || !n.isTextual()) throw ApiError.badRequest("'" + field + "' must be a string");
    return n.asText();
  }

  public static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException(e);
    }
  }
}
