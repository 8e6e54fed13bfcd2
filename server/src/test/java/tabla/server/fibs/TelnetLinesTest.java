package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** CLIP's numbered lines as a person at a telnet prompt reads them; every other line as it is. */
class TelnetLinesTest {
  @Test
  void chatLinesReadAsFibsTellsThemToATelnetUser() {
    assertThat(TelnetLines.plain("12 alma hello there")).isEqualTo("alma says: hello there");
    assertThat(TelnetLines.plain("13 alma good luck all")).isEqualTo("alma shouts: good luck all");
    assertThat(TelnetLines.plain("14 alma psst")).isEqualTo("alma whispers: psst");
    assertThat(TelnetLines.plain("15 alma nice roll")).isEqualTo("alma kibitzes: nice roll");
    assertThat(TelnetLines.plain("16 boris see you")).isEqualTo("** You tell boris: see you");
    assertThat(TelnetLines.plain("17 hi all")).isEqualTo("** You shout: hi all");
    assertThat(TelnetLines.plain("18 quiet")).isEqualTo("** You whisper: quiet");
    assertThat(TelnetLines.plain("19 wow")).isEqualTo("** You kibitz: wow");
    assertThat(TelnetLines.plain("9 alma 1795847227 see you later")).isEqualTo("Message from alma: see you later");
    assertThat(TelnetLines.plain("7 bob bob logs in.")).isEqualTo("bob logs in.");
    assertThat(TelnetLines.plain("8 bob bob drops connection.")).isEqualTo("bob drops connection.");
    assertThat(TelnetLines.plain("1 alma 1795847227 127.0.0.1")).isEqualTo("** User alma authenticated.");
  }

  @Test
  void clipBookkeepingIsNotShown() {
    for (String l : new String[] {"2 alma 1 1 0 0 0 0 1 1 0 0 0 0 1 1500.00 0 0 none 0 0 UTC", "3", "4",
        "5 alma - - 0 0 1500.00 0 0 1795847227 127.0.0.1 - -", "6"}) {
      assertThat(TelnetLines.plain(l)).as(l).isNull();
    }
  }

  @Test
  void otherLinesAreLeftAlone() {
    // a web name may start with digits: at least three characters, so never a CLIP number and a space
    for (String l : new String[] {"007 moves 24-18 13-11 .", "123 wants to play a 3 point match with you.",
        "** You invited 2fast to a 3 point match.", "board:You:x:1:0:0", "It's your turn to move.", ""}) {
      assertThat(TelnetLines.plain(l)).as(l).isEqualTo(l);
    }
  }

  @Test
  void aWhoRowSaysWhatTheClipWhoLineHolds() {
    assertThat(TelnetLines.whoRow(3, "5 alma boris - 0 0 1512.35 42 75 1795847227 10.0.0.7 TablaTest -"))
        .isEqualTo(" 3 P   alma                 1512.35    42 06:27  1:15 10.0.0.7");
    assertThat(TelnetLines.whoRow(12, "5 vera - - 1 1 1500.00 0 0 0 - web -"))
        .isEqualTo("12 R   vera                 1500.00     0     -  0:00 - (away)");
  }
}
