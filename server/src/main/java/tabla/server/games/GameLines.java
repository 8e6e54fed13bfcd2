package tabla.server.games;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import tabla.core.Dice;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.variant.Variant;
import tabla.server.games.GameSnapshot.HistoryEntry;

/**
 * The history lines of one game of a match, built event by event: a game's events only grow, so a live game
 * adds the lines of its new events instead of writing all of them again after every action. Not thread-safe: the
 * room's lock guards it ({@link HistoryMemo}).
 */
final class GameLines {
  private final int no;
  private final Variant variant;
  private final List<HistoryEntry> lines = new ArrayList<>();
  private Dice rolled; // a roll is shown with the move that plays it
  private int seen; // events already turned into lines
  private boolean over;

  /** Game number {@code no} (1-based) of a match of {@code variant}. */
  GameLines(int no, Variant variant) {
    this.no = no;
    this.variant = variant;
  }

  /**
   * The lines of game {@code g} (this game, as it is now: the same or more events than last time), with the board
   * after each line when {@code states} (the game's trail) is given; a view, valid until the next call.
   */
  List<HistoryEntry> of(Game g, List<Game> states) {
    List<Game.Event> events = g.events();
    if (events.size() < seen) throw new IllegalStateException("game " + no + " lost events");
    for (; seen < events.size(); seen++) add(events.get(seen), states == null ? null : states.get(seen));
    if (g.isOver() && !over) {
      GameResult r = g.result();
      lines.add(new HistoryEntry(no, Snapshot.seatOrNull(r.winner()), "result", r.end().name().toLowerCase() + " "
          + r.points(), null, r.multiplier(), r.cube(), null, null));
      over = true;
    }
    return Collections.unmodifiableList(lines);
  }

  private void add(Game.Event e, Game after) {
    Action a = e.action();
    String type;
    String text;
    List<Integer> dice = null;
    if (a instanceof Action.RollOff r) {
      type = "rolloff";
      text = r.die0() + "-" + r.die1();
      dice = List.of(r.die0(), r.die1());
      if (r.die0() != r.die1()) rolled = new Dice(Math.max(r.die0(), r.die1()), Math.min(r.die0(), r.die1()));
    } else if (a instanceof Action.Roll r) {
      rolled = r.dice();
      return; // shown with the move that plays it
    } else if (a instanceof Action.Move mv) {
      type = "move";
      Dice d = rolled;
      int dbl = d == null ? 0 : variant.chosenDouble(d, mv.play());
      // "12 55: …": Acey-deucey's 1-2, then the double chosen
      text = (d == null ? "" : "" + d.first() + d.second() + (dbl == 0 ? "" : " " + dbl + dbl) + ": ")
          + Notation.write(mv.play());
      dice = d == null ? null : List.of(d.first(), d.second());
      rolled = null;
    } else if (a instanceof Action.Resign r) {
      type = "resign";
      text = String.valueOf(r.level());
    } else {
      type = EventCodec.type(a);
      text = "";
    }
    lines.add(new HistoryEntry(no, Snapshot.seatOrNull(e.player()), type, text,
        after == null ? null : Snapshot.board(variant, after.positionFor(0)), null, null,
        after == null ? null : Snapshot.cube(after), after == null ? null : dice));
  }
}
