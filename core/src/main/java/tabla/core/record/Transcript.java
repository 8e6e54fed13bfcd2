package tabla.core.record;

import java.util.ArrayList;
import java.util.List;
import tabla.core.Backgammon;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * A match as the record formats hold it: per game, the turns each player took and how it ended.
 * Readers build one from a file and {@link Replay} judges it; writers get one from {@link #of}.
 */
final class Transcript {
  private Transcript() {}

  /** UNPLAYED: dice rolled and not played when the game's record stops (resigned, or unfinished). */
  enum Kind { ROLL, UNPLAYED, DOUBLE, BEAVER, RACCOON, TAKE, DROP }

  /**
   * One recorded action. A ROLL holds the dice (high die first, as gnubg writes them) and the single
   * moves played, none for a pass. {@code cube} is the value a double or beaver turns the cube to;
   * {@code line} is where a reader found the entry (0 when written).
   */
  record Entry(int player, Kind kind, Dice dice, List<Move> moves, int cube, int line) {
    static Entry of(int player, Kind kind, int cube, int line) {
      return new Entry(player, kind, null, List.of(), cube, line);
    }
  }

  /** How a game ended; {@code resigned} is null when the format does not say. */
  record Ending(int winner, int points, Boolean resigned, int line) {}

  /** A game: the score before it and its Crawford mark where the file states them (else null). */
  record GameRecord(int line, int[] scores, Boolean crawfordGame, List<Entry> entries, Ending end) {}

  /** Why the formats cannot hold a match under {@code rules}, or null when they can. */
  static String unsupported(Rules rules) {
    if (rules.variant() != Variants.STANDARD) {
      return rules.variant().name() + " cannot be recorded in .sgf or .mat (they hold standard backgammon only)";
    }
    if (rules.opening() != Rules.Opening.ROLL_OFF_DICE) return "only the standard opening can be recorded";
    if (rules.stakes() != Rules.Stakes.GEOMETRIC) return "only geometric cube stakes can be recorded";
    if (rules.scoring() != Rules.Scoring.STANDARD || rules.barBackgammonTimesFour()) {
      return "only standard scoring (single, gammon, backgammon) can be recorded";
    }
    if (rules.holland()) return "the Holland rule cannot be recorded";
    if (rules.automaticDoubles() > 0) return "automatic doubles cannot be recorded";
    if (rules.beaverRefusable()) return "refusable beavers cannot be recorded";
    if (rules.noGammonWithCube()) return "'no gammons with the cube' cannot be recorded";
    if (rules.nextGame() != Rules.NextGame.ROLL_OFF) return "a game begun without a roll-off cannot be recorded";
    return null;
  }

  /**
   * The games of {@code match} as entries. Lost on the way, as in gnubg's own files: tied opening
   * roll-offs, rejected or unanswered resignations, and a game that has not started yet.
   */
  static List<GameRecord> of(Match match) {
    List<GameRecord> out = new ArrayList<>();
    int[] score = {0, 0};
    for (Game g : match.games()) {
      GameRecord rec = game(g, score.clone());
      if (rec.entries().isEmpty() && rec.end() == null) continue; // not started, or only tied roll-offs
      out.add(rec);
      if (g.isOver()) {
        score[0] += g.result().pointsFor(0);
        score[1] += g.result().pointsFor(1);
      }
    }
    return out;
  }

  private static GameRecord game(Game g, int[] scores) {
    List<Entry> entries = new ArrayList<>();
    Game state = Game.start(g.rules(), g.seat());
    Dice pending = null;
    int roller = -1;
    List<Game.Event> events = g.events();
    for (int i = 0; i < events.size(); i++) {
      if (state.events().size() > i) continue; // the engine's automatic pass, already applied
      Game.Event e = events.get(i);
      Game before = state;
      state = state.apply(e.action()).get();
      int p = e.player().orElse(-1); // -1: the roll-off, both players
      Action a = e.action();
      if (a instanceof Action.RollOff r) {
        if (r.die0() == r.die1()) continue; // a tie is rolled again; no format keeps it
        roller = r.die0() > r.die1() ? 0 : 1;
        pending = new Dice(Math.max(r.die0(), r.die1()), Math.min(r.die0(), r.die1()));
      } else if (a instanceof Action.Roll r) {
        roller = p;
        pending = new Dice(r.dice().high(), r.dice().low());
      } else if (a instanceof Action.Move m) {
        // No roll of its own: the rest of a roll played on (Gul bara's higher doubles) shows its dice.
        Dice d = pending != null ? pending : before.dice();
        entries.add(new Entry(p, Kind.ROLL, d, steps(before, m.play()), 0, 0));
        pending = null;
      } else if (a instanceof Action.Double) {
        entries.add(Entry.of(p, Kind.DOUBLE, 2 * before.cube(), 0));
      } else if (a instanceof Action.Beaver) {
        entries.add(Entry.of(p, Kind.BEAVER, state.cube(), 0));
      } else if (a instanceof Action.Raccoon) {
        entries.add(Entry.of(p, Kind.RACCOON, state.cube(), 0));
      } else if (a instanceof Action.Take) {
        entries.add(Entry.of(p, Kind.TAKE, 0, 0));
      } else if (a instanceof Action.Drop) {
        entries.add(Entry.of(p, Kind.DROP, 0, 0));
      } // resignations: only an accepted one shows, in the ending
      if (pending != null && state.events().size() == i + 2) { // no legal play: the engine passed
        entries.add(new Entry(roller, Kind.ROLL, pending, List.of(), 0, 0));
        pending = null;
      }
    }
    if (pending != null) entries.add(new Entry(roller, Kind.UNPLAYED, pending, List.of(), 0, 0));
    Ending end = null;
    if (state.isOver() && !state.result().isDraw()) { // .mat and .sgf hold backgammon, which has no draws
      GameResult r = state.result();
      end = new Ending(r.winner().getAsInt(), r.points(), r.end() == GameResult.End.RESIGNED, 0);
    }
    // The engine counts a 1-point match's only game as the Crawford game; gnubg does not mark it.
    boolean crawfordGame = g.seat().crawfordGame() && g.rules().matchLength() > 1;
    return new GameRecord(0, scores, crawfordGame, entries, end);
  }

  /**
   * The play's single moves: as recorded when each step is one die (keeping the order a file gave),
   * else as the move generator lists them (callers may hand the engine merged steps like 24/13).
   */
  private static List<Move> steps(Game before, Play play) {
    if (play.isPass()) return List.of();
    if (playable(before.position(), before.dice(), play.moves())) return withHits(before.position(), play.moves());
    for (Play legal : Backgammon.legalPlays(before.position(), before.dice())) {
      if (legal.equals(play)) return legal.moves();
    }
    return play.moves();
  }

  /** Whether the steps can be played one by one in this order: one die each, never onto a block. */
  static boolean playable(Position pos, Dice dice, List<Move> moves) {
    if (!oneDieEach(dice, moves)) return false;
    int[] mine = pos.moverSide();
    int[] theirs = new int[Position.BAR + 1]; // opponent checkers on the mover's points
    for (int p = 1; p <= 24; p++) theirs[p] = pos.opponentAt(p);
    for (Move m : moves) {
      if (mine[m.from()] == 0 || (m.from() != Move.BAR && mine[Move.BAR] > 0)) return false;
      if (m.to() == Move.OFF) {
        for (int p = 7; p <= Move.BAR; p++) if (mine[p] > 0) return false; // bearing off before all are home
      } else if (theirs[m.to()] > 1) {
        return false;
      } else {
        theirs[m.to()] = 0;
      }
      mine[m.from()]--;
      mine[m.to()]++;
    }
    return true;
  }

  private static boolean oneDieEach(Dice dice, List<Move> moves) {
    List<Integer> dice4 = new ArrayList<>(dice.isDouble()
        ? List.of(dice.first(), dice.first(), dice.first(), dice.first()) : List.of(dice.high(), dice.low()));
    for (Move m : moves) {
      int d = m.from() - m.to();
      if (!dice4.remove(Integer.valueOf(d))) {
        // Bearing off with a higher die than needed: use the smallest such die.
        Integer higher = m.to() != Move.OFF ? null : dice4.stream().filter(x -> x > d).min(Integer::compare).orElse(null);
        if (higher == null) return false;
        dice4.remove(higher);
      }
    }
    return true;
  }

  /** The moves with hit marks from the board: the first checker to land on a lone opposing checker hits. */
  static List<Move> withHits(Position pos, List<Move> moves) {
    boolean[] hit = new boolean[Position.BAR + 1];
    List<Move> marked = new ArrayList<>();
    for (Move m : moves) {
      boolean h = m.to() != Move.OFF && pos.opponentAt(m.to()) == 1 && !hit[m.to()];
      if (h) hit[m.to()] = true;
      marked.add(Move.of(m.from(), m.to(), h));
    }
    return marked;
  }
}
