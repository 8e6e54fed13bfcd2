package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.ApiClient.Resp;

/**
 * A seek takes a preset or custom clock, and bad ones are a 400 with the reason. Apart from {@link MatchClockApiTest}
 * because nothing here bounds a time: it runs beside the other classes, not in the serial tail.
 */
class MatchClockSeeksApiTest {
  private static final TestServers SERVERS = new TestServers();
  private static final String RULES = MatchClockApiTest.RULES;

  @AfterAll
  static void stop() {
    SERVERS.close();
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void seeksTakeAPresetOrACustomClockAndBadOnesAreRefusedWithTheReason(TestDb db) {
    ApiClient alice = SERVERS.client(db).registered("clk");
    record Bad(String body, String reason) {}
    for (Bad b : List.of(
        new Bad("\"mode\":\"live\",\"clock\":{\"preset\":\"bullet\"}", "'blitz', 'standard' or 'slow'"),
        new Bad("\"mode\":\"live\",\"clock\":{\"reservePerPoint\":-1,\"delay\":12}", "'reservePerPoint' must be whole seconds, 0 to 3600"),
        new Bad("\"mode\":\"live\",\"clock\":{\"reservePerPoint\":120,\"delay\":601}", "'delay' must be whole seconds, 0 to 600"),
        new Bad("\"mode\":\"live\",\"clock\":{\"reservePerPoint\":1.5,\"delay\":12}", "whole seconds"),
        new Bad("\"mode\":\"live\",\"clock\":{\"reservePerPoint\":0,\"delay\":0}", "a reserve or a delay"),
        new Bad("\"mode\":\"live\",\"clock\":{\"reservePerPoint\":60,\"delay\":5,\"increment\":2}", "unknown clock field 'increment'"),
        new Bad("\"mode\":\"live\",\"clock\":{\"preset\":\"blitz\",\"delay\":5}", "no other fields"),
        new Bad("\"mode\":\"live\",\"clock\":\"blitz\"", "'clock' must be"),
        new Bad("\"mode\":\"live\",\"clock\":{\"preset\":\"blitz\"},\"secondsPerMove\":30", "not both"),
        new Bad("\"mode\":\"correspondence\",\"clock\":{\"preset\":\"slow\"}", "days per move"))) {
      Resp r = alice.postRaw("/api/seeks", "{\"rules\":" + RULES + "," + b.body() + "}", true);
      assertThat(r.status()).as(b.body()).isEqualTo(400);
      assertThat(r.error()).as(b.body()).contains(b.reason());
    }
    assertThat(alice.get("/api/seeks").json().get("seeks").size()).as("nothing was created").isZero();

    Resp ok = alice.postRaw("/api/seeks", "{\"rules\":" + RULES + ",\"mode\":\"live\",\"clock\":{\"preset\":\"standard\"}}", true);
    assertThat(ok.status()).as("%s", ok).isEqualTo(201);
    JsonNode seek = alice.get("/api/seeks").json().get("seeks").get(0);
    assertThat(seek.get("clock").get("reservePerPoint").asInt()).isEqualTo(120);
    assertThat(seek.get("clock").get("delay").asInt()).isEqualTo(12);
    ApiClient bob = SERVERS.client(db).registered("clk");
    long game = bob.accept(seek.get("id").asLong());
    JsonNode clock = bob.snapshot(game).get("clock");
    assertThat(clock.get("reserve").get(0).asLong()).as("3 points × 2 minutes").isEqualTo(360_000);
    assertThat(clock.get("delay").asLong()).isEqualTo(12_000);
  }
}
