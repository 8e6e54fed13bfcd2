package tabla.server.fibs;

import java.util.concurrent.CompletableFuture;
import java.util.function.BooleanSupplier;

/**
 * Plays a CLIP client's side of a match until it ends, on a thread of its own: moves the first legal play whenever
 * its board says so, rolls or doubles when asked, answers doubles and resignations as told.
 */
public final class ClipPlayer {
  private ClipPlayer() {}

  /** Answers: whether to double when asked to roll or double, whether to take a double. */
  public interface Policy {
    boolean doubleNow(ClipClient c);

    boolean take(ClipClient c);
  }

  public static final Policy NEVER_DOUBLE_ALWAYS_TAKE = new Policy() {
    public boolean doubleNow(ClipClient c) {
      return false;
    }

    public boolean take(ClipClient c) {
      return true;
    }
  };

  /** The match's last line for this client ("You win the 3 point match 3-1 ." or "bob wins …"), when it ends. */
  public static CompletableFuture<String> play(ClipClient c, Policy p) {
    c.send("board"); // the board as it stands: the lines before this may have been read already
    return CompletableFuture.supplyAsync(() -> {
      while (true) {
        String l = c.await(".");
        if (l.startsWith("board:")) {
          BoardPlayer b = new BoardPlayer(l);
          if (b.myTurnToMove()) {
            String play = b.firstPlay();
            if (play != null) c.send("move " + play);
          }
        } else if (l.equals("It's your turn. Please roll or double")) {
          c.send(p.doubleNow(c) ? "double" : "roll");
        } else if (l.endsWith("doubles. Type 'accept' or 'reject'.")) {
          c.send(p.take(c) ? "accept" : "reject");
        } else if (l.contains("wants to resign. You will win")) {
          c.send("accept");
        } else if (l.matches("^(You|\\w+) wins? the \\d+ point match .*")) {
          return l;
        } else if (l.startsWith("** You can't")) {
          throw new AssertionError(c.label + ": refused: " + l + "; " + c.tail());
        }
      }
    });
  }

  static BooleanSupplier once() {
    boolean[] used = {false};
    return () -> {
      if (used[0]) return false;
      used[0] = true;
      return true;
    };
  }
}
