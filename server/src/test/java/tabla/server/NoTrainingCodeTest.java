package tabla.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.File;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The server plays with the bot's inference code only (issue 24 item 5): the training module, coach, is not on
 * its class path, so a dependency that brought it in (directly or through another module) fails here.
 */
class NoTrainingCodeTest {
  @Test
  void theTrainingClassesCannotBeLoaded() {
    for (String name : new String[] {"tabla.coach.Trainer", "tabla.coach.VariantTrainer", "tabla.coach.Strength"}) {
      assertThatThrownBy(() -> Class.forName(name)).as(name).isInstanceOf(ClassNotFoundException.class);
    }
  }

  @Test
  void noClassPathEntryIsTheCoachModule() {
    String[] entries = System.getProperty("java.class.path").split(File.pathSeparator);
    assertThat(Arrays.stream(entries).filter(e -> e.contains("tabla-coach") || e.replace('\\', '/').contains("/coach/")))
        .isEmpty();
    assertThat(Arrays.stream(entries).anyMatch(e -> e.contains("tabla-bot") || e.replace('\\', '/').contains("/bot/")))
        .as("the check would see a module by its path").isTrue();
  }
}
