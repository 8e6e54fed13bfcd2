package tabla.coach.fit;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.util.ArrayList;
import java.util.List;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.PositionId;

/**
 * Labelled positions as text, so that the costly part of a fit (2-ply labels: tens of milliseconds a position) is
 * paid once and the fit can be run again, or elsewhere: one line a position, its gnubg position ID (player on roll
 * about to roll) and the five probabilities of {@link tabla.bot.eval.Evaluator} (win, win gammon, win backgammon,
 * lose gammon, lose backgammon); {@code #} lines are comments.
 */
public final class LabelFile {
  private LabelFile() {}

  public static void write(SupervisedFit.Labelled data, String comment, Writer out) throws IOException {
    for (String line : comment.split("\n")) out.write("# " + line + "\n");
    List<Position> ps = data.positions();
    for (int i = 0; i < ps.size(); i++) {
      float[] t = data.targets()[i];
      StringBuilder line = new StringBuilder(PositionId.encode(ps.get(i)));
      // Float.toString reads back to the same float: a fit from the file is the fit from the labels made.
      for (float x : t) line.append(' ').append(x);
      out.write(line.append('\n').toString());
    }
  }

  /** The file's positions and targets, or the first bad line's number and why. */
  public static Result<SupervisedFit.Labelled> read(Reader in) throws IOException {
    BufferedReader r = new BufferedReader(in);
    List<Position> ps = new ArrayList<>();
    List<float[]> ts = new ArrayList<>();
    String line;
    int no = 0;
    while ((line = r.readLine()) != null) {
      no++;
      line = line.strip();
      if (line.isEmpty() || line.startsWith("#")) continue;
      String[] f = line.split("\\s+");
      if (f.length != 6) return Result.err("line " + no + ": expected an ID and five probabilities");
      Result<Position> p = PositionId.decode(f[0]);
      if (!p.isOk()) return Result.err("line " + no + ": " + p.error());
      float[] t = new float[5];
      try {
        for (int k = 0; k < 5; k++) t[k] = Float.parseFloat(f[k + 1]);
      } catch (NumberFormatException e) {
        return Result.err("line " + no + ": not a number: " + e.getMessage());
      }
      for (float x : t) {
        if (!(x >= 0 && x <= 1)) return Result.err("line " + no + ": probabilities lie in [0, 1]");
      }
      ps.add(p.get());
      ts.add(t);
    }
    return Result.ok(new SupervisedFit.Labelled(ps, ts.toArray(new float[0][])));
  }
}
