package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** --help on every command, --version from the POM, and unknown commands refused. */
class MainHelpTest {
  record Run(int rc, String out, String err) {}

  static Run run(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int rc = Main.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Run(rc, out.toString(), err.toString());
  }

  /** Every registered command's words, at any depth ("admin ban"), but picocli's own help command. */
  static List<List<String>> commands(CommandLine cl, List<String> above) {
    List<List<String>> out = new ArrayList<>();
    for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
      List<String> words = new ArrayList<>(above);
      words.add(e.getKey());
      out.add(words);
      out.addAll(commands(e.getValue(), words));
    }
    return out;
  }

  @Test
  void everyCommandAnswersHelpWithItsUsage() {
    List<List<String>> all = commands(Main.commandLine(), List.of());
    assertThat(all).hasSizeGreaterThan(25).contains(List.of("serve"), List.of("admin", "ban"), List.of("moves"));
    for (List<String> words : all) helps(words, "--help");
    helps(List.of("serve"), "-h");
    helps(List.of("admin", "motd"), "-h");
  }

  static void helps(List<String> words, String help) {
    List<String> args = new ArrayList<>(words);
    args.add(help);
    Run r = run(args.toArray(String[]::new));
    String line = "tabla " + String.join(" ", args);
    assertThat(r.rc()).as("%s: %s", line, r.err()).isZero();
    assertThat(r.out()).as(line).contains("Usage: tabla " + String.join(" ", words));
    assertThat(r.err()).as(line).isEmpty();
  }

  @Test
  void theVersionIsThePomsOnEveryCommand() throws java.io.IOException {
    // the module's pom.xml (surefire runs in the module's folder): its parent's version is the project's
    String pom = java.nio.file.Files.readString(java.nio.file.Path.of("pom.xml"));
    java.util.regex.Matcher m = java.util.regex.Pattern.compile("<parent>.*?<version>([^<]+)</version>", java.util.regex.Pattern.DOTALL).matcher(pom);
    assertThat(m.find()).as("cli/pom.xml names its parent's version").isTrue();
    String expected = Main.Version.version();
    assertThat(expected).isEqualTo(m.group(1));
    for (String[] args : List.of(new String[] {"--version"}, new String[] {"-V"}, new String[] {"serve", "--version"})) {
      Run r = run(args);
      assertThat(r.rc()).isZero();
      assertThat(r.out().strip()).isEqualTo("tabla " + expected);
    }
  }

  @Test
  void anUnknownCommandIsRefusedWithOrWithoutHelp() {
    for (String[] args : List.of(new String[] {"nosuch"}, new String[] {"nosuch", "--help"},
        new String[] {"admin", "nosuch"}, new String[] {"admin", "nosuch", "-h"})) {
      Run r = run(args);
      assertThat(r.rc()).as(String.join(" ", args)).isEqualTo(CommandLine.ExitCode.USAGE);
      assertThat(r.err()).as(String.join(" ", args)).contains("unknown command 'nosuch'").contains("commands:");
      assertThat(r.out()).as(String.join(" ", args)).isEmpty();
    }
    assertThat(run("admin", "nosuch").err()).startsWith("tabla admin: unknown command 'nosuch'").contains("ban");
    Run help = run("help", "nosuch");
    assertThat(help.rc()).as("picocli's help command: %s", help.err()).isNotZero();
  }

  @Test
  void anUnknownOptionIsStillAUsageError() {
    Run r = run("serve", "--no-such-option");
    assertThat(r.rc()).isEqualTo(CommandLine.ExitCode.USAGE);
    assertThat(r.err()).contains("Unknown option: '--no-such-option'");
  }
}
