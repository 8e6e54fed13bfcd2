package tabla.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** `tabla admin chat-mute|chat-unmute|chat-delete`: chat moderation of the running server (issue 14). */
final class ChatAdminCommands {
  private ChatAdminCommands() {}

  @Command(name = "chat-mute", description = "Stop an account from writing in any chat (it still plays and reads).")
  static final class Mute extends AdminCommand.Call {
    @Parameters(index = "0", description = "the account's name") String name;
    @Option(names = "--reason", description = "said to the user when they try to write") String reason = "";

    String path() {
      return "/api/admin/chat/mute";
    }

    ObjectNode body(ObjectNode b) {
      return b.put("name", name).put("reason", reason);
    }
  }

  @Command(name = "chat-unmute", description = "Let a muted account write in chat again.")
  static final class Unmute extends AdminCommand.Call {
    @Parameters(index = "0", description = "the account's name") String name;

    String path() {
      return "/api/admin/chat/unmute";
    }

    ObjectNode body(ObjectNode b) {
      return b.put("name", name);
    }
  }

  @Command(name = "chat-delete", description = "Delete a chat message by its number (kept in the database, marked deleted).")
  static final class Delete extends AdminCommand.Call {
    @Parameters(index = "0", description = "the message's number (see the admin page)") long id;

    String path() {
      return "/api/admin/chat/delete";
    }

    ObjectNode body(ObjectNode b) {
      return b.put("id", id);
    }
  }
}
