package tabla.server.e2e;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.io.TempDir;

/**
 * A test class's server and browser, started once for the class. Without Chromium the tests are
 * reported as skipped, or fail when TABLA_E2E=1 (see {@link E2e}).
 */
abstract class E2eTest {
  @TempDir static Path data;
  static E2e e2e;

  @BeforeAll
  static void startServerAndBrowser() {
    e2e = E2e.start(data);
  }

  @BeforeEach
  void needsBrowser() {
    assumeTrue(e2e != null, E2e.MISSING);
  }

  @AfterAll
  static void stopServerAndBrowser() {
    if (e2e != null) e2e.close();
    e2e = null;
  }
}
