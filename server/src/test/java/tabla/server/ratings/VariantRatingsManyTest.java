package tabla.server.ratings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.stream.LongStream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.kernel.Database;
import tabla.server.TestDb;
import tabla.server.presence.PresenceRoutes;

/**
 * The online list looks its players' ratings up in one query naming each: at most {@link VariantRatings#MAX_MANY}
 * of them (the list shows no more), every one answered, and more refused rather than sent to the database.
 */
class VariantRatingsManyTest {

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void theMostUsersAtOnceAreAllAnsweredAndOneMoreIsRefused(TestDb testDb) {
    try (Database db = Database.open(testDb.freshConfig(1))) {
      VariantRatings ratings = new VariantRatings(new RatingStore(db.jdbi()));
      List<Long> most = LongStream.rangeClosed(1, VariantRatings.MAX_MANY).boxed().toList();
      Map<Long, VariantRatings.Rating> got = ratings.of(most, "backgammon");
      assertThat(got).hasSize(VariantRatings.MAX_MANY);
      assertThat(got.get(1L)).isEqualTo(new VariantRatings.Rating("backgammon", 1500, 0, true)); // nobody rated yet
      List<Long> oneMore = LongStream.rangeClosed(1, VariantRatings.MAX_MANY + 1).boxed().toList();
      assertThatThrownBy(() -> ratings.of(oneMore, "backgammon")).isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("at most " + VariantRatings.MAX_MANY);
      assertThat(PresenceRoutes.MAX_LISTED).as("the online list asks for no more").isLessThanOrEqualTo(VariantRatings.MAX_MANY);
    }
  }
}
