package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * What the bridge asks an engine: given the game as the bot's seat sees it (the snapshot of docs/api.md, with
 * {@code actions} not empty), the action to send: {@code {"type":"roll"}}, {@code {"type":"move","move":"24/18
 * 13/11"}}, double, take, drop, beaver, accept, reject… ({@code continue} between games is the bridge's own).
 */
public interface Engine extends AutoCloseable {
  ObjectNode decide(JsonNode snapshot);

  @Override
  default void close() {}
}
