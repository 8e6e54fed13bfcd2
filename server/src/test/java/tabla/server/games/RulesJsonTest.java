package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;
import tabla.server.http.Json;

/** Rules from the client: a variant brings its own opening unless the client names one. */
class RulesJsonTest {
  private static Rules read(String json) throws Exception {
    return RulesJson.read(Json.MAPPER.readTree(json));
  }

  @Test
  void tavlaBringsTheReRollOpening() throws Exception {
    assertThat(read("{\"matchLength\":5,\"variant\":\"tavla\",\"cube\":false}").opening()).isEqualTo(Rules.Opening.WINNER_REROLLS);
    assertThat(read("{\"matchLength\":5,\"variant\":\"tavla\",\"cube\":false,\"opening\":\"ROLL_OFF_DICE\"}").opening())
        .isEqualTo(Rules.Opening.ROLL_OFF_DICE);
    assertThat(read("{\"matchLength\":5,\"variant\":\"nackgammon\"}").opening()).isEqualTo(Rules.Opening.ROLL_OFF_DICE);
  }

  @Test
  void aVariantWithoutTheCubeTurnsItOffUnlessAskedFor() throws Exception {
    Rules money = read("{\"matchLength\":0,\"variant\":\"fevga\"}");
    assertThat(money.cube()).isFalse();
    assertThat(money.jacoby()).isFalse();
    assertThat(read("{\"matchLength\":3,\"variant\":\"race\"}").cube()).isTrue();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> read("{\"variant\":\"plakoto:mother=9\"}"))
        .hasMessageContaining("mother");
  }
}
