package tabla.core.tournament;

/** A played (or walked-over) pairing: {@code winner} is one of the pair's entrants; a bye is won by its player. */
public record Result(Pair pair, int winner) {
  public Result {
    if (!pair.has(winner) || winner == Pair.BYE) throw new IllegalArgumentException("the winner " + winner + " is not in " + pair);
    if (pair.isBye() && winner != pair.first()) throw new IllegalArgumentException("a bye is won by its player");
  }

  public static Result bye(int entrant) {
    return new Result(new Pair(entrant, Pair.BYE), entrant);
  }

  public int loser() {
    return winner == pair.first() ? pair.second() : pair.first();
  }
}
