package tabla.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.BoardDiagram;
import tabla.core.format.MatchId;
import tabla.core.format.PositionId;
import tabla.core.format.Xgid;

/** Draws a position as text, with pip counts, and cube and score when a Match ID is given. */
@Command(name = "show", description = "Draw a position: a gnubg Position ID, POSITIONID:MATCHID (gnubg ID) or an XGID.")
final class ShowCommand implements Callable<Integer> {
  @Parameters(paramLabel = "ID", description = "e.g. 4HPwATDgc/ABMA, 4HPwATDgc/ABMA:cAkAAAAAAAAA or XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10")
  String id;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    Result<String> drawing = render(id.trim());
    if (!drawing.isOk()) {
      spec.commandLine().getErr().println("tabla show: " + drawing.error());
      return 2;
    }
    spec.commandLine().getOut().print(drawing.get());
    spec.commandLine().getOut().flush();
    return 0;
  }

  static Result<String> render(String text) {
    if (text.toUpperCase().startsWith("XGID=") || text.split(":").length == 10) return renderXgid(text);
    String[] parts = text.split(":", 2);
    Result<Position> pos = PositionId.decode(parts[0]);
    if (!pos.isOk()) return Result.err(pos.error());
    List<String> side = new ArrayList<>();
    side.add("Position ID: " + parts[0]);
    if (parts.length == 2) {
      Result<MatchId> mid = MatchId.decode(parts[1]);
      if (!mid.isOk()) return Result.err(mid.error());
      side.addAll(describe(mid.get()));
    }
    return Result.ok(BoardDiagram.draw(pos.get(), side.toArray(String[]::new)));
  }

  static Result<String> renderXgid(String text) {
    Result<Xgid> x = Xgid.decode(text);
    if (!x.isOk()) return Result.err(x.error());
    Xgid g = x.get();
    List<String> side = new ArrayList<>();
    side.add(g.encode());
    side.add(g.matchLength() == 0 ? "Money game" : g.matchLength() + "-point match" + (g.crawford() ? ", Crawford game" : ""));
    side.add("Score:       on roll " + g.moverScore() + ", opponent " + g.opponentScore());
    side.add("On roll:     " + (g.xOnRoll() ? "X (bottom player of the XGID)" : "O (top player of the XGID)"));
    side.add("Cube:        " + g.cubeValue() + ", " + (g.cubeCentered() ? "centred"
        : g.cubeOwnedByMover() ? "owned by the player on roll" : "owned by the opponent"));
    if (g.dice() != null) side.add("Dice:        " + g.dice().first() + "-" + g.dice().second());
    if (g.decision().cubeAction()) side.add("Cube action: " + g.decision());
    side.add("Position ID: " + PositionId.encode(g.position()));
    return Result.ok(BoardDiagram.draw(g.position(), side.toArray(String[]::new)));
  }

  static List<String> describe(MatchId m) {
    List<String> s = new ArrayList<>();
    s.add("Match ID:    " + m.encode());
    s.add(m.matchLength() == 0 ? "Money game" : m.matchLength() + "-point match" + (m.crawford() ? ", Crawford game" : ""));
    s.add("Score:       player 0 " + m.score0() + ", player 1 " + m.score1());
    s.add("On roll:     player " + m.onRoll() + " (X)");
    String owner = m.cubeOwner() == MatchId.CENTERED ? "centred" : "owned by player " + m.cubeOwner();
    s.add("Cube:        " + m.cubeValue() + ", " + owner);
    if (m.die1() > 0) s.add("Dice:        " + m.die1() + "-" + m.die2());
    if (m.doubleOffered()) s.add("Double offered: player " + m.turn() + " to answer");
    if (m.resignation() > 0) s.add("Resignation offered: " + new String[] {"", "single", "gammon", "backgammon"}[m.resignation()]);
    return s;
  }
}
