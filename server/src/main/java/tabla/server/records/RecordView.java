package tabla.server.records;

import java.util.ArrayList;
import java.util.List;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.record.TablaFormat;

/** A record as the API shows it: players, match length, the score, and each game's actions in order. */
public record RecordView(long id, String format, List<String> players, int matchLength, List<Integer> score,
    Integer winner, List<GameView> games) {

  /** One game: the score it started at, each action by whom ("-" for the opening roll), and how it ended. */
  public record GameView(int number, List<Integer> scoreBefore, boolean crawford, List<Line> lines, Integer winner,
      Integer points) {}

  /** An action as a .tabla line writes it: "roll 5 3", "move 24/19 24/21", "double". */
  public record Line(Integer player, String action) {}

  /** What a list shows of a record. */
  public record Summary(long id, String format, String player0, String player1, int matchLength, String uploaded) {
    static Summary of(RecordStore.Row r) {
      return new Summary(r.id(), r.format(), r.player0(), r.player1(), r.matchLength(), r.uploaded().toString());
    }
  }

  /** A page of the owner's records and whether another follows. */
  public record Page(int page, boolean more, List<Summary> records) {}

  static RecordView of(Records.Loaded l) {
    Match m = l.record().match();
    List<GameView> games = new ArrayList<>();
    int no = 0;
    for (Game g : m.games()) {
      if (g.events().isEmpty()) continue; // the next game, not begun
      List<Line> lines = g.events().stream().map(e -> new Line(e.player().isEmpty() ? null : e.player().getAsInt(),
          TablaFormat.action(e.action()))).toList();
      boolean over = g.isOver() && !g.result().isDraw();
      games.add(new GameView(++no, List.of(g.seat().score0(), g.seat().score1()), g.seat().crawfordGame(), lines,
          over ? g.result().winner().getAsInt() : null, over ? g.result().points() : null));
    }
    Integer winner = m.winner().isPresent() ? m.winner().getAsInt() : null;
    return new RecordView(l.row().id(), l.row().format(), List.of(l.record().info().player0(),
        l.record().info().player1()), m.rules().matchLength(), List.of(m.score(0), m.score(1)), winner, games);
  }
}
