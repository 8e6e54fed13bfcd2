package tabla.core.variant;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Rules;

/** Backgammon Race (rules.md §1.4): entry from the pool, the bar first, {@code entry=all-first}, scoring. */
class RaceTest {
  private static final Variant RACE = Variants.of("race");
  private static final Variant ALL_FIRST = Variants.of("race:entry=all-first");

  /** One side: {@code pool} waiting, (point, count) pairs, the rest of {@code total} borne off. */
  static int[] side(int total, int pool, int... pairs) {
    int[] s = new int[Position.SIDE];
    int on = pool;
    for (int i = 0; i < pairs.length; i += 2) {
      s[pairs[i]] += pairs[i + 1];
      on += pairs[i + 1];
    }
    s[Position.OFF] = total - on;
    return s;
  }

  /** A position with a pool: each side as (pool, point-count pairs) of {@code total} checkers. */
  static Position pos(int total, int myPool, int[] me, int theirPool, int[] them) {
    return Position.ofVariant(side(total, myPool, me), side(total, theirPool, them), new int[] {myPool},
        new int[] {theirPool}).get();
  }

  static List<String> plays(Variant v, Position p, int d1, int d2) {
    List<String> out = new ArrayList<>();
    for (Play play : v.legalPlays(p, new Dice(d1, d2))) out.add(Notation.write(play));
    return out;
  }

  /** Plays {@code written} for the player on roll after rolling {@code d1}-{@code d2}. */
  static Game play(Game g, int d1, int d2, String written) {
    g = g.apply(new Action.Roll(new Dice(d1, d2))).get();
    for (Play p : g.legalPlays()) {
      if (Notation.write(p).equals(written)) return g.apply(new Action.Move(p)).get();
    }
    throw new AssertionError(written + " is not among " + g.legalPlays());
  }

  static Game setUp(Variant v, Position p) {
    Rules rules = Rules.match(25).toBuilder().variant(v.name()).cube(v.cubeAllowed()).build();
    return Game.setUp(rules, new Game.Seat(0, 0, false, false), p, 0, 1);
  }

  @Test
  void allFifteenStartWaiting() {
    Position s = RACE.start();
    assertThat(s.moverPool()).isEqualTo(15);
    assertThat(s.opponentPool()).isEqualTo(15);
    assertThat(s.moverCheckers()).isEqualTo(15);
    assertThat(s.moverPips()).isEqualTo(15 * 25);
    for (int p = 0; p <= 25; p++) assertThat(s.mover(p) + s.opponent(p)).isZero();
    assertThat(RACE.validate(s).isOk()).isTrue();
  }

  @Test
  void theFirstCheckersEnterAsFromTheBarAndMayMoveOn() {
    assertThat(plays(RACE, RACE.start(), 6, 5)).containsExactlyInAnyOrder("bar/20 bar/19", "bar/14");
    // entry=all-first: nothing moves on while a checker waits.
    assertThat(plays(ALL_FIRST, ALL_FIRST.start(), 6, 5)).containsExactlyInAnyOrder("bar/20 bar/19");
  }

  @Test
  void checkersOnTheBoardMayMoveWhileOthersWaitUnlessAllFirst() {
    // One waiting, fourteen on the 6; the opponent holds my 22 (his 3).
    Position p = pos(15, 1, new int[] {6, 14}, 0, new int[] {3, 15});
    assertThat(plays(RACE, p, 4, 3)).containsExactlyInAnyOrder("bar/18", "bar/21 6/3", "6/3 6/2");
    assertThat(plays(ALL_FIRST, p, 4, 3)).containsExactlyInAnyOrder("bar/18", "bar/21 6/3");
  }

  @Test
  void allFirstOnlyTheEnteredCheckerFreesTheBoard() {
    Position p = pos(15, 1, new int[] {13, 5, 8, 5, 6, 4}, 0, new int[] {3, 15});
    // The 3 cannot enter (22 is held), so the 4 enters first and then anything may move the 3.
    assertThat(plays(ALL_FIRST, p, 4, 3)).containsExactlyInAnyOrder("bar/18", "bar/21 13/10", "bar/21 8/5",
        "bar/21 6/3");
  }

  @Test
  void aHitCheckerEntersBeforeTheWaitingOnesAndBeforeAnyMove() {
    // One on the bar, two waiting; the opponent holds my 19, 17 and 12 (his 6, 8, 13).
    Position p = pos(15, 2, new int[] {25, 1, 13, 4, 8, 4, 6, 4}, 0, new int[] {6, 5, 8, 5, 13, 5});
    assertThat(plays(RACE, p, 6, 5)).containsExactlyInAnyOrder("bar/20 13/7", "bar/20 8/2", "bar/14");
    // The bar checker cannot enter with a 6: no waiting checker enters and nothing moves.
    assertThat(plays(RACE, p, 6, 6)).isEmpty();
  }

  @Test
  void enteringFromThePoolHits() {
    // The opponent's blot on my 21 (his 4), the rest on my 22 (his 3).
    Position p = pos(15, 1, new int[] {6, 14}, 0, new int[] {4, 1, 3, 14});
    assertThat(plays(RACE, p, 4, 1)).containsExactlyInAnyOrder("bar/21*/20", "bar/21* 6/5", "bar/24 6/2", "6/5 6/2",
        "6/1", "bar/20");
  }

  @Test
  void bearingOffNeedsEveryCheckerEntered() {
    Position waiting = pos(15, 1, new int[] {5, 14}, 0, new int[] {3, 15});
    assertThat(plays(RACE, waiting, 6, 5)).containsExactlyInAnyOrder("bar/14");
    Position entered = pos(15, 0, new int[] {5, 15}, 0, new int[] {3, 15});
    assertThat(plays(RACE, entered, 6, 5)).containsExactlyInAnyOrder("5/off(2)");
  }

  @Test
  void aCheckerStillWaitingMakesABackgammon() {
    Position waiting = pos(15, 0, new int[] {1, 1}, 1, new int[] {6, 14});
    Game g = play(setUp(RACE, waiting), 2, 1, "1/off");
    assertThat(g.isOver()).isTrue();
    assertThat(g.result().winner()).hasValue(0);
    assertThat(g.result().points()).isEqualTo(3);
    // All entered, none off, none in the winner's home: a gammon.
    Position in = pos(15, 0, new int[] {1, 1}, 0, new int[] {6, 15});
    assertThat(play(setUp(RACE, in), 2, 1, "1/off").result().points()).isEqualTo(2);
    // One borne off: a single game.
    Position one = pos(15, 0, new int[] {1, 1}, 0, new int[] {6, 14});
    assertThat(play(setUp(RACE, one), 2, 1, "1/off").result().points()).isEqualTo(1);
  }

  @Test
  void optionsReadAndWriteBack() {
    assertThat(ALL_FIRST.name()).isEqualTo("race:entry=all-first");
    assertThat(Variants.parse("race:entry=sometimes").error()).contains("entry");
    assertThat(Variants.parse("race:speed=fast").error()).contains("entry");
  }

  @Test
  void allFirstGamesEnd() {
    RandomGames.Tally t = RandomGames.play(ALL_FIRST, 1_000, 26);
    assertThat(t.atLeast(3)).isPositive();
  }
}
