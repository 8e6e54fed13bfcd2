package tabla.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ./tabla} command line: one small class per subcommand. */
@Command(
    name = "tabla",
    mixinStandardHelpOptions = true,
    version = "tabla 0.1.0",
    description = "Tabla: backgammon rules engine, tools and server.",
    subcommands = {ServeCommand.class, MovesCommand.class, ShowCommand.class, LoadTestCommand.class, TrainCommand.class, DuelCommand.class, SelfPlayCommand.class, ConvertCommand.class, GnubgPlayerCommand.class, HintCommand.class, AnalyseCommand.class, PlayCommand.class, RolloutCommand.class,
      BackupCommand.class, RestoreCommand.class, CompactCommand.class, AdminCommand.class,
      CommandLine.HelpCommand.class})
public final class Main {

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String... args) {
    return new CommandLine(new Main()).execute(args);
  }
}
