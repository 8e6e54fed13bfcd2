package tabla.server.games;

import java.util.List;
import tabla.server.games.GameSnapshot.BreakView;

/**
 * The pause between two games of a match, so both players see how the last one ended: the next game's opening
 * roll waits until both have said "continue" (the computer always has) or {@link #MILLIS} have passed. No clock
 * runs meanwhile (nobody is to act). A restart begins the pause anew; the "continue"s already given are stored.
 * Not thread-safe: the room calls it under its lock. Times are epoch milliseconds.
 */
final class BetweenGames {
  /** How long the result of a game stays before the next one starts by itself: 10 seconds. */
  static final long MILLIS = 10_000;

  private final boolean[] computer;
  private boolean[] ready;
  private int gameNo = -1; // the game that waits to start
  private long endsAt;

  BetweenGames(boolean[] computer) {
    this.computer = computer.clone();
    this.ready = computer.clone();
  }

  /** Game {@code gameNo} waits to start, as seen at {@code now}: its pause begins the first time it is seen. */
  void waitFor(int gameNo, long now) {
    if (this.gameNo == gameNo) return;
    this.gameNo = gameNo;
    this.endsAt = now + MILLIS;
    this.ready = computer.clone();
  }

  boolean ready(int seat) {
    return ready[seat];
  }

  void setReady(int seat) {
    ready[seat] = true;
  }

  /** Whether the next game may start: both are ready, or the pause has run out. */
  boolean over(long now) {
    return ready[0] && ready[1] || now >= endsAt;
  }

  BreakView view(long now) {
    return new BreakView(gameNo, Math.max(0, endsAt - now), List.of(ready[0], ready[1]));
  }
}
