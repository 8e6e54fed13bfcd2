package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Random;

/** Scripted people in a tournament: they play their boards as each round comes. */
public final class TournamentDriver {
  private TournamentDriver() {}

  /**
   * Plays the boards of {@code people} (found by their entrant names) as their matches start, while the computer moves by
   * itself and two computers play off the board, until the tournament is over; its last state.
   */
  public static JsonNode playOut(ApiClient viewer, long id, List<ApiClient> people, Random rnd) {
    long deadline = System.currentTimeMillis() + 120_000;
    while (true) {
      JsonNode t = viewer.get("/api/tournaments/" + id).json();
      if (!t.get("status").asText().equals("playing")) return t;
      assertThat(System.currentTimeMillis()).as("the tournament ends: %s", t).isLessThan(deadline);
      boolean played = false;
      // every open board: a knock-out's next match starts while other matches of the round are on
      for (JsonNode m : t.get("rounds").findParents("slot")) {
        if (!m.get("winner").isNull() || m.get("gameId").isNull()) continue;
        long game = m.get("gameId").asLong();
        ApiClient[] seats = {person(t, m.get("first"), people), person(t, m.get("second"), people)};
        if (seats[0] == null && seats[1] == null) continue;
        if (viewer.snapshot(game).get("status").asText().equals("finished")) continue;
        ApiClient.playToEnd(game, seats, rnd, 0, (a, after) -> {});
        played = true;
      }
      if (!played) pause(); // a computer match off the board, or the result on its way
    }
  }

  private static ApiClient person(JsonNode t, JsonNode seed, List<ApiClient> people) {
    String name = t.get("entrants").get(seed.asInt()).get("name").asText();
    return people.stream().filter(c -> c.name().equals(name)).findFirst().orElse(null);
  }

  private static void pause() {
    try {
      Thread.sleep(100);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
