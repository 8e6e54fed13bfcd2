package tabla.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Each `tabla admin` command is one POST: the path and the fields its command line gives. */
class AdminCommandTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  /** The request {@code args} make: "PATH BODY". */
  private static String request(String... args) {
    List<CommandLine> parsed = new CommandLine(new Main()).parseArgs(args).asCommandLineList();
    AdminCommand.Call call = (AdminCommand.Call) parsed.get(parsed.size() - 1).getCommand();
    return call.path() + " " + call.body(JSON.createObjectNode());
  }

  @Test
  void everyCommandPostsItsFields() {
    assertThat(request("admin", "ban", "bob", "--reason", "spam")).isEqualTo("/api/admin/ban {\"name\":\"bob\",\"reason\":\"spam\"}");
    assertThat(request("admin", "unban", "bob")).isEqualTo("/api/admin/unban {\"name\":\"bob\"}");
    assertThat(request("admin", "chat-mute", "bob")).isEqualTo("/api/admin/chat/mute {\"name\":\"bob\",\"reason\":\"\"}");
    assertThat(request("admin", "chat-unmute", "bob")).isEqualTo("/api/admin/chat/unmute {\"name\":\"bob\"}");
    assertThat(request("admin", "chat-delete", "42")).isEqualTo("/api/admin/chat/delete {\"id\":42}");
    assertThat(request("admin", "role", "bob", "moderator"))
        .isEqualTo("/api/admin/role {\"name\":\"bob\",\"role\":\"moderator\"}");
    assertThat(request("admin", "reset-password", "bob")).isEqualTo("/api/admin/reset-password {\"name\":\"bob\"}");
    assertThat(request("admin", "motd", "hello")).isEqualTo("/api/admin/motd {\"text\":\"hello\"}");
    assertThat(request("admin", "broadcast", "bye")).isEqualTo("/api/admin/broadcast {\"text\":\"bye\"}");
    assertThat(request("admin", "shutdown", "--seconds", "5"))
        .isEqualTo("/api/admin/shutdown {\"seconds\":5,\"message\":\"The site restarts for maintenance.\"}");
    assertThat(request("admin", "invite")).isEqualTo("/api/admin/invitations {}");
    assertThat(request("admin", "purge")).isEqualTo("/api/admin/purge {}");
  }
}
