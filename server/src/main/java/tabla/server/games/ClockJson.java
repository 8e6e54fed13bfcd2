package tabla.server.games;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Set;
import tabla.core.clock.ClockSettings;
import tabla.server.kernel.Refused;

/**
 * A seek's time control as the API writes it, in whole seconds: a match clock {@code {"preset":"standard"}} or
 * {@code {"reservePerPoint":120,"delay":12}} (live games), or {@code secondsPerMove} alone (a per-move limit:
 * correspondence's days per move). Read and checked here only; bad values are a 400 with the reason.
 */
public final class ClockJson {
  private ClockJson() {}

  /** At most an hour of reserve per point: a 25-point match then gives each player a day. */
  public static final int MAX_RESERVE_PER_POINT = 3600;
  /** At most ten minutes of delay a move. */
  public static final int MAX_DELAY = 600;
  /** At most a week a move (correspondence). */
  public static final int MAX_SECONDS_PER_MOVE = 7 * 24 * 3600;

  private static final Set<String> FIELDS = Set.of("preset", "reservePerPoint", "delay");

  /** The clock in seconds, as seeks list it: {@code reservePerPoint} 0 is a per-move limit of {@code delay}. */
  public record View(long reservePerPoint, long delay) {
    public static View of(ClockSettings c) {
      return c == null ? null : new View(c.reservePerPointMillis() / 1000, c.delayMillis() / 1000);
    }
  }

  /** The time control of a new seek in {@code mode} ("live" or "correspondence"); null: untimed. */
  public static ClockSettings read(String mode, JsonNode clock, JsonNode secondsPerMove) {
    boolean hasClock = clock != null && !clock.isNull();
    int perMove = perMove(secondsPerMove);
    if (hasClock && perMove > 0) throw Refused.invalid("give 'clock' or 'secondsPerMove', not both");
    if (hasClock) {
      if (!mode.equals("live")) {
        throw Refused.invalid("a correspondence game has days per move ('secondsPerMove'), not a match clock");
      }
      return clock(clock);
    }
    return perMove == 0 ? null : new ClockSettings(0, perMove * 1000L);
  }

  private static int perMove(JsonNode n) {
    if (n == null || n.isNull()) return 0;
    if (!n.isInt() || n.intValue() < 0 || n.intValue() > MAX_SECONDS_PER_MOVE) {
      throw Refused.invalid("secondsPerMove must be 0 to " + MAX_SECONDS_PER_MOVE);
    }
    return n.intValue();
  }

  private static ClockSettings clock(JsonNode n) {
    if (!n.isObject()) throw Refused.invalid("'clock' must be {\"preset\":NAME} or {\"reservePerPoint\":S,\"delay\":S}");
    for (Iterator<String> it = n.fieldNames(); it.hasNext(); ) {
      String f = it.next();
      if (!FIELDS.contains(f)) throw Refused.invalid("unknown clock field '" + f + "'");
    }
    if (n.has("preset")) {
      if (n.size() > 1) throw Refused.invalid("a clock preset takes no other fields");
      JsonNode p = n.get("preset");
      ClockSettings c = p.isTextual() ? ClockSettings.preset(p.asText()) : null;
      if (c == null) throw Refused.invalid("the clock preset must be 'blitz', 'standard' or 'slow'");
      return c;
    }
    int reserve = seconds(n.get("reservePerPoint"), "reservePerPoint", MAX_RESERVE_PER_POINT);
    int delay = seconds(n.get("delay"), "delay", MAX_DELAY);
    if (reserve == 0 && delay == 0) throw Refused.invalid("a clock needs a reserve or a delay");
    return ClockSettings.custom(reserve, delay);
  }

  private static int seconds(JsonNode n, String name, int max) {
    if (n == null || !n.isInt() || n.intValue() < 0 || n.intValue() > max) {
      throw Refused.invalid("clock '" + name + "' must be whole seconds, 0 to " + max);
    }
    return n.intValue();
  }
}
