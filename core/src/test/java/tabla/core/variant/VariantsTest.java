package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import tabla.core.Corpus;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.format.PositionId;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/**
 * Nackgammon and Hypergammon against GNU Backgammon 1.07: Nackgammon's start is gnubg's
 * `set variation nackgammon` start; Hypergammon's legal plays equal gnubg's on 1,500 positions of
 * random hypergammon games (gnubg_hypergammon.jsonl, made with scripts/gnubg/gnubg_moves.sh with gnubg
 * in the standard variation, as its README advises), plays and move strings alike.
 */
class VariantsTest {

  @Test
  void nackgammonStartsWhereGnubgStartsIt() {
    // gnubg: set variation nackgammon; new session → the side on roll is (0,0,0,0,0,4,0,3,0,0,0,0,4,…,2,2,0).
    assertThat(PositionId.encode(Variants.of("nackgammon").start())).isEqualTo("4Dl4ADbgOXgANg");
    assertThat(Variants.of("nackgammon").start().moverPips()).isEqualTo(194); // 2×24 + 2×23 + 4×13 + 3×8 + 4×6
  }

  @Test
  void hypergammonStartsWithThreeCheckersOn24_23_22() {
    Position p = Variants.of("hypergammon").start();
    assertThat(PositionId.encode(p)).isEqualTo("AACgAgAAKgAAAA"); // gnubg: set variation 3-chequer-hypergammon
    assertThat(p.moverCheckers()).isEqualTo(3);
    assertThat(p.mover(Position.OFF)).isZero();
  }

  /**
   * gnubg_hypergammon.jsonl: 1,500 positions of 3-checker games; gnubg_hypergammon1/2.jsonl: 259 and 500
   * positions of 1- and 2-checker games (our random money games, `./tabla selfplay --variant
   * hypergammon:checkers=N --match 0 --money-games 60 --seed N`, every distinct position and roll before a
   * play, at most 500, through scripts/gnubg/gnubg_moves.sh).
   */
  @TestFactory
  Stream<DynamicTest> hypergammonPlaysEqualGnubgs() throws Exception {
    List<DynamicTest> tests = new ArrayList<>();
    for (int n = 1; n <= 3; n++) {
      String file = n == 3 ? "/gnubg_hypergammon.jsonl" : "/gnubg_hypergammon" + n + ".jsonl";
      List<Corpus.Entry> entries = Corpus.read(Path.of(getClass().getResource(file).toURI()));
      Variant hyper = Variants.of(n == 3 ? "hypergammon" : "hypergammon:checkers=" + n);
      assertThat(hyper.checkers()).isEqualTo(n);
      int checkers = n;
      for (Corpus.Entry e : entries) {
        tests.add(DynamicTest.dynamicTest(n + " checkers: " + e.name(), () -> {
          Position pos = PositionId.decode(e.positionId(), checkers).get();
          List<String> ids = new ArrayList<>();
          for (Play p : hyper.legalPlays(pos, new Dice(e.d1(), e.d2()))) {
            ids.add(PositionId.encode(p.result()));
            String gnubg = e.moves().stream().filter(m -> m.get(1).equals(PositionId.encode(p.result())))
                .map(m -> m.get(0)).findFirst().orElse(null);
            assertThat(Notation.write(p)).isEqualTo(gnubg);
          }
          ids.sort(null);
          assertThat(ids).containsExactlyElementsOf(e.plays());
        }));
      }
    }
    return tests.stream();
  }

  @Test
  void hypergammonWithOneOrTwoCheckersStartsAsGnubgsVariations() {
    // gnubg: set variation 1-chequer-hypergammon / 2-chequer-hypergammon; new session.
    assertThat(PositionId.encode(Variants.of("hypergammon:checkers=1").start())).isEqualTo("AACAAAAAAgAAAA");
    assertThat(PositionId.encode(Variants.of("hypergammon:checkers=2").start())).isEqualTo("AABAAQAACgAAAA");
    assertThat(Variants.of("hypergammon:checkers=2").name()).isEqualTo("hypergammon:checkers=2");
    assertThat(Variants.parse("hypergammon:checkers=4").error()).contains("must be one of 3, 1, 2");
  }

  /**
   * Fewer games where one roll lists very many plays: Acey-deucey's 1-2 (the 1, the 2 and any double
   * four times) gives about 14,000 distinct plays on average, up to 150,000, so one of its games costs
   * about a hundred Race games. 100 here: 300 took a quarter of core's test time, and no fix in the git log came from
   * them or from the 10,000 of the separate run ({@code scripts/long-random-games.sh acey-deucey 10000}, README
   * "Variants").
   */
  private static final java.util.Map<String, Integer> GAMES = java.util.Map.of("acey-deucey",
      Integer.getInteger("tabla.aceyDeuceyGames", 100));
  /**
   * Games per variant in {@code ./tabla test}: 2,000, for the suite's 20 minutes on two cores (it was at 18:20 on
   * 28 Nov 2026; halving the 4,000 took this test from 173 to 153 s in fresh-clone runs, the rest of its time being its
   * other checks); {@code scripts/long-random-games.sh VARIANT 10000} plays the full count.
   */
  private static final int RANDOM_GAMES = Integer.getInteger("tabla.randomGames", 2_000);

  @TestFactory
  Stream<DynamicTest> everyVariantPlaysThousandsOfRandomGamesToTheEnd() {
    String only = System.getProperty("tabla.randomGames.only");
    return Variants.all().stream().filter(v -> only == null || only.equals(v.name()))
        .map(v -> DynamicTest.dynamicTest(v.name(), () -> {
      int games = GAMES.getOrDefault(v.name(), RANDOM_GAMES);
      RandomGames.Tally t = RandomGames.play(v, games, v.name().hashCode());
      assertThat(t.games()).isEqualTo(games);
      if (v.maxLevel() >= 2) assertThat(t.atLeast(2)).as("gammons happen in " + v.name()).isPositive();
      System.out.printf("%s: %d random games ended (%d draws, longest %d actions)%n", v.name(), t.games(), t.draws(),
          t.longest());
    }));
  }

  /** Player 0 bears off its last checker (1/off with 2-1) against an opponent with one checker in its home. */
  static tabla.core.match.Game finish(String variant) {
    Rules rules = Rules.match(25).toBuilder().variant(variant).cube(Variants.of(variant).cubeAllowed()).build();
    Position p = Position.of(Position.side(1, 1), Position.side(6, 10, 12, 4, 20, 1)).get(); // a backgammon
    tabla.core.match.Game g = tabla.core.match.Game.setUp(rules, new tabla.core.match.Game.Seat(0, 0, false, false), p, 0, 1);
    g = g.apply(new tabla.core.match.Action.Roll(new Dice(2, 1))).get();
    return g.apply(new tabla.core.match.Action.Move(Notation.parse(g.position(), g.dice(), "1/off").get())).get();
  }

  @Test
  void portesHasNoBackgammonAndNoCube() {
    assertThat(finish("backgammon").result().points()).isEqualTo(3);
    assertThat(finish("portes").result().points()).isEqualTo(2);
    assertThat(finish("portes").result().winner()).hasValue(0);
    assertThat(Match.start(Rules.match(5).toBuilder().variant("portes").cube(true).build()).error()).contains("without the cube");
    assertThat(Variants.of("portes").start()).isEqualTo(Position.START);
  }

  @Test
  void antiBackgammonTheFirstToBearOffLosesASingleGame() {
    tabla.core.match.Game g = finish("anti");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(1);
    assertThat(g.result().points()).isEqualTo(1);
    assertThat(Variants.of("anti").start()).isEqualTo(Position.START);
  }

  @Test
  void matchesOfEveryVariantStartFromItsSetUp() {
    for (Variant v : Variants.all()) {
      Match m = Match.start(Rules.match(3).toBuilder().variant(v.name()).cube(v.cubeAllowed()).build()).get();
      assertThat(m.game().position()).isEqualTo(v.start());
    }
    // a name from outside is parsed first (an error value); the builder takes only names known to be good
    assertThat(Variants.parse("chess").error()).contains("unknown variant");
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> Rules.match(3).toBuilder().variant("chess"))
        .hasMessageContaining("unknown variant");
  }
}
