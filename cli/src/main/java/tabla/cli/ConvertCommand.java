package tabla.cli;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;
import tabla.core.Result;
import tabla.core.record.MatchRecord;

/** Reads a match record and writes it in the format OUT's extension names; every play is checked. */
@Command(name = "convert", description = "Convert a match record between .sgf, .mat and .tabla (every play is replayed and checked).")
final class ConvertCommand implements Callable<Integer> {
  @Parameters(index = "0", paramLabel = "IN") Path in;
  @Parameters(index = "1", paramLabel = "OUT") Path out;

  @Override
  public Integer call() throws Exception {
    if (!Files.isRegularFile(in)) {
      System.err.println("tabla convert: no such file " + in);
      return 2;
    }
    Result<MatchRecord> rec = RecordFiles.read(in);
    if (!rec.isOk()) {
      System.err.println("tabla convert: " + in + ": " + rec.error());
      return 2;
    }
    Result<String> text = RecordFiles.format(out, rec.get().match(), rec.get().info());
    if (!text.isOk()) {
      System.err.println("tabla convert: " + text.error());
      return 2;
    }
    Files.writeString(out, text.get(), StandardCharsets.UTF_8);
    System.out.println("wrote " + out);
    return 0;
  }
}
