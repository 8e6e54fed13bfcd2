package tabla.server.http;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import tabla.core.Result;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.server.TablaServer;

/** One Jackson mapper for the server, and strict reading of request bodies. */
public final class Json {
  public static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .registerModule(variantsByName());

  private Json() {}

  /** A variant is written and read as its name with options ("race:entry=all-first"), as rules name it. */
  private static SimpleModule variantsByName() {
    SimpleModule m = new SimpleModule("variants");
    m.addSerializer(Variant.class, new JsonSerializer<>() {
      @Override
      public void serialize(Variant v, JsonGenerator gen, SerializerProvider p) throws IOException {
        gen.writeString(v.name());
      }
    });
    m.addDeserializer(Variant.class, new JsonDeserializer<>() {
      @Override
      public Variant deserialize(JsonParser p, DeserializationContext ctx) throws IOException {
        Result<Variant> v = p.currentToken() == JsonToken.VALUE_STRING ? Variants.parse(p.getText())
            : Result.err("'variant' must be a name like \"fevga\" or \"race:entry=all-first\"");
        if (!v.isOk()) throw JsonMappingException.from(p, v.error());
        return v.get();
      }
    });
    return m;
  }

  /**
   * The request body as a JSON object; malformed or non-object bodies are a 400 with the reason, and
   * bodies over {@link TablaServer#MAX_BODY_BYTES} a 413, whether or not they declare their length.
   */
  public static ObjectNode body(Context ctx) {
    String text = boundedBody(ctx);
    if (text.isBlank()) return MAPPER.createObjectNode();
    try {
      JsonNode n = MAPPER.readTree(text);
      if (n == null || !n.isObject()) throw ApiError.badRequest("the body must be a JSON object");
      return (ObjectNode) n;
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
  }

  /**
   * Reads the body, at most {@link TablaServer#MAX_BODY_BYTES}. Javalin's own limit only looks at
   * Content-Length, so a chunked body of any size would otherwise be read whole and accepted.
   */
  private static String boundedBody(Context ctx) {
    long max = TablaServer.MAX_BODY_BYTES;
    if (ctx.req().getContentLengthLong() > max) throw new ApiError(413, "the request is too large");
    try (InputStream in = ctx.req().getInputStream()) {
      byte[] bytes = in.readNBytes((int) max + 1);
      if (bytes.length > max) throw new ApiError(413, "the request is too large");
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw ApiError.badRequest("the request body could not be read");
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
