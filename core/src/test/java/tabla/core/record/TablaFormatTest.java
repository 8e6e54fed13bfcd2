package tabla.core.record;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/** Tabla's own record: every variant's random matches write, read back and replay to the same match. */
public class TablaFormatTest {

  /** A 3-point match of random play; the cube turns now and then where the variant has one. */
  public static Match randomMatch(Variant v, long seed) {
    SplittableRandom rnd = new SplittableRandom(seed);
    Rules rules = Rules.match(3).toBuilder().variant(v.name()).cube(v.cubeAllowed()).build();
    Match m = Match.start(rules).get();
    while (!m.isOver()) {
      Game g = m.game();
      Action a = switch (g.phase()) {
        case OPENING -> new Action.RollOff(rnd.nextInt(1, 7), rnd.nextInt(1, 7));
        case ROLL -> g.canDouble().isOk() && rnd.nextInt(10) == 0 ? new Action.Double()
            : new Action.Roll(new Dice(rnd.nextInt(1, 7), rnd.nextInt(1, 7)));
        case DOUBLE_OFFERED -> rnd.nextBoolean() ? new Action.Take() : new Action.Drop();
        case MOVE -> {
          List<Play> plays = g.legalPlays();
          yield new Action.Move(plays.get(rnd.nextInt(plays.size())));
        }
        default -> throw new AssertionError(g.phase());
      };
      m = m.apply(a).get();
    }
    return m;
  }

  /**
   * Random matches per variant: 20, but 4 of Acey-deucey, whose 1-2 lists thousands of plays to make and again to read
   * (its 20 were most of this class's time; seeds 0 to 3 play 7 games, with a 1-2 one roll in 18).
   */
  private static int matches(Variant v) {
    return v.name().equals("acey-deucey") ? 4 : 20;
  }

  @Test
  void everyVariantsMatchesReadBackAsTheyWereWritten() {
    for (Variant v : Variants.all()) {
      for (int seed = 0; seed < matches(v); seed++) {
        Match m = randomMatch(v, seed);
        String text = TablaFormat.write(m, RecordInfo.of("Ann", "Bob"));
        var back = TablaFormat.read(text);
        assertThat(back.error()).as("%s seed %d", v.name(), seed).isNull();
        Match r = back.get().match();
        assertThat(r.score(0)).isEqualTo(m.score(0));
        assertThat(r.score(1)).isEqualTo(m.score(1));
        assertThat(r.games()).hasSameSizeAs(m.games());
        for (int g = 0; g < m.games().size(); g++) {
          assertThat(r.games().get(g).events()).isEqualTo(m.games().get(g).events());
        }
        assertThat(TablaFormat.write(r, back.get().info())).isEqualTo(text);
        assertThat(back.get().info().player1()).isEqualTo("Bob");
      }
    }
  }

  @Test
  void aMatchLostOnTimeSaysSoAndReadsBack() {
    // a match cut short: the first game of a 5-point match, its player 1 out of time
    Match whole = randomMatch(Variants.of("backgammon"), 3);
    Match cut = TablaFormat.read(TablaFormat.write(whole, RecordInfo.of("Ann", "Bob"))).get().match();
    assertThat(cut.isOver()).isTrue();
    Match running = Match.start(whole.rules()).get();
    for (Game.Event e : whole.games().get(0).events().subList(0, 6)) running = running.apply(e.action()).get();
    Forfeit f = new Forfeit(1, Forfeit.Reason.TIME);
    String text = TablaFormat.write(running, RecordInfo.of("Ann", "Bob"), f);
    assertThat(text).endsWith("\nForfeit: player 1 loses on time\n");
    var back = TablaFormat.read(text);
    assertThat(back.error()).isNull();
    assertThat(back.get().forfeit()).isEqualTo(f);
    assertThat(back.get().forfeit().winner()).isZero();
    assertThat(TablaFormat.write(back.get().match(), back.get().info(), back.get().forfeit())).isEqualTo(text);
    // a forfeit after a match already won on the board, or anything after a forfeit, is refused
    String over = TablaFormat.write(whole, RecordInfo.of("Ann", "Bob"), f);
    assertThat(TablaFormat.read(over).error()).contains("already over on the board");
    assertThat(TablaFormat.read(text + "0 double\n").error()).contains("nothing may follow the forfeit");
    assertThat(TablaFormat.read(text.replace("on time", "on a whim")).error()).contains("expected 'player N loses on time'");
  }

  @Test
  void aRecordThatBreaksARuleIsRefusedWithItsLine() {
    String text = TablaFormat.write(randomMatch(Variants.of("race"), 5), RecordInfo.of("Ann", "Bob"));
    String[] lines = text.split("\n");
    int moveLine = -1;
    for (int i = 0; i < lines.length && moveLine < 0; i++) {
      if (lines[i].matches("[01] move .*/.*")) moveLine = i;
    }
    lines[moveLine] = lines[moveLine].replaceFirst("move .*", "move 24/1");
    var r = TablaFormat.read(String.join("\n", lines));
    assertThat(r.error()).startsWith("line " + (moveLine + 1) + ": '24/1' is not a legal play here");
    assertThat(TablaFormat.read("hello").error()).contains("not a Tabla record");
    assertThat(TablaFormat.read(TablaFormat.MAGIC + "\nVariant: chess\nRules: length=3\n").error()).contains("unknown variant");
    String wrongPlayer = text.replaceFirst("\n([01]) roll", "\nX roll");
    assertThat(TablaFormat.read(wrongPlayer).error()).contains("the player is 0, 1 or '-'");
    String wrongResult = text.replaceFirst("Result: player (\\d) wins", "Result: player 7 wins");
    assertThat(TablaFormat.read(wrongResult).error()).contains("replayed");
  }
}
