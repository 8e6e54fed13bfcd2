package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tabla.core.Play;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** The variant bot from the command line: self-play between computers, and how a play is typed in a variant. */
class VariantBotCommandsTest {
  @Test
  void selfplayLetsTheVariantComputerPlayBothSides(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("race.tabla");
    int rc = Main.run("selfplay", "--variant", "race", "--bot", "intermediate", "--match", "1", "--seed", "3",
        "--out", out.toString());
    assertThat(rc).isZero();
    assertThat(Files.readString(out)).contains("Computer-intermediate0").contains("race");
  }

  @Test
  void aVariantPlayIsTypedAsListedOrByItsNumber() {
    Rules rules = Rules.money().toBuilder().variant("race").build();
    Match m = Match.start(rules).get().apply(new Action.RollOff(3, 1)).get();
    List<Play> legal = m.game().legalPlays();
    assertThat(legal).isNotEmpty();
    assertThat(PlayCommand.variantPlay(legal, "1")).isEqualTo(legal.get(0));
    assertThat(PlayCommand.variantPlay(legal, Notation.write(legal.get(legal.size() - 1))))
        .isEqualTo(legal.get(legal.size() - 1));
    assertThat(PlayCommand.variantPlay(legal, String.valueOf(legal.size() + 1))).isNull();
    assertThat(PlayCommand.variantPlay(legal, "24/1")).isNull();
  }
}
