package tabla.core.match;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The events list that versions of a game share: each version keeps exactly what it had, however the others grow. */
class AppendOnlyTest {
  @Test
  void twoVersionsGrownFromOneKeepTheirOwnLast() {
    List<String> a = AppendOnly.append(List.of(), "a");
    List<String> ab = AppendOnly.append(a, "b");
    List<String> ac = AppendOnly.append(a, "c"); // a's next slot is ab's: this one copies
    assertThat(a).containsExactly("a");
    assertThat(ab).containsExactly("a", "b");
    assertThat(ac).containsExactly("a", "c");
    assertThat(AppendOnly.append(ab, "d")).containsExactly("a", "b", "d");
    assertThat(ab).isEqualTo(List.of("a", "b")).hasSameHashCodeAs(List.of("a", "b"));
    assertThatThrownBy(() -> ab.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> ab.add("x")).isInstanceOf(UnsupportedOperationException.class);
  }

  /** Random trees of versions (seeded): each equals the copy an ArrayList would have made. */
  @Test
  void everyVersionEqualsItsCopy() {
    Random rnd = new Random(24);
    List<List<Integer>> versions = new ArrayList<>(List.of(List.of()));
    List<List<Integer>> copies = new ArrayList<>(List.of(List.of()));
    for (int i = 0; i < 2_000; i++) {
      // mostly the newest version grows (as a game does), sometimes an older one
      int from = rnd.nextInt(4) == 0 ? rnd.nextInt(versions.size()) : versions.size() - 1;
      versions.add(AppendOnly.append(versions.get(from), i));
      List<Integer> copy = new ArrayList<>(copies.get(from));
      copy.add(i);
      copies.add(copy);
    }
    assertThat(versions).isEqualTo(copies);
  }
}
