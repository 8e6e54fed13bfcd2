package tabla.server.admin;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The key of the command-line admin tools: a random token the server writes at start into
 * {@code DATA/admin-token} (readable by its owner only) with the address it listens on. Whoever can
 * read the server's data folder may administer it; the token changes at every start.
 */
public final class AdminToken {
  public static final String HEADER = "X-Tabla-Admin-Token";
  private static final ObjectMapper JSON = new ObjectMapper();

  /** What the file holds. */
  public record Local(String url, String token) {}

  private final String token;

  private AdminToken(String token) {
    this.token = token;
  }

  public static Path file(Path dataDir) {
    return dataDir.resolve("admin-token");
  }

  /** A fresh token, written (owner-only) for the server at {@code url}. */
  public static AdminToken write(Path dataDir, String url) {
    byte[] b = new byte[32];
    new SecureRandom().nextBytes(b);
    String token = HexFormat.of().formatHex(b);
    save(dataDir, new Local(url, token));
    return new AdminToken(token);
  }

  private static void save(Path dataDir, Local local) {
    try {
      Files.createDirectories(dataDir);
      Path tmp = Files.createTempFile(dataDir, "admin-token", ".tmp");
      try {
        Files.setPosixFilePermissions(tmp, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // not a POSIX file system: the folder's own permissions protect it
      }
      Files.writeString(tmp, JSON.writeValueAsString(local));
      Files.move(tmp, file(dataDir), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the admin token into " + dataDir, e);
    }
  }

  /** The same token, written again with the address now known. */
  public AdminToken rewrite(Path dataDir, String url) {
    save(dataDir, new Local(url, token));
    return this;
  }

  public static Local read(Path file) {
    try {
      return JSON.readValue(file.toFile(), Local.class);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + file, e);
    }
  }

  /** Removes the file when the server stops, if it is still this server's. */
  public void remove(Path dataDir) {
    try {
      Path f = file(dataDir);
      if (Files.exists(f) && matches(read(f).token())) Files.delete(f);
    } catch (IOException | UncheckedIOException e) {
      // best effort
    }
  }

  public boolean matches(String sent) {
    return sent != null && MessageDigest.isEqual(sent.getBytes(), token.getBytes());
  }
}
