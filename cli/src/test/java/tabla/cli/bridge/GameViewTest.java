package tabla.cli.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** The bridge's view of a game stream: deltas in version order, and an event the snapshot already holds ignored. */
class GameViewTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  private static JsonNode json(String text) throws Exception {
    return JSON.readTree(text.replace('\'', '"'));
  }

  private static final String ROLL = "{'gameNo':1,'player':0,'type':'move','text':'31: 8/5 6/5'}";

  @Test
  void anEventStoredJustBeforeTheSnapshotIsIgnoredAndTheNextOneApplies() throws Exception {
    BotBridge.GameView view = new BotBridge.GameView();
    assertThat(view.take(json("{'type':'snapshot','snapshot':{'version':5,'phase':'ROLL','history':[" + ROLL + "]}}")))
        .isTrue();
    // version 5 again, as a delta broadcast after the commit, reaching a stream that subscribed in between
    assertThat(view.take(json("{'type':'event','version':5,'changes':{'phase':'MOVE'},'historyFrom':0,'history':["
        + ROLL + "]}"))).as("already held: no contradiction").isTrue();
    assertThat(view.state().path("phase").asText()).as("and not applied again").isEqualTo("ROLL");
    assertThat(view.take(json("{'type':'event','version':6,'changes':{'phase':'MOVE'},'historyFrom':1,'history':[]}")))
        .isTrue();
    assertThat(view.state().path("version").asInt()).isEqualTo(6);
    assertThat(view.state().path("phase").asText()).isEqualTo("MOVE");
    assertThat(view.take(json("{'type':'event','version':8,'changes':{},'historyFrom':1,'history':[]}")))
        .as("a version skipped is a contradiction").isFalse();
  }
}
