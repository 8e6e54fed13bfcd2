package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.match.Rules;
import tabla.server.kernel.http.Json;

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

  @Test
  void aPresetGivesItsOptions_andExplicitOptionsWin() throws Exception {
    Rules serbian = read("{\"preset\":\"serbian-tavla\"}");
    assertThat(serbian.matchLength()).isEqualTo(5);
    assertThat(serbian.holland() && serbian.crawford() && serbian.barBackgammonTimesFour()).isTrue();
    Rules money = read("{\"preset\":\"serbian-tavla\",\"matchLength\":0}");
    assertThat(money.jacoby() && money.barBackgammonTimesFour()).isTrue();
    assertThat(read("{\"preset\":\"serbian-tavla\",\"holland\":false}").holland()).isFalse();
    Rules italian = read("{\"preset\":\"italian\"}");
    assertThat(italian.beaverRefusable() && !italian.raccoons() && italian.automaticDoubles() == 1).isTrue();
    assertThat(read("{\"preset\":\"greek-tavli\",\"variant\":\"plakoto\"}").variant().name()).isEqualTo("plakoto");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> read("{\"preset\":\"greek-tavli\",\"variant\":\"nardy\"}"))
        .hasMessageContaining("portes, plakoto, fevga");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> read("{\"preset\":\"olympic\"}"))
        .hasMessageContaining("unknown preset");
  }

  @Test
  void storedRulesReadBackTheSame_variantByName() throws Exception {
    Rules r = read("{\"matchLength\":3,\"variant\":\"race:entry=all-first\"}");
    String json = RulesJson.write(r);
    assertThat(json).contains("\"variant\":\"race:entry=all-first\"");
    assertThat(RulesJson.read(json)).isEqualTo(r);
    // rules stored before refusable beavers read as the standard rule
    assertThat(RulesJson.read(json.replace(",\"beaverRefusable\":false", "")).beaverRefusable()).isFalse();
  }

  @Test
  void rulesStoredBeforeIssue25_readWithItsOptionsAtTheirDefaults() throws Exception {
    Rules r = Rules.match(5);
    com.fasterxml.jackson.databind.node.ObjectNode old = Json.MAPPER.valueToTree(r);
    old.remove(java.util.List.of("noGammonWithCube", "drawPoints", "nextGame"));
    assertThat(RulesJson.read(Json.MAPPER.writeValueAsString(old))).isEqualTo(r);
    Rules nardy = read("{\"preset\":\"long-nardy\",\"variant\":\"nardy:draw=on\"}");
    assertThat(nardy.nextGame()).isEqualTo(Rules.NextGame.ALTERNATE);
    assertThat(nardy.drawPoints()).isEqualTo(1);
    assertThat(RulesJson.read(RulesJson.write(nardy))).isEqualTo(nardy);
  }
}
