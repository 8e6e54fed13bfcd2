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
import tabla.core.format.VariantPositionId;
import tabla.core.format.Xgid;

/** Draws a position as text, with pip counts, and cube and score when a Match ID is given. */
@Command(name = "show", description = "Draw a position: a gnubg Position ID, POSITIONID:MATCHID (gnubg ID), an XGID, the end of a .sgf/.mat/.tabla file, or a variant's position (--variant NAME [ID]).")
final class ShowCommand implements Callable<Integer> {
  @Parameters(paramLabel = "ID", arity = "0..1", description = "e.g. 4HPwATDgc/ABMA, 4HPwATDgc/ABMA:cAkAAAAAAAAA or XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10; with --variant and no ID, the variant's start")
  String id;

  @picocli.CommandLine.Option(names = "--variant", description = "read ID as a position of this variant (a gnubg Position ID or Tabla's T… ID)")
  String variant;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (id == null && variant == null) {
      spec.commandLine().getErr().println("tabla show: give an ID, a record file, or --variant NAME");
      return 2;
    }
    Result<String> drawing = variant != null ? renderVariant(variant, id) : render(id.trim());
    if (!drawing.isOk()) {
      spec.commandLine().getErr().println("tabla show: " + drawing.error());
      return 2;
    }
    spec.commandLine().getOut().print(drawing.get());
    spec.commandLine().getOut().flush();
    return 0;
  }

  static Result<String> render(String text) {
    String lower = text.toLowerCase();
    if ((lower.endsWith(".sgf") || lower.endsWith(".mat") || lower.endsWith(".tabla")) && java.nio.file.Files.isRegularFile(java.nio.file.Path.of(text))) {
      return renderFile(java.nio.file.Path.of(text));
    }
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

  /** A variant's position (its start when {@code id} is null), drawn in the variant's geometry. */
  static Result<String> renderVariant(String name, String id) {
    Result<tabla.core.variant.Variant> v = tabla.core.variant.Variants.parse(name);
    if (!v.isOk()) return Result.err(v.error());
    Result<Position> pos = id == null ? Result.ok(v.get().start()) : VariantPositionId.decode(v.get(), id.trim());
    if (!pos.isOk()) return Result.err(pos.error());
    List<String> side = new ArrayList<>();
    side.add("Variant:     " + v.get().name() + (id == null ? " (start)" : ""));
    side.add("Position ID: " + VariantPositionId.encode(v.get(), pos.get()));
    if (v.get().geometry() != tabla.core.variant.Geometry.CONTRARY) {
      side.add("Geometry:    " + v.get().geometry().name().toLowerCase() + " (both sides move the same way)");
    }
    return Result.ok(BoardDiagram.draw(v.get().geometry(), pos.get(), side.toArray(String[]::new)));
  }

  /** The last position of a record, with the match score. */
  static Result<String> renderFile(java.nio.file.Path file) {
    try {
      Result<tabla.core.record.MatchRecord> r = RecordFiles.read(file);
      if (!r.isOk()) return Result.err(r.error());
      tabla.core.match.Match m = r.get().match();
      tabla.core.match.Game g = m.game();
      int viewer = g.onRoll().orElse(0);
      List<String> side = new ArrayList<>();
      side.add(file.getFileName().toString());
      side.add(r.get().info().player0() + " (player 0) vs " + r.get().info().player1() + " (player 1)");
      side.add(m.rules().isMoney() ? "Money session" : m.rules().matchLength() + "-point match");
      side.add("Score:       " + m.score(0) + " - " + m.score(1) + (m.isOver() ? ", won by player " + m.winner().getAsInt() : ""));
      side.add("Games:       " + m.games().size() + ", this one " + g.phase().name().toLowerCase());
      side.add("X is player " + viewer + "; cube " + g.cube());
      tabla.core.variant.Variant v = m.rules().variant();
      if (v != tabla.core.variant.Variants.STANDARD) side.add("Variant:     " + v.name());
      side.add("Position ID: " + VariantPositionId.encode(v, g.positionFor(viewer)));
      return Result.ok(BoardDiagram.draw(v.geometry(), g.positionFor(viewer), side.toArray(String[]::new)));
    } catch (java.io.IOException e) {
      return Result.err(file + ": " + e.getMessage());
    }
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
