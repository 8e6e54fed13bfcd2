package tabla.server.site;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import tabla.server.chat.ChatMessage;
import tabla.server.chat.ChatText;
import tabla.server.kernel.http.Json;

/** The one codec of the notices between nodes: every kind comes back as it went, and what is not one is refused. */
class SiteNoticesTest {
  @Test
  void everyKindComesBackAsItWent() throws Exception {
    List<SiteNotice> all = List.of(
        new SiteNotice.ToUser(7, Json.MAPPER.createObjectNode().put("type", "seekAccepted").put("gameId", 12)),
        new SiteNotice.ToTournamentPages(3, Json.MAPPER.createObjectNode().put("type", "tournamentChanged")),
        new SiteNotice.Chat("game:12", // as JSON reads it back: numbers as small as they fit
            Json.MAPPER.readTree(Json.write(new ChatMessage(5, "players", 7, "alice", "good luck", 1_700_000_000_000L)))),
        new SiteNotice.ChatDeleted("lobby", 5),
        new SiteNotice.MutesChanged(7),
        new SiteNotice.PresenceChanged("n2"),
        new SiteNotice.BoardOpened(12, 1));
    for (SiteNotice n : all) {
      SiteNotices.Envelope e = SiteNotices.decode(SiteNotices.encode("n1", n).orElseThrow());
      assertThat(e).isEqualTo(new SiteNotices.Envelope("n1", n));
    }
    ChatMessage m = new ChatMessage(Long.MAX_VALUE, "spectators", 7, "bob", "gg", 1_700_000_000_000L);
    SiteNotice.Chat sent = new SiteNotice.Chat("watch:3", Json.MAPPER.valueToTree(m));
    SiteNotice heard = SiteNotices.decode(SiteNotices.encode("n1", sent).orElseThrow()).notice();
    assertThat(Json.MAPPER.convertValue(((SiteNotice.Chat) heard).message(), ChatMessage.class)).isEqualTo(m);
  }

  @Test
  void theLongestChatMessageFitsAndAnythingLargerThanNotifyTakesIsNotSent() {
    String longest = "\u0436".repeat(ChatText.MAX_CHARS); // two bytes each in UTF-8
    ChatMessage m = new ChatMessage(Long.MAX_VALUE, "spectators", Long.MAX_VALUE, "x".repeat(40), longest, Long.MAX_VALUE);
    assertThat(SiteNotices.encode("node-with-a-long-name", new SiteNotice.Chat("watch:" + Long.MAX_VALUE, Json.MAPPER.valueToTree(m)))).isPresent();
    var huge = Json.MAPPER.createObjectNode().put("type", "x").put("text", "y".repeat(SiteNotices.MAX_BYTES));
    assertThat(SiteNotices.encode("n1", new SiteNotice.ToUser(1, huge))).isEmpty();
  }

  @Test
  void whatIsNotANoticeIsRefused() {
    for (String bad : List.of("", "null", "[]", "{}", "{\"from\":\"n1\"}", "{\"from\":\"n1\",\"notice\":{\"kind\":\"nope\"}}",
        "{\"from\":\"n1\",\"notice\":{}}", "not json")) {
      assertThatThrownBy(() -> SiteNotices.decode(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
    }
  }
}
