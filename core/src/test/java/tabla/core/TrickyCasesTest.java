package tabla.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.core.format.Notation;

/**
 * rules.md §3, cases T1-T11, plus the classic points listed under them. Positions are written as in
 * rules.md: White (the mover) in his own numbering, Black's points also in White's numbering.
 */
class TrickyCasesTest {

  /** White's side from (point, count) pairs in White's numbering; the rest are borne off. */
  static int[] white(int... pairs) {
    return Position.side(pairs);
  }

  /** Black's side from (point, count) pairs given in WHITE's numbering (bar stays 25). */
  static int[] black(int... pairs) {
    int[] own = pairs.clone();
    for (int i = 0; i < own.length; i += 2) {
      if (own[i] != Position.BAR) own[i] = 25 - own[i];
    }
    return Position.side(own);
  }

  static Position pos(int[] white, int[] black) {
    Position p = Position.of(white, black).get();
    assertThat(p.moverCheckers()).as("White's checkers").isEqualTo(15);
    assertThat(p.opponentCheckers()).as("Black's checkers").isEqualTo(15);
    return p;
  }

  static List<String> plays(Position p, int d1, int d2) {
    return Backgammon.legalPlays(p, new Dice(d1, d2)).stream().map(Notation::write).toList();
  }

  static String refusal(Position p, int d1, int d2, String text) {
    Result<Play> r = Notation.parse(p, new Dice(d1, d2), text);
    assertThat(r.isOk()).as("'%s' should be refused", text).isFalse();
    return r.error();
  }

  // T1-T4 share White's 13:1, 1:14.
  static Position t1to4(int[] black) {
    return pos(white(13, 1, 1, 14), black);
  }

  static final Position T1 = t1to4(black(7, 2));
  static final Position T2 = t1to4(black(2, 2));
  static final Position T8 = pos(white(25, 1, 13, 14), black(24, 3, 23, 3, 22, 3, 21, 3, 20, 3));

  @Test
  void blackHelperConvertsToBlacksOwnNumbering() {
    Position p = T1;
    assertThat(p.opponentAt(7)).isEqualTo(2);
    assertThat(p.opponent(18)).isEqualTo(2);
    assertThat(p.opponent(Position.OFF)).isEqualTo(13);
  }

  @Test
  void t1_bothDiceOrdersAreTried_13_8_2only() {
    assertThat(plays(T1, 6, 5)).containsExactlyInAnyOrder("13/2");
    assertThat(plays(T1, 5, 6)).containsExactlyInAnyOrder("13/2");
  }

  @Test
  void t2_onlyOneDiePlayable_largerMustBePlayed_13_7only() {
    assertThat(plays(T2, 6, 5)).containsExactlyInAnyOrder("13/7");
    assertThat(plays(T2, 5, 6)).containsExactlyInAnyOrder("13/7");
  }

  @Test
  void t3_doublesPlayAsManyAsPossible_13_9only() {
    assertThat(plays(t1to4(black(5, 2)), 4, 4)).containsExactlyInAnyOrder("13/9");
  }

  @Test
  void t4_bothDiceBeatTheNicerOneDieHit_13_7hit_6only() {
    assertThat(plays(t1to4(black(7, 1, 12, 2)), 6, 1)).containsExactlyInAnyOrder("13/7*/6");
  }

  @Test
  void t5_fiveCannotBearOffTheFourWhileSixIsOccupied() {
    Position p = pos(white(6, 1, 4, 1), black(19, 15));
    // "6/off" is 6/4 then 4/off with the 5 (gnubg joins the path).
    assertThat(plays(p, 5, 2)).containsExactlyInAnyOrder("6/1 4/2", "6/off");
    // 4/2 then 2/off with the 5 would leave the 6 alone: illegal while 6 is occupied.
    assertThat(refusal(p, 5, 2, "4/off")).contains("only when no checker stands higher");
  }

  @Test
  void t6_orderFreedom_worsePlayStillLegal() {
    Position p = pos(white(5, 1, 2, 1), black(19, 15));
    // "5/off" is 5/2 then 2/off: one checker stays on 2.
    assertThat(plays(p, 6, 3)).containsExactlyInAnyOrder("5/off 2/off", "5/off");
    Play worse = Notation.parse(p, new Dice(6, 3), "5/2 2/off").get();
    assertThat(worse.result().mover(2)).isEqualTo(1);
  }

  @Test
  void t7_bearOffBecomesLegalMidTurn_noObligationToBearOff() {
    Position p = pos(white(7, 1, 3, 14), black(19, 15));
    // 7/6 6/off and 7/1 1/off reach the same position, so they are one play, written 7/off.
    assertThat(plays(p, 6, 1)).containsExactlyInAnyOrder("7/off", "7/1 3/2");
    assertThat(Notation.parse(p, new Dice(6, 1), "7/6 6/off").get())
        .isEqualTo(Notation.parse(p, new Dice(6, 1), "7/1 1/off").get());
  }

  @Test
  void t8a_afterEnteringTheOtherDieIsFree() {
    assertThat(plays(T8, 6, 2)).containsExactlyInAnyOrder("bar/17", "bar/19 13/11");
  }

  @Test
  void t8b_closedEntryForfeitsWholeRoll_evenThough13_8Exists() {
    assertThat(plays(T8, 5, 2)).isEmpty();
    assertThat(Notation.parse(T8, new Dice(5, 2), "pass").get().isPass()).isTrue();
    assertThat(refusal(T8, 5, 2, "13/8 13/11")).contains("must pass");
  }

  @Test
  void t8c_enterAsManyAsPossibleThenForfeit_bar19only() {
    Position p = pos(white(25, 2, 13, 13), black(24, 3, 23, 3, 22, 3, 21, 3, 20, 3));
    assertThat(plays(p, 6, 3)).containsExactlyInAnyOrder("bar/19");
    assertThat(refusal(p, 6, 3, "bar/19 13/10")).contains("bar must enter");
  }

  @Test
  void t9_enterAndHit_sameSquareDifferentPlays() {
    Position p = pos(white(25, 1, 13, 14), black(22, 1));
    assertThat(plays(p, 4, 3))
        .containsExactlyInAnyOrder("bar/22*/18", "bar/18", "bar/22* 13/9", "bar/21 13/10");
  }

  @Test
  void t10_hitInPassingOnIntermediatePoint() {
    Position p = pos(white(13, 1, 6, 14), black(7, 1));
    assertThat(plays(p, 6, 5)).contains("13/7*/2", "13/2").hasSize(3)
        .containsExactlyInAnyOrder("13/7*/2", "13/2", "13/7* 6/1");
    Play viaHit = Notation.parse(p, new Dice(6, 5), "13/7*/2").get();
    Play noHit = Notation.parse(p, new Dice(6, 5), "13/8/2").get();
    assertThat(viaHit).isNotEqualTo(noHit);
    assertThat(viaHit.result().opponent(Position.BAR)).isEqualTo(1);
    assertThat(noHit.result().opponent(Position.BAR)).isZero();
  }

  @Test
  void t11_borneOffThenHit_mustEnterFirst_andCannotBeGammoned() {
    Position white = pos(white(6, 4, 5, 4, 4, 3, 2, 1), black(25, 1, 12, 5, 17, 5, 15, 4));
    assertThat(white.mover(Position.OFF)).isEqualTo(3);
    // Black enters with the 2 on his 23 (White's 2) and hits.
    Position blackView = white.swap();
    Play hit = Notation.parse(blackView, new Dice(2, 1), "bar/23* 13/12").get();
    Position afterHit = hit.result().swap();
    assertThat(afterHit.mover(Position.BAR)).isEqualTo(1);
    assertThat(afterHit.opponentAt(2)).isEqualTo(1);
    assertThat(afterHit.mover(Position.OFF)).as("White keeps his borne-off checkers").isEqualTo(3);
    // White must enter first and cannot bear off this turn: the entered checker is outside.
    List<Play> legal = Backgammon.legalPlays(afterHit, new Dice(6, 5));
    assertThat(legal).isNotEmpty().allSatisfy(pl -> {
      assertThat(pl.moves().get(0).from()).isEqualTo(Move.BAR);
      assertThat(pl.moves()).noneMatch(m -> m.to() == Move.OFF);
    });
    assertThat(refusal(afterHit, 6, 5, "6/off 5/off")).contains("bar must enter");
  }

  @Test
  void bearOffWithHigherDieOnlyFromHighestPoint() {
    Position p = pos(white(3, 2, 1, 1), black(19, 15));
    assertThat(plays(p, 5, 4)).containsExactlyInAnyOrder("3/off(2)");
    assertThat(refusal(p, 5, 4, "3/off 1/off")).contains("from 1 only when no checker stands higher");
  }

  @Test
  void hitCheckerReentersBeforeAnyOtherMove_evenMidBearOff() {
    int[] w = white(25, 1, 6, 3, 5, 3, 4, 3); // 5 already off
    Position open = pos(w, black(24, 2, 12, 13));
    assertThat(open.mover(Position.OFF)).isEqualTo(5);
    assertThat(Backgammon.legalPlays(open, new Dice(6, 4)))
        .isNotEmpty().allSatisfy(pl -> assertThat(Notation.write(pl)).startsWith("bar/"));
    // With 19 and 21 closed, 6-4 cannot enter: pass, though 6/off and 4/off would be fine otherwise.
    Position closed = pos(w, black(19, 2, 21, 2, 24, 11));
    assertThat(plays(closed, 6, 4)).isEmpty();
    assertThat(refusal(closed, 6, 4, "6/off 4/off")).contains("must pass");
  }

  @Test
  void blockedLandingIsNamedAsBlocked() {
    assertThat(refusal(T1, 6, 5, "13/7")).contains("point 7 is blocked");
  }

  @Test
  void illegalTextGivesAReason() {
    assertThat(refusal(T2, 6, 5, "13/8")).contains("larger one (6)");
    assertThat(refusal(t1to4(black(5, 2)), 4, 4, "13/9 9/5")).contains("point 5 is blocked");
    assertThat(refusal(T1, 6, 5, "pass")).contains("legal move").contains("13/2");
    assertThat(refusal(T1, 6, 5, "13/x")).contains("cannot read");
  }
}
