package tabla.server.site;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Locale;

/**
 * The states the online list shows for a signed-in user, as every node counts them: playing while seated at a game
 * that is not over with its board open; away when every page is hidden; idle otherwise.
 */
public enum OnlineState {
  IDLE, PLAYING, AWAY;

  @JsonValue
  public String word() {
    return name().toLowerCase(Locale.ROOT);
  }
}
