package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import tabla.core.Backgammon;
import tabla.core.Corpus;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;

/**
 * Issue 25, difference 3: the Italian short backgammon forbids hit-and-hide,
 * it-short-and-long-backgammon.txt: "È vietato: uccidi il pezzo dell'avversario e 'nasconditi'. Spostare … un
 * pezzo del genere nella stessa mossa per metterlo su una punta con un altro pezzo e farlo raddoppiare … non è
 * possibile." Allowed: "battere la fiche dell'avversario e coprire la tua fiche con un'altra"; "battere … e
 * passare al posto di un punto libero"; and, in the bear-off, "dopo aver ucciso una fiche avversaria, è vietato
 * buttare fuori questa fiche".
 */
class NoHitAndHideTest {
  private final Variant italian = Variants.of("backgammon:hithide=forbidden");

  private List<String> plays(Variant v, String id, int d1, int d2) {
    return v.legalPlays(PositionId.decode(id).get(), new Dice(d1, d2)).stream().map(Notation::write).toList();
  }

  @Test
  void aHitterMayNotGoOnToItsOwnPoint_butMayBeCoveredOrGoOnToAnEmptyOne() {
    // The position: 13/10*/8 lands the hitter on the 8, where checkers of its own stand.
    assertThat(plays(Variants.STANDARD, "4P8HEADg/xkEAA", 3, 2)).contains("13/10*/8");
    List<String> italianPlays = plays(italian, "4P8HEADg/xkEAA", 3, 2);
    // The same checker may go 13/11/8 without hitting; the hitter may stop on the 10 while another plays the 2.
    assertThat(italianPlays).doesNotContain("13/10*/8").contains("13/8", "13/10* 8/6", "13/10* 6/4");
    // Cover the hitter with another checker: 13/10* 12/10 is a hit and a cover, allowed.
    Position p = Position.of(Position.side(13, 2, 12, 1, 8, 2, 6, 10), Position.side(15, 1, 24, 14)).get();
    assertThat(notations(italian.legalPlays(p, new Dice(3, 2)))).contains("13/10* 12/10").doesNotContain("13/10*/8");
    // Hit and go on to an empty point: 13/10*/7 (the 7 is empty), not to the 8 where two of mine stand.
    assertThat(notations(italian.legalPlays(p, new Dice(3, 3)))).anyMatch(s -> s.contains("13/10*/7"));
  }

  @Test
  void aHitterMayNotBearOff_anotherCheckerMay() {
    // All home but one checker on 8; a blot of his on my 4. 8/4* then 4/off would bear the hitter off.
    Position p = Position.of(Position.side(8, 1, 6, 4, 1, 10), Position.side(21, 1, 13, 14)).get();
    List<String> std = notations(Backgammon.legalPlays(p, new Dice(4, 4)));
    assertThat(std).anyMatch(s -> s.contains("4/off") || s.contains("8/4*/off"));
    List<String> it = notations(italian.legalPlays(p, new Dice(4, 4)));
    assertThat(it).isNotEmpty().noneMatch(s -> s.contains("8/4*/off") || s.matches(".*8/4\\*.*4/off.*"));
    assertThat(it).anyMatch(s -> s.contains("8/4*") && s.contains("6/2"));
  }

  @Test
  void withoutAHitItIsBackgammon_andTheRuleBitesOnTheCorpus() throws Exception {
    int differ = 0;
    for (Corpus.Entry e : Corpus.all()) {
      Position p = PositionId.decode(e.positionId()).get();
      Dice d = new Dice(e.d1(), e.d2());
      List<Play> std = Backgammon.legalPlays(p, d);
      Set<Position> a = results(std);
      Set<Position> b = results(italian.legalPlays(p, d));
      if (std.stream().noneMatch(pl -> pl.moves().stream().anyMatch(m -> m.hit()))) {
        assertThat(b).as(e.name()).isEqualTo(a);
      } else if (!a.equals(b)) {
        differ++;
      }
    }
    assertThat(differ).isPositive();
  }

  @Test
  void isAnOptionOfBackgammon_offByDefault() {
    assertThat(Variants.of("backgammon")).isSameAs(Variants.STANDARD);
    assertThat(Variants.of("backgammon:hithide=allowed")).isSameAs(Variants.STANDARD);
    assertThat(italian.name()).isEqualTo("backgammon:hithide=forbidden");
    assertThat(Variants.parse("backgammon:hithide=maybe").error()).contains("allowed, forbidden");
    assertThat(italian.start()).isEqualTo(Position.START);
  }

  private static List<String> notations(List<Play> plays) {
    return plays.stream().map(Notation::write).toList();
  }

  private static Set<Position> results(List<Play> plays) {
    Set<Position> s = new HashSet<>();
    for (Play p : plays) s.add(p.result());
    return s;
  }
}
