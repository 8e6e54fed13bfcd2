package tabla.core;

import java.util.List;

/**
 * A whole turn's checker play: the single moves in the order played, and the position they reach,
 * still from the mover's side (not swapped). Two plays that reach the same position are the same
 * play, so equality looks at the result only. An empty move list is a pass.
 */
public record Play(List<Move> moves, Position result) {

  public Play {
    moves = List.copyOf(moves);
  }

  public boolean isPass() {
    return moves.isEmpty();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Play p && result.equals(p.result);
  }

  @Override
  public int hashCode() {
    return result.hashCode();
  }

  @Override
  public String toString() {
    return tabla.core.format.Notation.write(this);
  }
}
