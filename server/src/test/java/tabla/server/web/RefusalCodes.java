package tabla.server.web;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import tabla.core.RuleCode;
import tabla.server.games.GameCode;
import tabla.server.kernel.RefusalCode;

/**
 * Every refusal code the server can send: the constants of each enum under tabla.server that implements
 * {@link RefusalCode}, found among the compiled classes (a new concern's enum is found without being listed anywhere),
 * and the rules engine's codes as the game service sends them ({@link GameCode#of}).
 */
public final class RefusalCodes {
  private RefusalCodes() {}

  public static List<RefusalCode> all() {
    try {
      Path classes = Path.of(RefusalCode.class.getProtectionDomain().getCodeSource().getLocation().toURI());
      List<RefusalCode> out = new ArrayList<>();
      try (Stream<Path> files = Files.walk(classes)) {
        for (Path f : files.filter(f -> f.toString().endsWith(".class")).sorted().toList()) {
          String name = classes.relativize(f).toString().replace(f.getFileSystem().getSeparator(), ".");
          Class<?> c = Class.forName(name.substring(0, name.length() - ".class".length()), false,
              RefusalCode.class.getClassLoader());
          if (c.isEnum() && RefusalCode.class.isAssignableFrom(c)) {
            for (Object constant : c.getEnumConstants()) out.add((RefusalCode) constant);
          }
        }
      }
      for (RuleCode engine : RuleCode.values()) {
        RefusalCode sent = GameCode.of(engine);
        if (!out.contains(sent)) out.add(sent); // OVER and ILLEGAL_PLAY are GameCode's own
      }
      return out;
    } catch (IOException | URISyntaxException | ClassNotFoundException e) {
      throw new IllegalStateException("cannot list the server's classes", e);
    }
  }
}
