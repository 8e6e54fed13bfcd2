package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** A variant's base name drops its options, whatever they are, and is its name when it has none. */
class VariantBaseNameTest {
  @Test
  void theBaseNameIsTheNameWithoutOptions() {
    for (Variant v : Variants.all()) {
      assertThat(v.baseName()).as(v.name()).isEqualTo(v.name().split(":", 2)[0]).doesNotContain(":");
      assertThat(Variants.parse(v.baseName()).isOk()).as(v.name()).isTrue();
    }
    Variant acey = Variants.of("acey-deucey:entry=all-first");
    assertThat(acey.name()).isEqualTo("acey-deucey:entry=all-first");
    assertThat(acey.baseName()).isEqualTo("acey-deucey");
  }
}
