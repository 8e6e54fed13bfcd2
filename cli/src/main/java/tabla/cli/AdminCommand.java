package tabla.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import tabla.server.kernel.ServerConfig;

/**
 * Moderation of the running site from its own machine (the admin page does the same in a browser):
 * each subcommand is one POST to the server's admin API with the local admin token.
 */
@Command(name = "admin", description = "Administer the running server on this machine (ban, motd, broadcast, shutdown, …).",
    subcommands = {AdminCommand.Ban.class, AdminCommand.Unban.class, AdminCommand.Motd.class, AdminCommand.Broadcast.class,
      AdminCommand.Shutdown.class, AdminCommand.ResetPassword.class, AdminCommand.Role.class, AdminCommand.Invite.class,
      AdminCommand.Purge.class, ChatAdminCommands.Mute.class, ChatAdminCommands.Unmute.class,
      ChatAdminCommands.Delete.class})
final class AdminCommand {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** Sends one admin request and prints the server's answer. */
  abstract static class Call implements Callable<Integer> {
    private final String path;

    Call(String path) {
      this.path = path;
    }

    String path() {
      return path;
    }

    /** The request's fields (none unless a command has some). */
    ObjectNode body(ObjectNode b) {
      return b;
    }

    void print(JsonNode answer) {
      System.out.println(answer.isEmpty() ? "done" : answer.toPrettyString());
    }

    @Override
    public Integer call() throws Exception {
      try {
        print(LocalServer.connect(ServerConfig.fromEnv(System.getenv())).post(path(), body(JSON.createObjectNode())));
        return 0;
      } catch (IllegalStateException e) {
        System.err.println("tabla admin: " + e.getMessage());
        return 1;
      }
    }
  }

  /** A call about one account, named first on the command line. */
  abstract static class OnAccount extends Call {
    @Parameters(index = "0", description = "the account's name") String name;

    OnAccount(String path) {
      super(path);
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return b.put("name", name);
    }
  }

  /** A call about one account with the reason the user is told. */
  abstract static class OnAccountWithReason extends OnAccount {
    @Option(names = "--reason", description = "what the user is told") String reason = "";

    OnAccountWithReason(String path) {
      super(path);
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return super.body(b).put("reason", reason);
    }
  }

  @Command(name = "ban", description = "Ban an account: its sessions end and it cannot log in.")
  static final class Ban extends OnAccountWithReason {
    Ban() {
      super("/api/admin/ban");
    }
  }

  @Command(name = "unban", description = "Lift a ban.")
  static final class Unban extends OnAccount {
    Unban() {
      super("/api/admin/unban");
    }
  }

  @Command(name = "motd", description = "Set the message of the day shown atop every page (empty text: none).")
  static final class Motd extends Call {
    @Parameters(index = "0", arity = "0..1") String text = "";

    Motd() {
      super("/api/admin/motd");
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return b.put("text", text);
    }
  }

  @Command(name = "broadcast", description = "Send a message to everyone connected now.")
  static final class Broadcast extends Call {
    @Parameters(index = "0") String text;

    Broadcast() {
      super("/api/admin/broadcast");
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return b.put("text", text);
    }
  }

  @Command(name = "shutdown", description = "Tell every live game the site restarts, refuse new games, then stop the server.")
  static final class Shutdown extends Call {
    @Option(names = "--seconds", description = "warning before the stop (default 60)") int seconds = 60;
    @Option(names = "--message", description = "what players read") String message = "The site restarts for maintenance.";

    Shutdown() {
      super("/api/admin/shutdown");
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return b.put("seconds", seconds).put("message", message);
    }
  }

  @Command(name = "reset-password", description = "Give an account a new random password (printed once) and end its sessions.")
  static final class ResetPassword extends OnAccount {
    ResetPassword() {
      super("/api/admin/reset-password");
    }
  }

  @Command(name = "role", description = "Make an account admin, moderator, or neither (none).")
  static final class Role extends OnAccount {
    @Parameters(index = "1", description = "admin, moderator or none") String role;

    Role() {
      super("/api/admin/role");
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return super.body(b).put("role", role);
    }
  }

  @Command(name = "invite", description = "Make an invitation code (for TABLA_REGISTRATION=invitation).")
  static final class Invite extends Call {
    Invite() {
      super("/api/admin/invitations");
    }
  }

  @Command(name = "purge", description = "Delete expired sessions, expired seeks and idle guest accounts now (the server also does it hourly).")
  static final class Purge extends Call {
    Purge() {
      super("/api/admin/purge");
    }
  }
}
