package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Phase;
import tabla.core.match.Rules;

/**
 * Grasshopper (rules.md §1.8): one action a turn, no dice. Points are relative (A = 24..19, B = 18..13,
 * C = 12..7, D = 6..1) and the same for both sides.
 */
class GrasshopperTest {
  private final Variant g = Variants.of("grasshopper");

  /** A position: each side's pool, score and (point, count) pairs; the rest of its 14 are off. */
  static Position pos(int pool, int score, int[] me, int oppPool, int oppScore, int[] them) {
    return Position.ofVariant(side(pool, me), side(oppPool, them), new int[] {pool, score},
        new int[] {oppPool, oppScore}).get();
  }

  private static int[] side(int pool, int[] pairs) {
    int[] s = Position.sideOf(Grasshopper.CHECKERS - pool, pairs);
    return s;
  }

  private static int[] at(int... pairs) {
    return pairs;
  }

  private List<String> plays(Position p) {
    assertThat(g.validate(p).error()).isNull();
    return g.legalPlays(p, null, Turn.LATER).stream().map(Notation::write).toList();
  }

  private Play play(Position p, String notation) {
    return g.legalPlays(p, null, Turn.LATER).stream().filter(x -> Notation.write(x).equals(notation)).findFirst()
        .orElseThrow(() -> new AssertionError("no play " + notation + " in " + plays(p)));
  }

  @Test
  void startsWithFourteenEachOffTheBoardAndEntersOnAnyPointOfA() {
    Position s = g.start();
    assertThat(s.moverPool()).isEqualTo(14);
    assertThat(s.opponentPool()).isEqualTo(14);
    assertThat(s.moverCheckers()).isEqualTo(14);
    for (int r = 0; r <= 25; r++) assertThat(s.mover(r) + s.opponent(r)).isZero();
    assertThat(s.moverExtra(Grasshopper.SCORE)).isZero();
    assertThat(plays(s)).containsExactly("bar/24", "bar/23", "bar/22", "bar/21", "bar/20", "bar/19");
    assertThat(g.usesDice()).isFalse();
    assertThat(g.cubeAllowed()).isFalse();
    assertThat(g.geometry()).isEqualTo(Geometry.SAME);
  }

  @Test
  void entersOnVacantPointsOfAOrStepsIntoAnyVacantPointOfTheNextQuadrant() {
    // Mine on 22; the opponent's on 20 and 15.
    Position p = pos(13, 0, at(22, 1), 12, 0, at(20, 1, 15, 1));
    assertThat(plays(p)).containsExactlyInAnyOrder("bar/24", "bar/23", "bar/21", "bar/19", "22/18", "22/17",
        "22/16", "22/14", "22/13");
  }

  @Test
  void twoSinglesSixApartBuildAWall() {
    // Mine on 20 and 14; theirs fill the rest of A, 18-16 and 12-9.
    Position p = pos(12, 0, at(20, 1, 14, 1), 2, 0, at(24, 1, 23, 1, 22, 1, 21, 1, 19, 1, 18, 1, 17, 1, 16, 1, 12, 1,
        11, 1, 10, 1, 9, 1));
    assertThat(plays(p)).containsExactlyInAnyOrder("20/15", "20/14", "20/13", "14/8", "14/7");
    Position wall = play(p, "20/14").result();
    assertThat(wall.mover(14)).isEqualTo(2);
    assertThat(wall.mover(20)).isZero();
  }

  @Test
  void aWallOfEitherColourStopsSingleCheckers() {
    // Their wall on 14: my 20 reaches only 16 and 15; my 18 can neither step to C nor build on 12.
    Position p = pos(11, 0, at(20, 1, 18, 1, 12, 1), 6, 0, at(24, 1, 23, 1, 22, 1, 21, 1, 19, 1, 17, 1, 14, 2));
    assertThat(plays(p)).containsExactlyInAnyOrder("20/16", "20/15", "12/6", "12/5", "12/4", "12/3", "12/2", "12/1");
    // BrainKing's picture: 18 is taken and my own wall on 17 closes 16-13, so 23 cannot move.
    Position q = pos(11, 0, at(23, 1, 17, 2), 8, 0, at(24, 1, 22, 1, 21, 1, 20, 1, 19, 1, 18, 1));
    assertThat(plays(q)).containsExactlyInAnyOrder("17/12", "17/11", "17/10", "17/9", "17/8", "17/7");
  }

  @Test
  void theTopOfAWallJumpsWallsToAVacantPointOrOntoASingleSixAhead() {
    // My wall on 17, my single on 11; their walls on 14 and 9, their single on 12.
    int[] them = {24, 1, 23, 1, 22, 1, 21, 1, 20, 1, 19, 1, 14, 2, 12, 1, 9, 2};
    Position p = pos(11, 0, at(17, 2, 11, 1), 3, 0, them);
    assertThat(plays(p)).containsExactlyInAnyOrder("17/11", "17/10", "17/8", "17/7");
    Position built = play(p, "17/11").result();
    assertThat(built.mover(17)).isEqualTo(1);
    assertThat(built.mover(11)).isEqualTo(2);
    // A single on 17 instead is shut in by their wall on 14, and 11 by the one on 9: a pass.
    assertThat(plays(pos(12, 0, at(17, 1, 11, 1), 3, 0, them))).isEmpty();
  }

  @Test
  void aWallInDIsBorneOffAsOneActionAndScoresCancellingTheOpponentsScore() {
    // My wall on 4 and a single on 9; their wall on 3 closes 2 and 1 to my single.
    Position p = pos(11, 0, at(4, 2, 9, 1), 6, 1, at(24, 1, 23, 1, 22, 1, 21, 1, 20, 1, 19, 1, 3, 2));
    assertThat(plays(p)).containsExactlyInAnyOrder("9/6", "9/5", "4/off(2)");
    Position off = play(p, "4/off(2)").result();
    assertThat(off.mover(4)).isZero();
    assertThat(off.mover(Position.OFF)).isEqualTo(2);
    assertThat(off.moverExtra(Grasshopper.SCORE)).isEqualTo(1);
    assertThat(off.opponentExtra(Grasshopper.SCORE)).isZero(); // his score is no longer in succession
    assertThat(g.ending(off)).isEmpty();

    Variant keep = Variants.of("grasshopper:reset=off");
    assertThat(keep.name()).isEqualTo("grasshopper:reset=off");
    Play kept = keep.legalPlays(p, null, Turn.LATER).stream().filter(x -> x.moves().size() == 2).findFirst().get();
    assertThat(kept.result().opponentExtra(Grasshopper.SCORE)).isEqualTo(1);
    assertThat(Variants.parse("grasshopper:reset=maybe").error()).contains("on, off");
  }

  @Test
  void theSecondScoreInSuccessionWinsOnePointThroughTheEngine() {
    // My wall on 2 closes 1 to my singles on 8 and 7 (and 8 cannot build on a wall).
    Position p = pos(0, 1, at(2, 2, 8, 1, 7, 1), 5, 0, at(24, 1, 23, 1, 13, 2, 10, 1));
    assertThat(plays(p)).containsExactlyInAnyOrder("8/6", "8/5", "8/4", "8/3", "7/6", "7/5", "7/4", "7/3",
        "2/off(2)");
    Game game = Game.setUp(rules(), Game.Seat.MONEY, p, 1, 1);
    assertThat(game.phase()).isEqualTo(Phase.MOVE);
    game = game.apply(new Action.Move(play(p, "2/off(2)"))).get();
    assertThat(game.isOver()).isTrue();
    assertThat(game.result().winner()).hasValue(1);
    assertThat(game.result().points()).isEqualTo(1);
    assertThat(game.result().end()).isEqualTo(GameResult.End.BORNE_OFF);
  }

  private static Rules rules() {
    return Rules.money().toBuilder().variant("grasshopper").cube(false).jacoby(false).build();
  }

  /** Plays the play written {@code notation} for whoever must move. */
  private static Game act(Game game, String notation) {
    assertThat(game.phase()).isEqualTo(Phase.MOVE);
    Play play = game.legalPlays().stream().filter(x -> Notation.write(x).equals(notation)).findFirst()
        .orElseThrow(() -> new AssertionError("no play " + notation + " for player " + game.mover() + " in "
            + game.legalPlays().stream().map(Notation::write).toList()));
    return game.apply(new Action.Move(play)).get();
  }

  @Test
  void aWholeGameFromTheRollOffToTheSecondScore() {
    Game game = Game.start(rules(), Game.Seat.MONEY).apply(new Action.RollOff(5, 3)).get();
    assertThat(game.phase()).isEqualTo(Phase.MOVE); // no dice: the winner of the roll-off plays at once
    assertThat(game.mover()).isZero();
    assertThat(game.dice()).isNull();
    assertThat(game.apply(new Action.Roll(new tabla.core.Dice(3, 1))).error()).contains("cannot roll");
    // Player 0 walks two checkers 24 → 18 → 12 → 6, the second making a wall on 6, bears it off, and
    // again; player 1 fills A, B and C without ever making a wall.
    String[] zero = {"bar/24", "24/18", "18/12", "12/6", "bar/24", "24/18", "18/12", "12/6", "6/off(2)", "bar/24",
        "24/18", "18/12", "12/6", "bar/24", "24/18", "18/12", "12/6", "6/off(2)"};
    String[] one = {"bar/23", "bar/22", "bar/21", "bar/20", "bar/19", "23/17", "22/16", "21/15", "20/14", "19/13",
        "17/11", "16/10", "15/9", "14/8", "13/7", "bar/23", "bar/22"};
    for (int i = 0; i < zero.length; i++) {
      game = act(game, zero[i]);
      if (i == 8) assertThat(game.positionFor(0).moverExtra(Grasshopper.SCORE)).isEqualTo(1);
      if (i < one.length) game = act(game, one[i]);
    }
    assertThat(game.isOver()).isTrue();
    assertThat(game.result().winner()).hasValue(0);
    assertThat(game.result().points()).isEqualTo(1);
    assertThat(game.positionFor(0).mover(Position.OFF)).isEqualTo(4);
  }

  @Test
  void aPlayerWithNoActionPassesAndWhenNeitherHasOneTheGameIsDrawn() {
    // Player 0 has six singles in D (they never move) and nothing else: he passes at once.
    Position stuck = pos(0, 0, at(6, 1, 5, 1, 4, 1, 3, 1, 2, 1, 1, 1), 14, 0, at());
    assertThat(plays(stuck)).isEmpty();
    Game game = Game.setUp(rules(), Game.Seat.MONEY, stuck, 0, 1);
    assertThat(game.mover()).isEqualTo(1);
    assertThat(game.phase()).isEqualTo(Phase.MOVE);
    assertThat(game.events()).hasSize(1);
    assertThat(game.events().get(0).by(0)).isTrue();
    assertThat(((Action.Move) game.events().get(0).action()).play().isPass()).isTrue();
    game = act(game, "bar/24");
    assertThat(game.mover()).isEqualTo(1); // player 0 passes again
    assertThat(game.events()).hasSize(3);

    // 7/1 fills D: neither side can act any more, a draw.
    Position last = pos(0, 0, at(7, 1, 6, 1, 5, 1, 4, 1, 3, 1, 2, 1), 0, 0, at(12, 1, 11, 1, 10, 1, 9, 1, 8, 1));
    assertThat(plays(last)).containsExactly("7/1");
    Game end = act(Game.setUp(rules(), Game.Seat.MONEY, last, 0, 1), "7/1");
    assertThat(end.isOver()).isTrue();
    assertThat(end.result().isDraw()).isTrue();
    assertThat(end.result().points()).isZero();
    // The engine's own guard: a game set up with neither side able to act is drawn at once.
    Position none = pos(0, 0, at(6, 1, 5, 1, 4, 1, 3, 1, 2, 1, 1, 1), 0, 0, at(12, 1, 11, 1));
    assertThat(Game.setUp(rules(), Game.Seat.MONEY, none, 0, 1).result().isDraw()).isTrue();
  }

  @Test
  void randomGamesEndWithWinsAndSomeDraws() {
    RandomGames.Tally t = RandomGames.play(g, 2_000, 96);

    assertThat(t.atLeast(1)).isPositive();
    assertThat(t.draws()).isPositive(); // random players often leave both sides stuck (about 40 %)
    assertThat(t.longest()).isLessThan(200); // at most 140 plays and the roll-off
  }
}
