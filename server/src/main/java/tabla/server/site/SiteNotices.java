package tabla.server.site;

import com.fasterxml.jackson.core.JsonProcessingException;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import tabla.server.kernel.http.Json;

/**
 * The one codec of {@link SiteNotice}s between nodes: {"from":NODE,"notice":{"kind":…}}. A notice longer than
 * {@link #MAX_BYTES} is not sent (PostgreSQL's NOTIFY refuses 8000 bytes or more); none of the kinds comes near it
 * (a chat message has at most 300 characters, the personal messages a few names and numbers).
 */
public final class SiteNotices {
  public static final int MAX_BYTES = 7999;

  private SiteNotices() {}

  /** A notice as sent: who sent it, and what. */
  public record Envelope(String from, SiteNotice notice) {}

  /** The payload, or empty when it is too large to send. */
  public static Optional<String> encode(String from, SiteNotice notice) {
    String payload = Json.write(new Envelope(from, notice));
    return payload.getBytes(StandardCharsets.UTF_8).length > MAX_BYTES ? Optional.empty() : Optional.of(payload);
  }

  /** The notice a payload holds; an IllegalArgumentException for anything else. */
  public static Envelope decode(String payload) {
    try {
      Envelope e = Json.MAPPER.readValue(payload, Envelope.class);
      if (e == null || e.from() == null || e.notice() == null) throw new IllegalArgumentException("a notice without sender or kind");
      return e;
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException("not a site notice: " + e.getOriginalMessage(), e);
    }
  }
}
