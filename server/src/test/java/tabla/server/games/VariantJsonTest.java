package tabla.server.games;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/** A variant's description, made once for every snapshot: the same as a fresh one, and nobody can change it. */
class VariantJsonTest {
  @Test
  void theKeptDescriptionIsTheFreshOneMadeOnce() {
    for (Variant v : Variants.all()) {
      Map<String, Object> kept = VariantJson.described(v);
      assertThat(kept).as(v.name()).isEqualTo(VariantJson.describe(v));
      assertThat(VariantJson.described(v)).as(v.name()).isSameAs(kept);
    }
    Variant withOption = Variants.of("plakoto:mother=1");
    assertThat(VariantJson.described(withOption)).containsEntry("name", withOption.name());
  }

  @Test
  void theKeptDescriptionIsReadOnly() {
    Variant plakoto = Variants.of("plakoto");
    Map<String, Object> kept = VariantJson.described(plakoto);
    assertThatThrownBy(() -> kept.put("name", "changed")).isInstanceOf(UnsupportedOperationException.class);
    // the lobby's list adds Tapa to its own copy, not to the one every snapshot shares
    assertThat(VariantJson.all()).anySatisfy(m -> assertThat(m).containsEntry("aliases", java.util.List.of("tapa")));
    assertThat(VariantJson.described(plakoto)).doesNotContainKey("aliases");
  }
}
