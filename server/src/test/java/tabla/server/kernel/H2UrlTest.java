package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The H2 file database opens with the settings its URL names: the smaller page cache among them. */
class H2UrlTest {
  @Test
  void theDatabaseRunsWithTheSmallerPageCache(@TempDir Path dir) throws Exception {
    try (Connection c = DriverManager.getConnection(ServerConfig.h2Url(dir), "tabla", "");
        ResultSet rs = c.createStatement().executeQuery(
            "SELECT SETTING_VALUE FROM INFORMATION_SCHEMA.SETTINGS WHERE SETTING_NAME = 'CACHE_SIZE'")) {
      assertThat(rs.next()).isTrue();
      assertThat(Integer.parseInt(rs.getString(1))).isEqualTo(ServerConfig.H2_CACHE_KB);
    }
  }
}
