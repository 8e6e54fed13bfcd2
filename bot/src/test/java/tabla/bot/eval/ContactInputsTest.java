package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import tabla.core.PlayGenerator;
import tabla.core.Position;

/** Each contact input on hand-built positions whose answer is counted by hand in the comments. */
class ContactInputsTest {
  static Position pos(int[] mover, int[] opponent) {
    return Position.of(mover, opponent).get();
  }

  @Test
  void escapesPastOneBlockSixAhead() {
    // Mover's back checker on 24; the opponent's only point within 12 pips is its 7-point (our 18), the rest on its
    // 14-point (our 11, 13 pips away: out of reach). Passing 18 needs 7+ pips: the 9 non-doubles summing 7 or more
    // (1-6 2-5 2-6 3-4 3-5 3-6 4-5 4-6 5-6, a 6 played second), 18 rolls, and 4-4 and 5-5 — 20. Not 2-2 (22, 20,
    // then 18 is made), 3-3 (21, 18) or 6-6 (18).
    Position p = pos(Position.side(24, 1, 6, 14), Position.side(7, 2, 14, 13));
    assertThat(ContactInputs.rearmost(p)).isEqualTo(24);
    assertThat(ContactInputs.secondRearmost(p)).isEqualTo(6);
    assertThat(ContactInputs.escapes(p, 24)).isEqualTo(20);
    // From the 6-point nothing is made in front: free.
    assertThat(ContactInputs.escapes(p, 6)).isEqualTo(36);
  }

  @Test
  void aFullPrimeContainsEverything() {
    // The opponent's 2- to 7-points made (our 18..23) in front of our checker on 24: no roll gets out.
    int[] prime = Position.side(2, 2, 3, 2, 4, 2, 5, 2, 6, 2, 7, 2, 14, 3);
    Position p = pos(Position.side(24, 2, 6, 13), prime);
    assertThat(ContactInputs.escapes(p, 24)).isZero();
    assertThat(ContactInputs.secondRearmost(p)).isEqualTo(24);
    // Seen from the side that holds the prime: its containment of our rearmost checker is complete, and it has a
    // six-point prime topped by its 7-point.
    assertThat(ContactInputs.containment(p.swap())).isEqualTo(36);
    assertThat(ContactInputs.primeLength(p.swap())).isEqualTo(6);
    assertThat(ContactInputs.primeTop(p.swap())).isEqualTo(7);
  }

  @Test
  void fromTheBarAgainstAFourPointBoard() {
    // Opponent's 3- to 6-points made (our 19..22); we are on the bar. Entering: a 1 or a 2 (our 24 or 23):
    // 36 − 4² = 20 rolls. Getting past our 19 needs 7+ pips through an open entry: 1-6, 2-5, 2-6 = 6 rolls
    // (1-1 stops at 22, 2-2 at 21).
    Position p = pos(Position.side(25, 1, 6, 14), Position.side(3, 2, 4, 2, 5, 2, 6, 2, 13, 7));
    assertThat(ContactInputs.rearmost(p)).isEqualTo(25);
    assertThat(ContactInputs.enteringRolls(p)).isEqualTo(20);
    assertThat(ContactInputs.escapes(p, 25)).isEqualTo(6);
    // At the start the opponent's 6-point is its one home point: only 6-6 fails, 35.
    assertThat(ContactInputs.enteringRolls(Position.START)).isEqualTo(35);
  }

  @Test
  void primesAreTheLongestRunOfMadePoints() {
    // Made: 8, 7, 6, 5 (a four-prime topped by 8) and 3; the 13 holds one checker short of nothing.
    Position p = pos(Position.side(8, 2, 7, 2, 6, 3, 5, 2, 3, 2, 13, 4), Position.START.opponentSide());
    assertThat(ContactInputs.primeLength(p)).isEqualTo(4);
    assertThat(ContactInputs.primeTop(p)).isEqualTo(8);
    assertThat(ContactInputs.homePoints(p)).isEqualTo(3);
    assertThat(ContactInputs.primeLength(Position.START)).isEqualTo(1);
  }

  @Test
  void aBlotSixAwayIsHitBySeventeenRolls() {
    // Our 15 checkers on the 13; the opponent's only checker in front of them a blot on our 7 (six away), the rest
    // on its home board behind us. Direct: any 6, 11 rolls; indirect: 5-1 and 4-2 (4 rolls), 3-3 and 2-2 — 17.
    int[] us = Position.side(13, 15);
    Position open = pos(us, Position.side(18, 1, 1, 4, 2, 4, 3, 3, 4, 3));
    assertThat(ContactInputs.hittingRolls(open, new PlayGenerator())).isEqualTo(17);
    // The opponent's point on our 10 blocks 3-3 (13 → 10); 5-1, 4-2 and 2-2 (11, 9, 7) go around it: 16.
    Position blocked = pos(us, Position.side(18, 1, 15, 2, 1, 4, 2, 4, 3, 2, 4, 2));
    assertThat(ContactInputs.hittingRolls(blocked, new PlayGenerator())).isEqualTo(16);
    // Nothing to hit at the start.
    assertThat(ContactInputs.hittingRolls(Position.START, new PlayGenerator())).isZero();
  }

  @Test
  void shotsCountedFromTheBoardAgreeWithTheLegalPlays() {
    // The blot six away, open and behind a point: 17 and 16, as above.
    int[] us = Position.side(13, 15);
    PlayGenerator gen = new PlayGenerator();
    assertThat(ContactInputs.shots(pos(us, Position.side(18, 1, 1, 4, 2, 4, 3, 3, 4, 3)))).isEqualTo(17);
    assertThat(ContactInputs.shots(pos(us, Position.side(18, 1, 15, 2, 1, 4, 2, 4, 3, 2, 4, 2)))).isEqualTo(16);
    // Seeded random games: every position, each side on roll, counted both ways. The board count is never below the
    // plays' (it sees every hit they make); it is above in the rare positions where a hitting checker then leaves a
    // die unplayable while another play uses both (with 24:4 5:1 4:1 2:3 1:6 against a blot on our 3, 5-2: 5/3* leaves
    // the 5 unplayable, 24/22/17 plays both, so the hit is illegal): 19 of 2,945 positions here (2 of the 1,151 with a
    // checker on the bar), by 2-4 rolls each.
    java.util.SplittableRandom dice = new java.util.SplittableRandom(29);
    int compared = 0;
    int differ = 0;
    int barPositions = 0;
    for (int game = 0; game < 40; game++) {
      Position p = Position.START;
      for (int ply = 0; ply < 200 && !p.isRace(); ply++) {
        int direct = ContactInputs.shots(p);
        int played = ContactInputs.hittingRolls(p, gen);
        compared++;
        if (p.mover(Position.BAR) > 0) barPositions++;
        assertThat(direct).as(p.toString()).isGreaterThanOrEqualTo(played);
        if (direct != played) differ++;
        int n = gen.generate(p, 1 + dice.nextInt(6), 1 + dice.nextInt(6));
        if (n > 0) p = gen.result(dice.nextInt(n));
        p = p.swap();
      }
    }
    assertThat(compared).isGreaterThan(1000);
    assertThat(barPositions).as("positions with a checker on the bar").isGreaterThan(100);
    assertThat(differ).as("of " + compared).isLessThan(compared / 100);
  }

  @Test
  void timingCountsTheFreePipsOnly() {
    // 24:2 held back (not counted); 13:4 → 4 × 12 = 48; 8:3 → 3 × 7 = 21; 6:4 → 2 spares × 5 = 10; 5:2 → none. 79.
    Position p = pos(Position.side(24, 2, 13, 4, 8, 3, 6, 4, 5, 2), Position.START.opponentSide());
    assertThat(ContactInputs.timing(p)).isEqualTo(79);
  }

  @Test
  void gammonThreats() {
    // At the start the opponent needs 2 × 18 + 5 × 7 + 3 × 2 = 77 pips to bring everything home.
    assertThat(ContactInputs.opponentPipsToHome(Position.START)).isEqualTo(77);
    // Our 6-, 5-, 4-points made; the opponent has one on the bar and two on its 24 (our 1): 3 points × 3 = 9.
    Position p = pos(Position.side(6, 3, 5, 3, 4, 3, 13, 6), Position.side(25, 1, 24, 2, 6, 12));
    assertThat(ContactInputs.trapped(p)).isEqualTo(9);
    // At the start: our 6-point × the opponent's two back checkers.
    assertThat(ContactInputs.trapped(Position.START)).isEqualTo(2);
  }
}
