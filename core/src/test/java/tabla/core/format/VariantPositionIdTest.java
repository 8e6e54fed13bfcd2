package tabla.core.format;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.Position;
import tabla.core.record.TablaFormatTest;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

class VariantPositionIdTest {
  @Test
  void backgammonFamilyPositionsKeepGnubgsId() {
    assertThat(VariantPositionId.encode(Variants.STANDARD, Position.START)).isEqualTo("4HPwATDgc/ABMA");
    assertThat(VariantPositionId.decode(Variants.STANDARD, "4HPwATDgc/ABMA").get()).isEqualTo(Position.START);
    // A gnubg ID may begin with T as well.
    assertThat(VariantPositionId.decode(Variants.STANDARD, "T1mBgREjK5OESA").isOk()).isTrue();
  }

  @Test
  void everyVariantsPositionsRoundTrip() {
    for (Variant v : Variants.all()) {
      var m = TablaFormatTest.randomMatch(v, 3);
      for (var g : m.games()) {
        for (int player = 0; player < 2; player++) {
          Position p = g.positionFor(player);
          String id = VariantPositionId.encode(v, p);
          assertThat(VariantPositionId.decode(v, id).get()).as(v.name() + " " + id).isEqualTo(p);
        }
      }
    }
  }

  @Test
  void badIdsAreRefused() {
    Variant race = Variants.of("race");
    assertThat(VariantPositionId.decode(race, "T!!!!!!!!!!!!!!!!!!").error()).contains("not base64");
    assertThat(VariantPositionId.decode(race, "TAQAA").error()).contains("14 characters");
    String start = VariantPositionId.encode(race, race.start());
    assertThat(VariantPositionId.decode(race, start.substring(0, start.length() - 4)).error()).contains("wrong length");
    assertThat(VariantPositionId.decode(Variants.STANDARD, start).error()).contains("extra cells");
  }
}
