package tabla.cli;

import com.fasterxml.jackson.core.JsonGenerator;
import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import tabla.core.Dice;
import tabla.core.Play;
import tabla.core.PlayGenerator;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.format.Notation;
import tabla.core.format.VariantPositionId;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/** One line of {@code ./tabla moves}: parse, generate, write. Reuses one generator. */
final class MovesLine {
  private final PlayGenerator generator = new PlayGenerator();
  private final Variant variant;

  MovesLine(Variant variant) {
    this.variant = variant;
  }

  void write(String line, JsonGenerator json) throws IOException {
    String[] parts = line.split("\\s+");
    String error = null;
    Position pos = null;
    Dice dice = null;
    if (parts.length != 3) {
      error = "expected 'POSITIONID D1 D2', e.g. '4HPwATDgc/ABMA 3 1'";
    } else {
      Result<Position> p = VariantPositionId.decode(variant, parts[0]);
      Result<Dice> d = parseDice(parts[1], parts[2]);
      if (!p.isOk()) error = p.error();
      else if (!d.isOk()) error = d.error();
      else {
        pos = p.get();
        dice = d.get();
      }
    }
    if (error != null) {
      json.writeStartObject();
      json.writeStringField("input", line);
      json.writeStringField("error", error);
      json.writeEndObject();
      return;
    }
    List<Play> legal;
    if (variant == Variants.STANDARD) {
      int n = generator.generate(pos, dice.first(), dice.second());
      legal = new java.util.ArrayList<>(n);
      for (int i = 0; i < n; i++) legal.add(generator.play(i));
    } else {
      legal = variant.legalPlays(pos, dice);
    }
    String[][] plays = new String[legal.size()][];
    for (int i = 0; i < plays.length; i++) {
      Play play = legal.get(i);
      plays[i] = new String[] {VariantPositionId.encode(variant, play.result()), Notation.write(play)};
    }
    Arrays.sort(plays, (a, b) -> a[0].compareTo(b[0]));
    json.writeStartObject();
    json.writeStringField("positionId", parts[0]);
    json.writeArrayFieldStart("dice");
    json.writeNumber(dice.first());
    json.writeNumber(dice.second());
    json.writeEndArray();
    json.writeArrayFieldStart("plays");
    for (String[] p : plays) {
      json.writeStartObject();
      json.writeStringField("move", p[1]);
      json.writeStringField("positionId", p[0]);
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  private static Result<Dice> parseDice(String a, String b) {
    try {
      return Dice.of(Integer.parseInt(a), Integer.parseInt(b));
    } catch (NumberFormatException e) {
      return Result.err("dice must be numbers 1 to 6, got '" + a + "' and '" + b + "'");
    }
  }
}
