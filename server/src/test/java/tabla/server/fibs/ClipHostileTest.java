package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * Hostile input on the real site: hundreds of malformed and out-of-turn lines from both players of a match and from a
 * bystander. Each gets one FIBS-style error line ("** …"); the server stays up, the match and its board do not change,
 * and the match then goes on as if nothing had been sent.
 */
class ClipHostileTest {
  static TablaServer server;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static final String PW = "correct_horse";

  /** Lines every logged-in user must have refused, whatever the state of his match. */
  static final List<String> ALWAYS_BAD = List.of("xyzzy", "move", "move 99-1", "move a-b", "move 24-18 13",
      "move bar-bar", "move off-3", "move 24-18 13-11 8-2 6-1 5-3", "move 0-0", "move -1--2",
      "resign", "resign x", "resign 4", "join nobody", "join", "invite", "invite nobody 3", "invite mona 0",
      "invite mona 99", "invite mona -3", "invite mona 3 4", "toggle nosuch", "toggle readyy", "set boardstyle 9",
      "set nosuch 1", "set linelength x", "set redoubles lots", "set timezone ;;;", "tell", "tell nobody hi",
      "whois", "watch", "watch nobody", "look", "look nobody", "message", "message nobody hi", "gag", "gag nobody",
      "blind nobody", "waitfor", "waitfor nobody", "show", "show nothing", "rating nobody", "back", "unwatch",
      "'; DROP TABLE users; --", "%s%s%s%n", "move %n", "\u00fc\u00e4\u00f6 \u2603", "join ' OR 1=1 --",
      "invite lena", "say", "kibitz", "whisper", "shout");

  /** Lines the player not on turn must have refused. */
  static final List<String> OUT_OF_TURN = List.of("roll", "double", "move 24-18 13-11", "move 13-7 8-7", "accept",
      "reject", "resign n", "resign g", "resign b");

  @Test
  void hundredsOfBadLinesChangeNothingAndEachIsAnswered() throws Exception {
    for (String n : List.of("lena", "mona", "nina")) {
      assertThat(new ApiClient(server.port()).register(n, PW).status()).isEqualTo(201);
    }
    try (ClipClient lena = new ClipClient("lena", server.fibsPort()); ClipClient mona = new ClipClient("mona", server.fibsPort());
        ClipClient nina = new ClipClient("nina", server.fibsPort())) {
      // before logging in: anything but a login line or a name is refused, and nobody is let in; a single word is a
      // name, as at FIBS's prompt, and its password is asked (two failures here: the third would close the connection)
      for (String bad : List.of("login a b c", "who is there", "login TablaTest 1008 lena wrong", "roll the dice",
          "\u0001roll\u0002 now")) {
        nina.send(bad);
        nina.await("^(login: )?\\*\\* "); // the prompt has no line end, as FIBS's
      }
      nina.send("who");
      nina.await("password: $");
      nina.send("roll");
      nina.await("^\\*\\* Login incorrect\\.$");
      lena.login("lena", PW);
      mona.login("mona", PW);
      nina.login("nina", PW);
      ClipMatchTest.ready(lena, mona);
      ClipMatchTest.startMatch(lena, mona, "5");
      lena.await("^\\*\\* Player mona has joined you");
      String opening = lena.await("^board:");
      // the opening's winner is to move; the other one is not on turn
      boolean lenaMoves = new BoardPlayer(opening).myTurnToMove();
      ClipClient onTurn = lenaMoves ? lena : mona;
      ClipClient waiting = lenaMoves ? mona : lena;
      String before = board(onTurn);
      String beforeOther = board(waiting);
      Random random = new Random(26);
      List<String[]> sent = new ArrayList<>();
      int answered = 0;
      for (int i = 0; i < 330; i++) {
        ClipClient who = switch (i % 3) {
          case 0 -> onTurn;
          case 1 -> waiting;
          default -> nina;
        };
        String line = who == waiting && random.nextBoolean() ? OUT_OF_TURN.get(random.nextInt(OUT_OF_TURN.size()))
            : ALWAYS_BAD.get(random.nextInt(ALWAYS_BAD.size()));
        if (who == onTurn && (line.startsWith("move ") && line.matches("move \\d+-\\d+ \\d+-\\d+"))) line = "move 24-18 13";
        who.send(line);
        String reply = who.await("^(\\*\\*|[A-Za-z]+ is not doing anything interesting|No information found on user)");
        sent.add(new String[] {who.label, line, reply});
        answered++;
      }
      assertThat(answered).isGreaterThanOrEqualTo(300);
      assertThat(board(onTurn)).isEqualTo(before);
      assertThat(board(waiting)).isEqualTo(beforeOther);
      // the match goes on: the player on turn moves, and the move is told to the other
      String play = new BoardPlayer(before).firstPlay();
      onTurn.send("move " + play);
      waiting.await("^" + onTurn.label + " moves ");
      // the server still answers everyone
      nina.send("who");
      nina.await("^6$");
    }
  }

  private static String board(ClipClient c) {
    c.send("board");
    return c.await("^board:");
  }
}
