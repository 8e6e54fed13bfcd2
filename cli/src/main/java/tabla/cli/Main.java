package tabla.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** The {@code ./tabla} command line: one small class per subcommand. */
@Command(
    name = "tabla",
    mixinStandardHelpOptions = true,
    versionProvider = Main.Version.class,
    description = "Tabla: backgammon rules engine, tools and server.",
    subcommands = {ServeCommand.class, BotBridgeCommand.class, MovesCommand.class, ShowCommand.class, LoadTestCommand.class, TrainCommand.class, DuelCommand.class, SelfPlayCommand.class, ConvertCommand.class, GnubgPlayerCommand.class, HintCommand.class, AnalyseCommand.class, PlayCommand.class, RolloutCommand.class, HeldoutCommand.class, FitCommand.class,
      BackupCommand.class, RestoreCommand.class, CompactCommand.class, AdminCommand.class,
      CommandLine.HelpCommand.class})
public final class Main {

  public static void main(String[] args) {
    System.exit(run(args));
  }

  static int run(String... args) {
    return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
  }

  /** Runs one command line; its usage and messages go to out and err. */
  static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cl = commandLine();
    cl.setOut(out).setErr(err);
    String unknown = unknownCommand(cl, args);
    if (unknown != null) {
      err.println(unknown);
      err.flush();
      return CommandLine.ExitCode.USAGE;
    }
    return cl.execute(args);
  }

  /** The command tree, every command (at any depth) answering --help and --version. */
  static CommandLine commandLine() {
    CommandLine cl = new CommandLine(new Main());
    withHelpOptions(cl);
    return cl;
  }

  private static void withHelpOptions(CommandLine parent) {
    for (CommandLine sub : parent.getSubcommands().values()) {
      if (sub.getCommand() instanceof CommandLine.HelpCommand) continue; // it has its own -h
      CommandLine.Model.CommandSpec spec = sub.getCommandSpec();
      if (!spec.mixinStandardHelpOptions()) spec.mixinStandardHelpOptions(true);
      spec.versionProvider(new Version());
      withHelpOptions(sub);
    }
  }

  /**
   * "tabla: unknown command …" when the words before the first option name no command, else null. Picocli alone
   * reports an unknown word as an unmatched argument, and not at all when --help follows it (it prints the parent's
   * help and exits 0).
   */
  static String unknownCommand(CommandLine cl, String... args) {
    CommandLine at = cl;
    StringBuilder path = new StringBuilder("tabla");
    for (String a : args) {
      if (a.startsWith("-") || at.getSubcommands().isEmpty()) return null;
      CommandLine next = at.getSubcommands().get(a);
      if (next == null) {
        if (!at.getCommandSpec().positionalParameters().isEmpty()) return null; // a value, not a command
        return path + ": unknown command '" + a + "' (commands: "
            + String.join(", ", at.getSubcommands().keySet()) + "; '" + path + " --help' says more)";
      }
      path.append(' ').append(a);
      at = next;
    }
    return null;
  }

  /** The version of the POM this jar was built from (a resource Maven fills in). */
  static final class Version implements CommandLine.IVersionProvider {
    static String version() {
      try (InputStream in = Main.class.getResourceAsStream("version.properties")) {
        if (in == null) throw new IllegalStateException("tabla/cli/version.properties is missing from the build");
        Properties p = new Properties();
        p.load(in);
        return p.getProperty("version");
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public String[] getVersion() {
      return new String[] {"tabla " + version()};
    }
  }
}
