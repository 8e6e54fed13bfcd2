package tabla.server.kernel.http;

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
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.http.Context;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import tabla.core.Result;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import java.util.Iterator;
import java.util.Map;
import tabla.server.kernel.Refused;

/** One Jackson mapper for the server, and strict reading of request bodies. */
public final class Json {
  /**
   * Strict where it reads: duplicate keys, trailing garbage after the value, fractions where an integer is due and
   * strings where a number is due are errors (a request with them is a 400), never silently one of the readings.
   */
  public static final ObjectMapper MAPPER = JsonMapper.builder()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false)
      .configure(DeserializationFeature.FAIL_ON_TRAILING_TOKENS, true)
      .configure(DeserializationFeature.ACCEPT_FLOAT_AS_INT, false)
      .configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false)
      .configure(StreamReadFeature.STRICT_DUPLICATE_DETECTION, true)
      .addModule(variantsByName())
      .build();

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
   * bodies over {@link JettyBounds#MAX_BODY_BYTES} a 413, whether or not they declare their length.
   */
  public static ObjectNode body(Context ctx) {
    String text = boundedBody(ctx);
    if (text.isBlank()) return MAPPER.createObjectNode();
    try {
      JsonNode n = MAPPER.readTree(text);
      if (n == null || !n.isObject()) throw ApiError.badRequest("the body must be a JSON object");
      refuseControlCharacters(n);
      return (ObjectNode) n;
    } catch (JsonProcessingException e) {
      throw ApiError.badRequest("malformed JSON: " + e.getOriginalMessage());
    }
  }

  /**
   * Reads the body, at most {@link JettyBounds#MAX_BODY_BYTES}. Javalin's own limit only looks at
   * Content-Length, so a chunked body of any size would otherwise be read whole and accepted.
   */
  private static String boundedBody(Context ctx) {
    return bodyText(ctx, JettyBounds.MAX_BODY_BYTES);
  }

  /**
   * The body as UTF-8 text of at most {@code max} bytes (413 beyond), for the one route whose body is a file's text
   * rather than JSON (an uploaded match record, larger than any JSON request).
   */
  /** A person may send it (a record's file on the records page, a long paste), so it carries its code and the bound in kB. */
  private static ApiError tooLarge(long max) {
    return new ApiError(413, tabla.server.kernel.SiteCode.TOO_LARGE, Map.of("kb", max / 1024),
        "the request is too large: at most " + max / 1024 + " kB");
  }

  public static String bodyText(Context ctx, long max) {
    if (ctx.req().getContentLengthLong() > max) throw tooLarge(max);
    try (InputStream in = ctx.req().getInputStream()) {
      byte[] bytes = in.readNBytes((int) max + 1);
      if (bytes.length > max) throw tooLarge(max);
      return new String(bytes, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw ApiError.badRequest("the request body could not be read");
    }
  }

  /**
   * Control characters (NUL included) in any key or string of a request are a 400: no field of the API needs them,
   * and PostgreSQL refuses a NUL in text with an error the user would see as a 500.
   */
  public static void refuseControlCharacters(JsonNode n) {
    if (n.isTextual()) {
      if (hasControl(n.textValue())) {
        throw Refused.of(Refused.Kind.INVALID, tabla.server.kernel.SiteCode.CONTROL_CHARACTERS, "control characters are not allowed in the text");
      }
    } else if (n.isContainerNode()) {
      for (Iterator<Map.Entry<String, JsonNode>> it = n.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (hasControl(e.getKey())) throw Refused.invalid("control characters are not allowed in a key");
        refuseControlCharacters(e.getValue());
      }
      if (n.isArray()) for (JsonNode item : n) refuseControlCharacters(item);
    }
  }

  public static boolean hasControl(String s) {
    for (int i = 0; i < s.length(); i++) if (Character.isISOControl(s.charAt(i))) return true;
    return false;
  }

  public static String text(ObjectNode body, String field) {
    JsonNode n = body.get(field);
    if (n == null || !n.isTextual()) throw Refused.invalid("'" + field + "' must be a string");
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
