package tabla.bot.eval;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.Result;

/**
 * The contact inputs as the networks read them (the escapes from their table, both sides in one pass) against
 * {@link ContactInputs}' definitions, one function per input, on seeded random positions: games of random plays
 * (hits, checkers on the bar, bear-offs) and checkers thrown on the board at random (primes and closed boards).
 */
class ContactEncodingTest {
  @Test
  void theTableEscapesAreTheRollsTriedOnTheBoard() {
    for (Position p : positions(3000, 41)) {
      for (Position side : new Position[] {p, p.swap()}) {
        int made = ContactInputs.madeMask(side);
        for (int from = 0; from <= Position.BAR; from++) {
          assertThat(ContactInputs.escapes(side, from)).as("%s from %d", side, from)
              .isEqualTo(ContactInputs.escapesByRolls(made, from));
        }
      }
    }
  }

  @Test
  void theEncodedInputsAreTheDefinitionsScaled() {
    Features fast = new Features(ContactNet.EXTRA + Features.COUNT);
    int nonZero = 0;
    for (Position p : positions(3000, 42)) {
      float[] want = new float[ContactNet.EXTRA];
      reference(p, want, 0);
      reference(p.swap(), want, ContactNet.PER_SIDE);
      fast.size = 0;
      ContactNet.encodeExtra(p, fast);
      float[] got = new float[ContactNet.EXTRA];
      int last = -1;
      for (int k = 0; k < fast.size; k++) {
        int i = fast.index[k] - Features.COUNT;
        assertThat(i).as("inputs in order, each once").isGreaterThan(last);
        last = i;
        assertThat(fast.value[k]).as("only non-zero inputs are listed").isNotZero();
        got[i] = fast.value[k];
      }
      assertThat(got).as("%s", p).containsExactly(want);
      nonZero += fast.size;
    }
    assertThat(nonZero).as("the positions exercise the inputs").isGreaterThan(3000 * 12);
  }

  /** One side's ten inputs as first written: each {@link ContactInputs} function on its own, scaled. */
  private static void reference(Position p, float[] out, int base) {
    out[base] = ContactInputs.escapes(p, ContactInputs.rearmost(p)) / 36f;
    out[base + 1] = ContactInputs.escapes(p, ContactInputs.secondRearmost(p)) / 36f;
    out[base + 2] = ContactInputs.containment(p) / 36f;
    out[base + 3] = ContactInputs.primeLength(p) / 6f;
    out[base + 4] = ContactInputs.primeTop(p) / 24f;
    out[base + 5] = ContactInputs.homePoints(p) / 6f;
    out[base + 6] = ContactInputs.enteringRolls(p) / 36f;
    out[base + 7] = ContactInputs.timing(p) / 100f;
    out[base + 8] = ContactInputs.opponentPipsToHome(p) / 100f;
    out[base + 9] = ContactInputs.trapped(p) / 30f;
  }

  /** {@code n} positions: half from games of random plays, half with each side's checkers thrown at random. */
  static List<Position> positions(int n, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    List<Position> out = new ArrayList<>();
    PlayGenerator gen = new PlayGenerator();
    Position p = Position.START;
    while (out.size() < n / 2) {
      int plays = gen.generate(p, 1 + r.nextInt(6), 1 + r.nextInt(6));
      Position next = plays == 0 ? p : gen.result(r.nextInt(plays));
      if (next.mover(Position.OFF) == Position.CHECKERS) {
        p = Position.START;
        continue;
      }
      out.add(next);
      p = next.swap();
    }
    while (out.size() < n) {
      int[] us = thrown(r, r.nextInt(19, 26));
      int[] them = thrown(r, r.nextInt(19, 26));
      Result<Position> q = Position.of(us, them);
      if (q.isOk()) out.add(q.get());
    }
    return out;
  }

  /** 15 checkers on points 1..{@code top} (25: the bar), mostly in twos and threes, so that points are made. */
  private static int[] thrown(SplittableRandom r, int top) {
    int[] side = new int[Position.SIDE];
    int left = Position.CHECKERS;
    while (left > 0) {
      int k = Math.min(left, r.nextInt(1, 4));
      side[r.nextInt(1, top + 1)] += k;
      left -= k;
    }
    return side;
  }
}
