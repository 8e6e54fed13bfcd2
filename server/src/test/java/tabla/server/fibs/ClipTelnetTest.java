package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.server.ApiClient;
import tabla.server.TablaServer;

/**
 * A person at a plain telnet, as on FIBS: the name at the login: prompt, then the password at password: with the
 * telnet program's echo turned off (IAC WILL ECHO) and back on after it (IAC WONT ECHO); a wrong password, and the
 * connection closed after three; 'guest' registration with the password asked twice; the ASCII boards of
 * boardstyle 1 and 2 in a match.
 */
class ClipTelnetTest {
  static final String ECHO_OFF = "\u00ff\u00fb\u0001";
  static final String ECHO_ON = "\u00ff\u00fc\u0001";
  static TablaServer server;
  static int clip;

  @BeforeAll
  static void start() {
    server = FibsTestServer.start();
    clip = server.fibsPort();
  }

  @AfterAll
  static void stop() {
    server.close();
  }

  static void registered(String name, String password) {
    assertThat(new ApiClient(server.port()).register(name, password).status()).isEqualTo(201);
  }

  /** Logs in as a person at a telnet prompt does; returns once the MOTD has come (his lines are FIBS's plain ones). */
  static ClipClient typedLogin(String name, String password) {
    ClipClient c = new ClipClient(name, clip);
    c.await("^login: $");
    c.send(name);
    assertThat(c.await("password: $")).isEqualTo(ECHO_OFF + "password: ");
    c.send(password);
    assertThat(c.await("^" + ECHO_ON)).isEqualTo(ECHO_ON); // echo on again, and the line end the password lacked
    c.await("^\\*\\* User " + name + " authenticated\\.$");
    c.await("^\\| Standard backgammon only here");
    return c;
  }

  @Test
  void aTypedLoginReadsFibsPlainLinesAndMayChangeItsPassword() {
    // a web account's password may have spaces: typed at the prompt it is taken whole (CLIP's login line cannot)
    registered("tessa", ApiClient.PASSWORD);
    registered("tilda", "tilda_password");
    try (ClipClient tessa = typedLogin("tessa", ApiClient.PASSWORD); ClipClient tilda = new ClipClient("tilda", clip)) {
      tilda.login("tilda", "tilda_password");
      // a person gets FIBS's plain lines, a CLIP client CLIP's, for the same events
      tessa.await("^tilda logs in\\.$");
      tessa.send("who tilda");
      tessa.await("^ 1 -   tilda {16}1500\\.00     0 \\d\\d:\\d\\d  \\d:\\d\\d 127\\.0\\.0\\.1$");
      tilda.send("tell tessa hello there");
      tessa.await("^tilda says: hello there$");
      tessa.send("tell tilda hi");
      tessa.await("^\\*\\* You tell tilda: hi$");
      tilda.await("^12 tessa hi$");
      tilda.send("shout all well");
      tessa.await("^tilda shouts: all well$");
      assertThat(tessa.transcript).noneMatch(l -> l.matches("^([1-9]|1[0-9])( .*)?$"));
      tessa.send("pip");
      tessa.await("^\\*\\* You're not watching or playing\\.$");
      // password OLD:NEW:NEW, as on FIBS; the site's rules hold; the new one works at the next login
      tessa.send("password wrong_one:tessa_new_pw:tessa_new_pw");
      tessa.await("^\\*\\* Your password was not changed: ");
      tessa.send("password " + ApiClient.PASSWORD + ":tessa_new_pw:tessa_other");
      tessa.await("^\\*\\* The two new passwords were not identical\\.");
      tessa.send("password " + ApiClient.PASSWORD + ":short:short");
      tessa.await("^\\*\\* Your password was not changed: a password needs at least 8 characters\\.$");
      tessa.send("password " + ApiClient.PASSWORD);
      tessa.await("^\\*\\* usage: password <old password>:<new password>:<new password>$");
      tessa.send("password " + ApiClient.PASSWORD + ":tessa_new_pw:tessa_new_pw");
      tessa.await("^Password changed\\.$");
    }
    typedLogin("tessa", "tessa_new_pw").close();
  }

  @Test
  void aWrongPasswordPromptsAgainAndTheThirdClosesTheConnection() {
    registered("ulla", "ulla_password");
    try (ClipClient c = new ClipClient("ulla-wrong", clip)) {
      c.await("^login: $");
      for (int i = 1; i <= 3; i++) {
        c.send("ulla");
        c.await("password: $");
        c.send("not_her_password");
        c.await("^" + ECHO_ON);
        c.await("^\\*\\* Login incorrect\\.$");
        if (i < 3) c.await("^login: $");
      }
      c.await("^\\*\\* 3 failed logins: the connection closes\\.$");
      assertThat(c.awaitClosed(ClipClient.WAIT_MILLIS)).isTrue();
      assertThat(c.transcript).noneMatch(l -> l.startsWith("1 ulla "));
    }
    // the right password still works after the failures, on a new connection
    typedLogin("ulla", "ulla_password").close();
  }

  @Test
  void guestRegistersWithThePasswordTwiceAndIsLoggedIn() {
    try (ClipClient c = new ClipClient("guest", clip)) {
      c.await("^login: $");
      c.send("guest");
      c.await("^Welcome to Tabla\\. You just logged in as guest\\.$");
      c.send("name 4bad");
      c.await("^\\*\\* A name has 3 to 20 letters or '_'");
      c.send("name vicky");
      c.await("^Your name will be vicky$");
      c.await("^Type in no password and hit Enter/Return if you want to change it now\\.$");
      assertThat(c.await("password: $")).isEqualTo(ECHO_OFF + "Please give your password: ");
      c.send("short");
      c.await("^\\*\\* A password has at least 8 characters and no spaces\\.$");
      c.await("Please give your password: $");
      c.send("vicky_secret");
      assertThat(c.await("password: $")).isEqualTo(ECHO_OFF + "Please retype your password: ");
      c.send("vicky_other");
      c.await("^\\*\\* The two passwords were not identical\\. Please give them again\\.$");
      c.await("Please give your password: $");
      c.send("vicky_secret");
      c.await("Please retype your password: $");
      c.send("vicky_secret");
      c.await("^You are registered\\.$");
      c.await("^\\*\\* User vicky authenticated\\.$");
      c.send("bye");
      c.await("Goodbye\\.$");
    }
    // the account is the site's: a typed login with it works
    typedLogin("vicky", "vicky_secret").close();
  }

  /** Boardstyle 1 and 2: FIBS's ASCII boards instead of the board: line, after each step of the match. */
  @Test
  void asciiBoardsInAMatch() {
    registered("wanda", "wanda_password");
    registered("xenia", "xenia_password");
    try (ClipClient wanda = typedLogin("wanda", "wanda_password");
        ClipClient xenia = new ClipClient("xenia", clip)) {
      xenia.login("xenia", "xenia_password");
      wanda.send("set boardstyle 1");
      wanda.await("^Value of 'boardstyle' set to 1\\.$");
      ClipMatchTest.ready(wanda, xenia);
      ClipMatchTest.startMatch(xenia, wanda, "1");
      wanda.await("^\\*\\* You are now playing a 1 point match with xenia$");
      xenia.await("^board:"); // the opening roll's board, in style 3 for her
      // wanda is X (she joined): her side at the bottom, 24 to 13
      wanda.await("^   \\+-1--2--3--4--5--6--------7--8--9-10-11-12-\\+ O: xenia - score: 0$");
      wanda.await("^   \\|                  \\|BAR\\|                   \\|v    1-point match$");
      wanda.await("^   \\+24-23-22-21-20-19-------18-17-16-15-14-13-\\+ X: wanda - score: 0$");
      wanda.await("^   BAR: O-0 X-0   OFF: O-0 X-0   Cube: 1  ");
      wanda.send("set boardstyle 2");
      wanda.await("^Value of 'boardstyle' set to 2\\.$");
      wanda.send("board");
      wanda.await("^     1  2  3  4  5  6        7  8  9 10 11 12$");
      wanda.await("^   \\+-{42}\\+ O: xenia - score: 0$");
      wanda.await("^    24 23 22 21 20 19       18 17 16 15 14 13$");
      wanda.send("set boardstyle 3");
      wanda.await("^Value of 'boardstyle' set to 3\\.$");
      wanda.send("board");
      wanda.await("^board:You:xenia:1:0:0:");
      assertThat(xenia.transcript).noneMatch(l -> l.startsWith("   +"));
      // pip: nobody has moved yet (the opening's winner is not made to); the opponent's allowpip off refuses it
      wanda.send("pip");
      wanda.await("^Pip counts: You 167, xenia 167\\.$");
      xenia.send("toggle allowpip");
      xenia.await("^\\*\\* You don't allow the use of the server's 'pip' command\\.$");
      wanda.send("pip");
      wanda.await("^\\*\\* xenia doesn't allow the use of the 'pip' command\\.$");
      wanda.send("leave");
      wanda.await("^\\*\\* You terminated the game");
    }
  }
}
