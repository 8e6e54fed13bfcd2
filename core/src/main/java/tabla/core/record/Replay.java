package tabla.core.record;

import java.util.List;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;
import tabla.core.record.Transcript.Entry;
import tabla.core.record.Transcript.GameRecord;

/**
 * Plays a transcript through {@link Match#apply}, so a file is only as legal as the engine finds it.
 * Every refusal comes back as "line N: reason".
 */
final class Replay {
  private final RecordInfo info;
  private final List<GameRecord> games;
  private Match match;

  private Replay(Match start, RecordInfo info, List<GameRecord> games) {
    this.match = start;
    this.info = info;
    this.games = games;
  }

  static Result<Match> run(Rules rules, RecordInfo info, List<GameRecord> games) {
    Result<Match> start = Match.start(rules);
    if (!start.isOk()) return start;
    Replay r = new Replay(start.get(), info, games);
    String error = r.all();
    return error == null ? Result.ok(r.match) : Result.err(error);
  }

  private String all() {
    int[] score = {0, 0};
    for (int gi = 0; gi < games.size(); gi++) {
      GameRecord rec = games.get(gi);
      if (match.isOver()) return at(rec.line(), "the match was already over after game " + gi);
      Game g = match.game();
      if (rec.scores() != null && (rec.scores()[0] != score[0] || rec.scores()[1] != score[1])) {
        return at(rec.line(), "the file gives the score before game " + (gi + 1) + " as " + rec.scores()[0] + "-"
            + rec.scores()[1] + ", the games before it make it " + score[0] + "-" + score[1]);
      }
      if (rec.crawfordGame() != null && rec.crawfordGame() != g.seat().crawfordGame()) {
        return at(rec.line(), "the file says game " + (gi + 1) + (rec.crawfordGame() ? " is" : " is not")
            + " the Crawford game; under these rules it " + (rec.crawfordGame() ? "is not" : "is"));
      }
      String error = game(gi, rec);
      if (error != null) return error;
      Game done = match.games().get(gi);
      if (done.isOver()) {
        score[0] += done.result().pointsFor(0);
        score[1] += done.result().pointsFor(1);
      }
      else if (gi < games.size() - 1) return at(rec.line(), "game " + (gi + 1) + " has no end, yet another follows");
    }
    return null;
  }

  private String game(int gi, GameRecord rec) {
    List<Entry> entries = rec.entries();
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      Game g = match.games().get(gi);
      if (g.isOver()) return at(e.line(), "the game is already over");
      boolean opening = g.phase() == Phase.OPENING;
      boolean roll = e.kind() == Transcript.Kind.ROLL || e.kind() == Transcript.Kind.UNPLAYED;
      if (!(opening && roll) && !g.toAct(e.player())) {
        return at(e.line(), "it is not " + info.name(e.player()) + "'s turn");
      }
      String error = switch (e.kind()) {
        case ROLL, UNPLAYED -> i < entries.size() - 1 && e.kind() == Transcript.Kind.UNPLAYED
            ? at(e.line(), "a roll left unplayed must be the last thing in its game")
            : roll(gi, e, opening);
        case DOUBLE -> apply(e, new Action.Double(), gi, g.rules().stakes().next(g.cube()));
        case BEAVER -> apply(e, new Action.Beaver(), gi, -1);
        case RACCOON -> apply(e, new Action.Raccoon(), gi, -1);
        case TAKE -> apply(e, new Action.Take(), gi, -1);
        case DROP -> apply(e, new Action.Drop(), gi, -1);
      };
      if (error != null) return error;
    }
    return rec.end() == null ? null : end(gi, rec);
  }

  private String apply(Entry e, Action a, int gi, int expectedCube) {
    if (expectedCube > 0 && e.cube() > 0 && e.cube() != expectedCube) {
      return at(e.line(), "a double now turns the cube to " + expectedCube + ", not " + e.cube());
    }
    Result<Match> r = match.apply(a);
    if (!r.isOk()) return at(e.line(), r.error());
    match = r.get();
    Game g = match.games().get(gi);
    if (e.cube() > 0 && expectedCube < 0 && g.cube() != e.cube()) {
      return at(e.line(), "the cube is now " + g.cube() + ", not " + e.cube());
    }
    return null;
  }

  private String roll(int gi, Entry e, boolean opening) {
    Dice d = e.dice();
    Action a;
    if (opening) {
      if (d.isDouble()) return at(e.line(), "a game cannot open with a double: the roll-off rolls ties again");
      a = e.player() == 0 ? new Action.RollOff(d.high(), d.low()) : new Action.RollOff(d.low(), d.high());
    } else {
      a = new Action.Roll(d);
    }
    String error = apply(e, a, gi, -1);
    if (error != null) return error;
    Game g = match.games().get(gi);
    String written = written(e.moves());
    if (g.phase() != Phase.MOVE) { // the engine passed: no legal play
      return e.moves().isEmpty() ? null : at(e.line(), "no legal move with " + d + ", yet the file plays " + written);
    }
    if (e.moves().isEmpty()) {
      if (e.kind() == Transcript.Kind.UNPLAYED) return null; // rolled, then resigned, or the record stops
      return at(e.line(), "the file passes with " + d + ", but there is a legal play, e.g. "
          + Notation.write(g.legalPlays().get(0)));
    }
    List<Move> marked = Transcript.withHits(g.position(), e.moves()); // SGF does not mark hits
    Result<Play> play = Notation.parse(g.position(), g.dice(), Notation.write(marked));
    if (!play.isOk()) return at(e.line(), info.name(e.player()) + " " + d + " " + written + ": " + play.error());
    // Keep the file's own steps and their order, so that writing it again gives the same text
    // (unless they only name the result, e.g. a path through a blocked point: then the engine's).
    boolean own = Transcript.playable(g.position(), d, marked);
    return apply(e, new Action.Move(own ? new Play(marked, play.get().result()) : play.get()), gi, -1);
  }

  private static String written(List<Move> moves) {
    StringBuilder sb = new StringBuilder();
    for (Move m : moves) sb.append(sb.length() > 0 ? " " : "").append(m.from()).append('/').append(m.to());
    return sb.toString();
  }

  /** The file's ending: check it, or, if play has not ended the game, it is the loser's resignation. */
  private String end(int gi, GameRecord rec) {
    Transcript.Ending end = rec.end();
    Game g = match.games().get(gi);
    int loser = 1 - end.winner();
    if (!g.isOver()) {
      if (!g.isOnRoll(loser) || (g.phase() != Phase.ROLL && g.phase() != Phase.MOVE)) {
        return at(end.line(), "the game is not over, and " + info.name(loser) + " cannot resign now");
      }
      int level = end.points() / g.cube();
      if (end.points() % g.cube() != 0 || level < 1 || level > 3) {
        return at(end.line(), "a resignation with the cube at " + g.cube() + " cannot give " + end.points());
      }
      for (Action a : List.of(new Action.Resign(level), new Action.AcceptResign())) {
        Result<Match> r = match.apply(a);
        if (!r.isOk()) return at(end.line(), r.error());
        match = r.get();
      }
      g = match.games().get(gi);
    } else if (Boolean.TRUE.equals(end.resigned()) && g.result().end() != GameResult.End.RESIGNED) {
      return at(end.line(), "the file says the game was resigned, but play ended it");
    }
    GameResult res = g.result();
    if (!res.wonBy(end.winner()) || res.points() != end.points()) {
      return at(end.line(), "the file says " + info.name(end.winner()) + " wins " + end.points()
          + "; replayed, " + (res.isDraw() ? "a draw" : info.name(res.winner().getAsInt()) + " wins " + res.points()));
    }
    return null;
  }

  private static String at(int line, String why) {
    return "line " + line + ": " + why;
  }
}
