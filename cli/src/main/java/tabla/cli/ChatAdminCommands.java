package tabla.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/** `tabla admin chat-mute|chat-unmute|chat-delete`: chat moderation of the running server (issue 14). */
final class ChatAdminCommands {
  private ChatAdminCommands() {}

  @Command(name = "chat-mute", description = "Stop an account from writing in any chat (it still plays and reads).")
  static final class Mute extends AdminCommand.OnAccountWithReason {
    Mute() {
      super("/api/admin/chat/mute");
    }
  }

  @Command(name = "chat-unmute", description = "Let a muted account write in chat again.")
  static final class Unmute extends AdminCommand.OnAccount {
    Unmute() {
      super("/api/admin/chat/unmute");
    }
  }

  @Command(name = "chat-delete", description = "Delete a chat message by its number (kept in the database, marked deleted).")
  static final class Delete extends AdminCommand.Call {
    @Parameters(index = "0", description = "the message's number (see the admin page)") long id;

    Delete() {
      super("/api/admin/chat/delete");
    }

    @Override
    ObjectNode body(ObjectNode b) {
      return b.put("id", id);
    }
  }
}
