package tabla.server.lobby;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Map;
import tabla.server.kernel.Refused;

/**
 * The ratings a seek's creator will play (as on BrainKing and lichess): the acceptor's rating in the seek's variant
 * must lie in [min, max]; either bound may be null, meaning no bound on that side. Bounds are whole rating points
 * between {@link #LOWEST} and {@link #HIGHEST}: a FIBS rating starts at 1500 and no player on any site strays that far.
 */
public record RatingRange(Integer min, Integer max) {
  public static final int LOWEST = 0;
  public static final int HIGHEST = 4000;
  public static final RatingRange ANY = new RatingRange(null, null);

  public RatingRange {
    if (min != null && max != null && min > max) {
      throw Refused.of(Refused.Kind.INVALID, SeekCode.RATING_ORDER, "the lowest rating (" + min + ") is above the highest (" + max + ")",
          Map.of("min", min, "max", max));
    }
  }

  /** The range asked for by the optional {@code ratingMin} and {@code ratingMax} of a new seek. */
  public static RatingRange read(ObjectNode body) {
    return new RatingRange(bound(body, "ratingMin"), bound(body, "ratingMax"));
  }

  private static Integer bound(ObjectNode body, String field) {
    JsonNode v = body.get(field);
    if (v == null || v.isNull()) return null;
    if (!v.isIntegralNumber() || !v.canConvertToInt() || v.intValue() < LOWEST || v.intValue() > HIGHEST) {
      throw Refused.of(Refused.Kind.INVALID, SeekCode.RATING_BOUND, "'" + field + "' must be a whole number from " + LOWEST + " to " + HIGHEST,
          Map.of("min", LOWEST, "max", HIGHEST));
    }
    return v.intValue();
  }

  public boolean isAny() {
    return min == null && max == null;
  }

  public boolean contains(double rating) {
    return (min == null || rating >= min) && (max == null || rating <= max);
  }

  /** "1400–1700", "1400 or more", "up to 1700": for the refusal's plain words. */
  public String describe() {
    if (min != null && max != null) return min + "–" + max;
    return min != null ? min + " or more" : "up to " + max;
  }
}
