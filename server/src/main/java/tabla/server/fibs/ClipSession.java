package tabla.server.fibs;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import tabla.core.match.Game;
import tabla.core.match.Phase;
import tabla.server.games.Command;

/**
 * One CLIP connection's state machine: the login (or FIBS's guest registration), then FIBS's commands. Runs on its
 * connection's serial queue, so its fields need no lock; other sessions are only sent lines, or given work on their
 * own queue. Every refusal is one FIBS-style line ("** …") and changes nothing.
 */
final class ClipSession {
  /** FIBS's user names: letters and underscores, which every client's parser accepts. */
  static final Pattern FIBS_NAME = Pattern.compile("[A-Za-z_]{3,20}");
  static final int MAX_GAGS = 100;

  /** Failed logins one connection may make before it is closed (the per-address and per-account limits also hold). */
  static final int MAX_LOGIN_TRIES = 3;

  private enum State { LOGIN, PASSWORD, GUEST_NAME, GUEST_PASSWORD, GUEST_AGAIN, RUN, CLOSED }

  private final ClipConnection conn;
  private final Lobby lobby;
  private final FibsSite site;
  private State state = State.LOGIN;
  private FibsSite.Account account;
  private String client = "-";
  private long loginAt;
  private final Toggles toggles = new Toggles();
  private volatile int boardstyle = 3; // 1 and 2: FIBS's ASCII boards (AsciiBoard), 3: the board: line
  private String redoubles = "none";
  private String timezone = "UTC";
  private String awayMessage;
  private final Set<String> gagged = new LinkedHashSet<>();
  private final Set<String> blinded = new LinkedHashSet<>();
  private String loginName; // typed at the login: prompt, its password asked next
  private volatile boolean plain; // logged in at the prompts, not with CLIP's login line: a person, who gets FIBS's plain lines
  private int failedLogins;
  private String guestName;
  private String guestPassword;
  private boolean waved;
  private volatile Play playing; // read by others for 'who' and 'show games'
  private volatile Watch watching;

  /** The match this session plays: its id, seat, opponent's name, and how far it has been told. */
  private static final class Play {
    final long gameId;
    final int seat;
    final String opponent;
    Narrator.Cursor cursor;
    FibsSite.MatchView last;
    String prompted = ""; // the turn last prompted ("game:events"), so a prompt is not repeated

    Play(long gameId, int seat, String opponent, Narrator.Cursor cursor) {
      this.gameId = gameId;
      this.seat = seat;
      this.opponent = opponent;
      this.cursor = cursor;
    }
  }

  /** A watch between two matches of the player: as on FIBS, a watch follows the player, not one match. */
  static final long NO_GAME = -1;

  /** The player this session watches, the match he plays ({@link #NO_GAME} between matches), his side, how far told. */
  private static final class Watch {
    final String player;
    final long gameId;
    final int seat;
    Narrator.Cursor cursor;

    Watch(String player, long gameId, int seat, Narrator.Cursor cursor) {
      this.player = player;
      this.gameId = gameId;
      this.seat = seat;
      this.cursor = cursor;
    }
  }

  ClipSession(ClipConnection conn, Lobby lobby) {
    this.conn = conn;
    this.lobby = lobby;
    this.site = lobby.site;
  }

  boolean loggedIn() {
    return state == State.RUN;
  }

  String name() {
    return account.name();
  }

  long userId() {
    return account.id();
  }

  /** Sends a line; a board goes in this user's board style (every board is written as a board: line first). */
  void send(String line) {
    if (state == State.RUN) {
      if (boardstyle != 3 && line.startsWith("board:")) {
        for (String l : AsciiBoard.draw(line, name(), boardstyle)) conn.send(l);
        return;
      }
      if (plain) line = TelnetLines.plain(line);
      if (line == null) return;
    }
    conn.send(line);
  }

  /** Runs {@code work} on this session's queue (the site's news arrives on other threads). */
  void submit(Runnable work) {
    conn.submit(work);
  }

  /** How the web's online list shows this user. */
  tabla.server.site.OnlineState onlineState() {
    if (playing != null) return tabla.server.site.OnlineState.PLAYING;
    return awayMessage != null ? tabla.server.site.OnlineState.AWAY : tabla.server.site.OnlineState.IDLE;
  }

  void greet() {
    send("Welcome to Tabla's FIBS door (CLIP, client protocol 1008).");
    send("Type your name at the login: prompt, then your password; a new player types 'guest'.");
    send("Clients log in with: login CLIENT 1008 NAME PASSWORD");
    conn.write("login: ");
  }

  // ---------------------------------------------------------------------------------------------- input

  /** One line from the client. */
  void command(String raw) {
    String line = raw.strip();
    switch (state) {
      case LOGIN -> login(line);
      case PASSWORD -> password(raw); // as typed: a web account's password may have spaces
      case GUEST_NAME -> guestName(line);
      case GUEST_PASSWORD -> guestPassword(line);
      case GUEST_AGAIN -> guestAgain(line);
      case RUN -> run(line);
      case CLOSED -> { }
    }
  }

  private void login(String line) {
    if (line.isEmpty()) {
      conn.write("login: ");
      return;
    }
    String[] w = line.split("\\s+");
    if (w.length == 1 && w[0].equalsIgnoreCase("guest")) {
      for (String l : List.of("Welcome to Tabla. You just logged in as guest.",
          "Please register before you play here:", "",
          "Type 'name username', where 'name' is the word name and 'username' the name you want:",
          "3 to 20 letters or '_' (FIBS's names, which every client reads).",
          "You will then be asked for your password twice.",
          "Type 'bye' if you don't want to register now.")) {
        send(l);
      }
      state = State.GUEST_NAME;
      return;
    }
    if (w.length == 1) {
      // a person at a telnet prompt, as on FIBS: the name, then the password, not echoed (telnet's ECHO option)
      loginName = w[0];
      conn.write(ClipConnection.ECHO_OFF);
      conn.write("password: ");
      state = State.PASSWORD;
      return;
    }
    if (w.length != 5 || !w[0].equals("login")) {
      send("** Please type your name, or log in with: login CLIENT 1008 NAME PASSWORD");
      conn.write("login: ");
      return;
    }
    client = w[1].length() > 40 ? w[1].substring(0, 40) : w[1];
    plain = false;
    if (!authenticate(w[3], w[4])) client = "-";
  }

  /** The password typed after the name (not echoed by the telnet program, so its line end is sent here). */
  private void password(String typed) {
    state = State.LOGIN;
    passwordTyped();
    String name = loginName;
    loginName = null;
    plain = true;
    authenticate(name, typed);
  }

  /**
   * Logs in (then true), or says why not and prompts again; after {@link #MAX_LOGIN_TRIES} failures the connection
   * closes, so one connection cannot try passwords without end.
   */
  private boolean authenticate(String name, String password) {
    FibsSite.Login l = site.authenticate(name, password, conn.address.getHostAddress());
    if (l.account() != null) {
      start(l.account());
      return true;
    }
    send("** " + l.refusal());
    if (++failedLogins >= MAX_LOGIN_TRIES) {
      state = State.CLOSED;
      conn.sendAndClose("** " + MAX_LOGIN_TRIES + " failed logins: the connection closes.");
    } else {
      conn.write("login: ");
    }
    return false;
  }

  private void guestName(String line) {
    String[] w = line.split("\\s+");
    if (w.length == 2 && w[0].equals("name")) {
      if (!FIBS_NAME.matcher(w[1]).matches()) {
        send("** A name has 3 to 20 letters or '_' (FIBS's rule, so that every client can read it).");
        return;
      }
      if (site.account(w[1]).isPresent()) {
        send("** Please use another name. '" + w[1] + "' is already used by someone else.");
        return;
      }
      guestName = w[1];
      // FIBS's lines, which clients that register wait for
      send("Your name will be " + guestName);
      send("Type in no password and hit Enter/Return if you want to change it now.");
      askPassword("Please give your password: ");
      state = State.GUEST_PASSWORD;
    } else if (line.equals("bye") || line.equals("quit")) {
      conn.sendAndClose("           Goodbye.");
      state = State.CLOSED;
    } else {
      send("** Choose your name with: name NAME");
    }
  }

  /** A password prompt: the telnet program stops echoing until the password's line has come. */
  private void askPassword(String prompt) {
    conn.write(ClipConnection.ECHO_OFF);
    conn.write(prompt);
  }

  /** The typed password's line end (not echoed by the telnet program), and its echo back on. */
  private void passwordTyped() {
    conn.write(ClipConnection.ECHO_ON);
    send("");
  }

  private void guestPassword(String line) {
    passwordTyped();
    if (line.isEmpty()) {
      send("** No password given. Please choose a new name.");
      state = State.GUEST_NAME;
      return;
    }
    if (line.length() < tabla.server.accounts.Accounts.MIN_PASSWORD || line.contains(" ")) {
      // the site's rule, said now rather than after the password is typed twice; no spaces, for CLIP's login line
      send("** A password has at least " + tabla.server.accounts.Accounts.MIN_PASSWORD + " characters and no spaces.");
      askPassword("Please give your password: ");
      return;
    }
    guestPassword = line;
    askPassword("Please retype your password: ");
    state = State.GUEST_AGAIN;
  }

  private void guestAgain(String line) {
    passwordTyped();
    if (!line.equals(guestPassword)) {
      send("** The two passwords were not identical. Please give them again.");
      askPassword("Please give your password: ");
      state = State.GUEST_PASSWORD;
      return;
    }
    String password = guestPassword;
    guestPassword = null;
    FibsSite.Login l = site.register(guestName, password, conn.address.getHostAddress());
    if (l.account() == null) {
      send("** " + l.refusal());
      state = State.GUEST_NAME;
      return;
    }
    // as on FIBS, the new player is logged in at once
    send("You are registered.");
    state = State.LOGIN;
    plain = true;
    authenticate(guestName, password);
  }

  /** Logged in: CLIP's welcome (1), own info (2), MOTD (3 … 4), who (5 … 6), saved messages (9). */
  private void start(FibsSite.Account a) {
    account = a;
    toggles.restore(site.keptToggles(a.id())); // FIBS keeps them across logins
    loginAt = System.currentTimeMillis() / 1000;
    state = State.RUN;
    ClipSession old = lobby.arrive(this);
    // a client that reconnects after its connection broke finds the old one still open (no FIN came): it is closed,
    // and its match goes on here, where the player is now, instead of staying with a connection that reads nothing
    Play inherited = old != null && old != this ? old.playing : null;
    if (old != null && old != this) {
      send("Closed old connection with user " + a.name() + ".");
      old.conn.submit(old::replaced);
    }
    send("1 " + a.name() + " " + loginAt + " " + conn.address.getHostAddress());
    send(ownInfo());
    send("3");
    send("+--------------------------------------------------------------------+");
    send("| Tabla: the same players, games, ratings and chat as the web site.  |");
    send("| Standard backgammon only here; 'help' lists the commands.          |");
    send("+--------------------------------------------------------------------+");
    send("4");
    for (ClipSession s : lobby.everyone()) {
      if (s.loggedIn()) send(s.whoLine());
    }
    for (FibsSite.WebUser u : webUsers()) send(whoLine(u));
    send("6");
    for (String m : lobby.takeMessages(a.name())) send(m);
    // made on the web while he was away, told oldest first: as on FIBS, the last one told from a player is the one
    // 'join NAME' takes (the site lists the newest first)
    List<FibsSite.Invitation> waiting = new ArrayList<>(site.invitations(a.id()));
    java.util.Collections.reverse(waiting);
    for (FibsSite.Invitation i : waiting) invitedOnSite(i);
    for (String w : lobby.waitersFor(a.name())) {
      ClipSession waiter = lobby.find(w);
      if (waiter != null) {
        send(waiter.name() + " is waiting for you to log in.");
        waiter.send("7 " + a.name() + " " + a.name() + " logs in.");
      }
    }
    String who = whoLine();
    for (ClipSession s : lobby.everyone()) {
      if (s == this || !s.loggedIn()) continue;
      if (s.toggles.on("notify")) s.send("7 " + a.name() + " " + a.name() + " logs in.");
      s.send(who);
    }
    if (inherited != null) {
      site.match(inherited.gameId).filter(v -> !v.finished())
          .ifPresent(v -> begin(v, inherited.opponent, true, false));
    }
  }

  private String ownInfo() {
    return "2 " + name() + " " + b("allowpip") + " " + b("autoboard") + " " + b("autodouble") + " " + b("automove")
        + " " + (awayMessage != null ? 1 : 0) + " " + b("bell") + " " + b("crawford") + " " + b("double") + " "
        + account.experience() + " " + b("greedy") + " " + b("moreboards") + " " + b("moves") + " " + b("notify") + " "
        + rating(account.rating()) + " " + b("ratings") + " " + b("ready") + " " + redoubles + " " + b("report") + " "
        + b("silent") + " " + timezone;
  }

  private int b(String toggle) {
    return toggles.on(toggle) ? 1 : 0;
  }

  static String rating(double r) {
    return String.format(Locale.ROOT, "%.2f", r);
  }

  /** CLIP 5: name opponent watching ready away rating experience idle login hostname client email. */
  String whoLine() {
    Play p = playing;
    Watch w = watching;
    long idle = Math.max(0, (System.currentTimeMillis() - conn.lastInput) / 1000);
    return "5 " + name() + " " + (p == null ? "-" : p.opponent) + " " + (w == null ? "-" : w.player) + " "
        + (toggles.on("ready") ? 1 : 0) + " " + (awayMessage != null ? 1 : 0) + " " + rating(account.rating()) + " "
        + account.experience() + " " + idle + " " + loginAt + " " + conn.address.getHostAddress() + " " + client
        + " -";
  }

  /** The most users of the web's pages that 'who' lists (as the web's own online list). */
  static final int MAX_WEB_WHO = 100;

  /** The users on the site's pages, without those on this door. */
  private List<FibsSite.WebUser> webUsers() {
    Set<Long> here = new java.util.HashSet<>();
    for (ClipSession s : lobby.everyone()) if (s.loggedIn()) here.add(s.userId());
    return site.webUsers(here, MAX_WEB_WHO);
  }

  /**
   * CLIP 5 for a user of the web's pages: what Tabla knows (name, ready unless playing, away, rating, experience);
   * the rest approximated (opponent and watching "-", idle 0, login 0, host "-", client "web"; docs/fibs.md).
   */
  static String whoLine(FibsSite.WebUser u) {
    return "5 " + u.account().name() + " - - " + (u.playing() ? 0 : 1) + " " + (u.away() ? 1 : 0) + " "
        + rating(u.account().rating()) + " " + u.account().experience() + " 0 0 - web -";
  }

  /** Tells every logged-in user this one's who line again (its state changed). */
  private void whoChanged() {
    String line = whoLine();
    for (ClipSession s : lobby.everyone()) if (s.loggedIn()) s.send(line);
  }

  private void run(String line) {
    if (line.isEmpty()) return;
    String[] parts = line.split("\\s+", 2);
    String cmd = parts[0].toLowerCase(Locale.ROOT);
    String rest = parts.length > 1 ? parts[1].strip() : "";
    if (awayMessage != null && !cmd.equals("back") && !cmd.equals("away") && !isQuery(cmd)) {
      // FIBS reminds an away player, and still does what was asked
      send("You're away. Please type 'back'");
    }
    switch (cmd) {
      case "who", "rawwho" -> who(rest);
      case "whois" -> whois(rest);
      case "shout" -> shout(rest);
      case "tell" -> tell(rest, false);
      case "message" -> tell(rest, true);
      case "say" -> say(rest);
      case "kibitz" -> kibitz(rest, false);
      case "whisper" -> kibitz(rest, true);
      case "gag" -> gagOrBlind(rest, gagged, "gag");
      case "blind" -> gagOrBlind(rest, blinded, "blind");
      case "waitfor" -> waitFor(rest);
      case "toggle" -> toggle(rest);
      case "set" -> set(rest);
      case "invite" -> invite(rest);
      case "join" -> join(rest);
      case "watch" -> watch(rest);
      case "unwatch" -> unwatch();
      case "look" -> look(rest);
      case "board", "oldboard" -> board();
      case "pip" -> pip();
      case "password" -> changePassword(rest);
      case "oldmoves" -> oldmoves();
      case "away" -> away(rest);
      case "back" -> back();
      case "bye", "quit", "exit", "adios", "ciao", "end", "logout", "tschoe" -> bye();
      case "wave" -> wave();
      case "show" -> show(rest);
      case "rating", "ratings" -> ratingOf(rest);
      case "time" -> send("It's " + java.time.format.DateTimeFormatter.RFC_1123_DATE_TIME.format(
          java.time.ZonedDateTime.now(java.time.ZoneOffset.UTC)) + " on Tabla (time zone " + timezone + ").");
      case "roll" -> act(new Command.Roll(), "roll");
      case "move", "m" -> move(rest);
      case "double" -> act(new Command.Double(), "double");
      case "accept" -> answer(true);
      case "reject" -> answer(false);
      case "resign" -> resign(rest);
      case "leave" -> leave();
      case "help" -> help();
      default -> send("** Unknown command: '" + cmd + "'");
    }
  }

  /** The commands answered from this door's memory alone, which work while the database is away. */
  private static final Set<String> WITHOUT_DATABASE = Set.of("help", "time", "bye", "quit", "exit", "adios", "ciao",
      "end", "logout", "tschoe");

  /** Whether a logged-in user's line may need the database (every command but those of {@link #WITHOUT_DATABASE}). */
  static boolean mayNeedDatabase(String line) {
    String cmd = line.strip().split("\\s+", 2)[0].toLowerCase(Locale.ROOT);
    return !cmd.isEmpty() && !WITHOUT_DATABASE.contains(cmd);
  }

  /**
   * A line of this session failed (the server said why, and that nothing changed): a login asks again, a guest's
   * registration starts again from the name (the password typed is forgotten).
   */
  void failed() {
    switch (state) {
      case LOGIN -> conn.write("login: ");
      case GUEST_PASSWORD, GUEST_AGAIN -> {
        guestPassword = null;
        state = State.GUEST_NAME;
        send("** Choose your name with: name NAME");
      }
      default -> { }
    }
  }

  private static boolean isQuery(String cmd) {
    return Set.of("who", "rawwho", "whois", "show", "time", "rating", "help", "toggle", "set", "board", "look")
        .contains(cmd);
  }

  // ---------------------------------------------------------------------------------------------- people

  private void who(String rest) {
    List<String> lines = new ArrayList<>();
    if (!rest.isEmpty()) {
      String n = rest.split("\\s+")[0];
      ClipSession s = lobby.find(n);
      if (s != null && s.loggedIn()) lines.add(s.whoLine());
      else for (FibsSite.WebUser u : webUsers()) if (u.account().name().equalsIgnoreCase(n)) lines.add(whoLine(u));
    } else {
      for (ClipSession s : lobby.everyone()) if (s.loggedIn()) lines.add(s.whoLine());
      for (FibsSite.WebUser u : webUsers()) lines.add(whoLine(u));
    }
    if (plain) {
      // a table for a person (written as it is: a row must not be read as a CLIP line)
      for (int i = 0; i < lines.size(); i++) conn.send(TelnetLines.whoRow(i + 1, lines.get(i)));
      if (lines.isEmpty()) send("** There is no one called " + rest.split("\\s+")[0]);
      return;
    }
    lines.forEach(this::send);
    send("6");
  }

  private void whois(String rest) {
    if (rest.isEmpty()) {
      send("** usage: whois <user>");
      return;
    }
    String n = rest.split("\\s+")[0];
    Optional<FibsSite.Account> a = site.account(n);
    if (a.isEmpty()) {
      send("No information found on user " + n + ".");
      return;
    }
    ClipSession s = lobby.find(n);
    send("Information about " + a.get().name() + ":");
    if (s != null && s.loggedIn()) {
      send("  Last login:  " + Instant.ofEpochSecond(s.loginAt) + " from " + s.conn.address.getHostAddress());
      send("  Still logged in. " + (System.currentTimeMillis() - s.conn.lastInput) / 1000 + " seconds idle.");
      Play p = s.playing;
      if (p != null) send("  " + a.get().name() + " is playing with " + p.opponent + ".");
      if (s.awayMessage != null) send("  " + a.get().name() + " is away: " + s.awayMessage);
    } else {
      send("  Not logged in right now.");
    }
    send("  Rating: " + rating(a.get().rating()) + " Experience: " + a.get().experience());
    send("  No email address.");
  }

  private boolean speaks(String what) {
    if (site.maySpeak(userId())) return true;
    send("** You can't " + what + ": a moderator of the site has silenced you.");
    return false;
  }

  private boolean hears(ClipSession from) {
    return !gagged.contains(Lobby.key(from.name()));
  }

  private void shout(String text) {
    if (text.isEmpty()) {
      send("** usage: shout <message>");
      return;
    }
    if (toggles.on("silent")) {
      send("** Please type 'toggle silent' again before you shout.");
      return;
    }
    if (!speaks("shout")) return;
    // the site's lobby chat: the web's pages read it, and every CLIP user hears it back as a shout (heardShout)
    Optional<String> refused = site.shout(userId(), text);
    if (refused.isPresent()) {
      send("** " + refused.get());
      return;
    }
    send("17 " + text);
  }

  /** A message of the site's lobby chat (a CLIP shout or a web user's line), heard as a shout (any thread). */
  void heardShout(long authorId, String author, String text) {
    if (!loggedIn() || authorId == userId() || toggles.on("silent") || gagged.contains(Lobby.key(author))) return;
    send("13 " + author + " " + text.replaceAll("[\\r\\n]+", " "));
  }

  private void tell(String rest, boolean keep) {
    String[] w = rest.split("\\s+", 2);
    if (w.length < 2 || w[1].isBlank()) {
      send(keep ? "** usage: message <user> <text>" : "** usage: tell <user> <message>");
      return;
    }
    if (!speaks("talk")) return;
    ClipSession to = lobby.find(w[0]);
    if (keep) {
      Optional<FibsSite.Account> a = site.account(w[0]);
      if (a.isEmpty()) {
        send("** There is no one called " + w[0]);
        return;
      }
      String m = "9 " + name() + " " + System.currentTimeMillis() / 1000 + " " + w[1];
      if (to != null && to.loggedIn()) {
        if (to.hears(this)) to.send(m);
        send("10 " + a.get().name());
      } else if (lobby.save(a.get().name(), m)) {
        send("11 " + a.get().name());
      } else {
        send("** " + a.get().name() + "'s message box is full.");
      }
      return;
    }
    if (to == null || !to.loggedIn()) {
      send("** There is no one called " + w[0]);
      return;
    }
    if (to.hears(this)) to.send("12 " + name() + " " + w[1]);
    else send("** " + to.name() + " won't listen to you.");
    send("16 " + to.name() + " " + w[1]);
  }

  private void say(String text) {
    Play p = playing;
    if (p == null) {
      send("** You're not playing, so you can't say anything.");
      return;
    }
    if (text.isEmpty()) {
      send("** usage: say <message>");
      return;
    }
    if (!speaks("talk")) return;
    ClipSession to = lobby.find(p.opponent);
    if (to != null && to.hears(this)) to.send("12 " + name() + " " + text);
    send("16 " + p.opponent + " " + text);
  }

  /** kibitz: to the players and watchers of the match; whisper: to its watchers only. */
  private void kibitz(String text, boolean whisper) {
    Watch watched = watching;
    Long game = playing != null ? Long.valueOf(playing.gameId)
        : watched != null && watched.gameId != NO_GAME ? Long.valueOf(watched.gameId) : null;
    if (game == null) {
      send("** You're not watching or playing.");
      return;
    }
    if (text.isEmpty()) {
      send("** usage: " + (whisper ? "whisper" : "kibitz") + " <message>");
      return;
    }
    if (!speaks("talk")) return;
    for (ClipSession s : lobby.everyone()) {
      if (s == this || !s.loggedIn() || !s.hears(this)) continue;
      Play sp = s.playing;
      Watch sw = s.watching;
      boolean watcher = sw != null && sw.gameId == game;
      boolean player = sp != null && sp.gameId == game;
      if (watcher || (player && !whisper && !s.blinded.contains(Lobby.key(name())))) {
        s.send((whisper ? "14 " : "15 ") + name() + " " + text);
      }
    }
    send((whisper ? "18 " : "19 ") + text);
  }

  private void gagOrBlind(String rest, Set<String> list, String what) {
    if (rest.isEmpty()) {
      send(list.isEmpty() ? "** Your " + what + " list is empty." : "** " + what + " list: " + String.join(", ", list));
      return;
    }
    String n = rest.split("\\s+")[0];
    if (n.equalsIgnoreCase(name())) {
      send(what.equals("gag") ? "** You talk too much, don't you?" : "** You can't read this message now, can you?");
      return;
    }
    if (site.account(n).isEmpty()) {
      send("** There is no one called " + n);
      return;
    }
    if (list.remove(Lobby.key(n))) {
      send("** You un" + what + " " + n + ".");
    } else if (list.size() >= MAX_GAGS) {
      send("** Your " + what + " list is full (" + MAX_GAGS + ").");
    } else {
      list.add(Lobby.key(n));
      send("** You " + what + " " + n + ".");
    }
  }

  private void waitFor(String rest) {
    if (rest.isEmpty()) {
      send("** usage: waitfor <user>");
      return;
    }
    String n = rest.split("\\s+")[0];
    ClipSession s = lobby.find(n);
    if (s != null && s.loggedIn()) {
      send("** " + s.name() + " is logged in already.");
    } else if (site.account(n).isEmpty()) {
      send("** There is no one called " + n);
    } else if (!lobby.waitFor(name(), n)) {
      send("** You wait for too many users already.");
    } else {
      send("** You'll be notified when " + n + " logs in.");
    }
  }

  private void away(String rest) {
    if (rest.isEmpty() && awayMessage == null) {
      send("** usage: away <message>");
      return;
    }
    if (rest.isEmpty()) {
      send("** You're away: " + awayMessage);
      return;
    }
    awayMessage = rest;
    send("You're away. Please type 'back'");
    whoChanged();
  }

  private void back() {
    if (awayMessage == null) {
      send("** You're not away.");
      return;
    }
    awayMessage = null;
    send("Welcome back.");
    whoChanged();
  }

  private void wave() {
    if (!waved) {
      waved = true;
      send("You wave goodbye.");
      for (ClipSession s : lobby.everyone()) if (s != this && s.loggedIn()) s.send(name() + " waves goodbye.");
      return;
    }
    for (ClipSession s : lobby.everyone()) if (s != this && s.loggedIn()) s.send(name() + " waves goodbye again.");
    send("You wave goodbye again and log out.");
    bye();
  }

  private void bye() {
    if (playing != null) leaveMatch(true);
    conn.sendAndClose("           Goodbye.");
  }

  // ---------------------------------------------------------------------------------------------- settings

  private void toggle(String rest) {
    if (rest.isEmpty()) {
      toggles.listing().forEach(this::send);
      return;
    }
    String t = rest.split("\\s+")[0].toLowerCase(Locale.ROOT);
    String said = toggles.flip(t);
    if (said == null) {
      send("** Don't know how to toggle " + t);
      return;
    }
    site.keepToggles(userId(), toggles.changed());
    send(said);
    if (t.equals("ready")) whoChanged();
  }

  private void set(String rest) {
    String[] w = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    if (w.length == 0) {
      send("Settings of variables:");
      send("boardstyle: " + boardstyle);
      send("linelength: 0");
      send("pagelength: 0");
      send("redoubles:  " + redoubles);
      send("sortwho:    login");
      send("timezone:   " + timezone);
      return;
    }
    String v = w.length > 1 ? w[1] : "";
    switch (w[0].toLowerCase(Locale.ROOT)) {
      case "boardstyle" -> {
        if (!v.equals("1") && !v.equals("2") && !v.equals("3")) {
          send("** Valid arguments are 1, 2 and 3.");
          return;
        }
        boardstyle = Integer.parseInt(v);
        send("Value of 'boardstyle' set to " + v + ".");
      }
      case "linelength", "pagelength" -> {
        if (!v.matches("\\d{1,3}")) {
          send("** Valid arguments are the numbers 0 to 999.");
          return;
        }
        send("Value of '" + w[0] + "' set to " + v + ".");
      }
      case "redoubles" -> {
        if (!v.equals("none") && !v.equals("unlimited") && !v.matches("\\d{1,2}")) {
          send("** Valid arguments are 'none', 'unlimited' and numbers.");
          return;
        }
        redoubles = v;
        send("Value of 'redoubles' set to " + v + ".");
      }
      case "sortwho" -> {
        if (!Set.of("login", "name", "rating", "rrating").contains(v)) {
          send("** Valid arguments are 'login', 'name', 'rating' and 'rrating'.");
          return;
        }
        send("Value of 'sortwho' set to " + v + ".");
      }
      case "timezone" -> {
        if (!v.matches("[A-Za-z_/+\\-0-9]{1,40}")) {
          send("** Please give a time zone like Europe/Paris or UTC.");
          return;
        }
        timezone = v;
        send("Value of 'timezone' set to " + v + ".");
      }
      default -> send("** Unknown variable: '" + w[0] + "'");
    }
  }

  // ---------------------------------------------------------------------------------------------- matches

  private void invite(String rest) {
    String[] w = rest.isEmpty() ? new String[0] : rest.split("\\s+");
    if (w.length == 0 || w.length > 2) {
      send("** usage: invite <user> [<points>|unlimited]");
      return;
    }
    if (playing != null) {
      send("** You're playing already; type 'leave' first.");
      return;
    }
    if (w[0].equalsIgnoreCase(name())) {
      send("** You can't invite yourself.");
      return;
    }
    ClipSession to = lobby.find(w[0]);
    if (to == null || !to.loggedIn()) {
      Optional<FibsSite.Account> web = site.account(w[0]);
      if (web.isPresent()) inviteOnSite(web.get(), w);
      else send("** There is no one called " + w[0]);
      return;
    }
    if (!toggles.on("ready")) {
      send("** Use 'toggle ready' first.");
      return;
    }
    Play theirs = to.playing;
    if (theirs != null) {
      send("** " + to.name() + " is already playing with " + theirs.opponent + ".");
      return;
    }
    int length;
    if (w.length == 1) {
      if (saved(to.name()) == null) {
        send("** There's no saved match with " + to.name() + ". Please give a match length.");
        return;
      }
      length = -1;
    } else {
      Integer l = length(w[1]);
      if (l == null) return;
      length = l;
    }
    if (!to.toggles.on("ready") && length != -1) {
      send("** " + to.name() + " is refusing games.");
      return;
    }
    if (!lobby.invite(name(), to.name(), length)) {
      send("** " + to.name() + " has too many invitations waiting.");
      return;
    }
    if (length == -1) {
      send("** You invited " + to.name() + " to resume a saved match.");
      to.send(name() + " wants to resume a saved match with you.");
    } else if (length == 0) {
      send("** You invited " + to.name() + " to an unlimited match.");
      // FIBS's own sentence, misspelt as clients' parsers expect it
      to.send(name() + " wants to play an unlimted match with you.");
    } else {
      send("** You invited " + to.name() + " to a " + length + " point match.");
      to.send(name() + " wants to play a " + length + " point match with you.");
      if (saved(to.name()) != null) to.send("WARNING: Don't accept if you want to continue your saved match!");
    }
    to.send("Type 'join " + name() + "' to accept.");
  }

  /** Invites a user who is not on CLIP: an invitation of the site's lobby, which he sees on the web. */
  private void inviteOnSite(FibsSite.Account to, String[] w) {
    if (!toggles.on("ready")) {
      send("** Use 'toggle ready' first.");
      return;
    }
    if (w.length == 1) {
      // a saved match with a web user is on his page already: 'join' plays it here
      send(saved(to.name()) != null ? "** " + to.name() + " plays on the web site: type 'join " + to.name()
          + "' to resume your saved match." : "** There's no saved match with " + to.name() + ". Please give a match length.");
      return;
    }
    Integer length = length(w[1]);
    if (length == null) return;
    FibsSite.Invited i = site.invite(userId(), to.id(), length);
    if (i.refusal() != null) {
      send("** " + i.refusal());
      return;
    }
    send("** You invited " + to.name() + (length == 0 ? " to an unlimited match." : " to a " + length + " point match."));
  }

  /** A match length as 'invite' takes it (0: unlimited), or null after saying why not. */
  private Integer length(String word) {
    if (word.equalsIgnoreCase("unlimited")) return 0;
    if (word.matches("\\d{1,2}") && Integer.parseInt(word) >= 1
        && Integer.parseInt(word) <= tabla.core.match.Rules.MAX_MATCH_LENGTH) {
      return Integer.parseInt(word);
    }
    send("** The match length is 1 to " + tabla.core.match.Rules.MAX_MATCH_LENGTH + " points, or 'unlimited'.");
    return null;
  }

  /** An invitation made on the web for this user, in FIBS's words. */
  void invitedOnSite(FibsSite.Invitation i) {
    if (state != State.RUN) return;
    // FIBS's own sentence for an unlimited match, misspelt as clients' parsers expect it
    send(i.inviter() + (i.length() == 0 ? " wants to play an unlimted match with you."
        : " wants to play a " + i.length() + " point match with you."));
    send("Type 'join " + i.inviter() + "' to accept.");
  }

  /** An invitation of this user's, made from here to a web user, was accepted on the web: the match starts. */
  void acceptedOnSite(long gameId, String by) {
    if (state != State.RUN) return;
    if (playing != null) {
      send("** " + by + " accepted your invitation on the web site; type 'join " + by + "' to play it after this match.");
      return;
    }
    site.match(gameId).ifPresent(v -> begin(v, by, false, true));
  }

  /** The newest open invitation of the site from {@code inviter} to this user, or null. */
  private FibsSite.Invitation siteInvitation(String inviter) {
    for (FibsSite.Invitation i : site.invitations(userId())) if (i.inviter().equalsIgnoreCase(inviter)) return i;
    return null;
  }

  /** The unfinished match with {@code other}, if any (standard backgammon only). */
  private FibsSite.MatchView saved(String other) {
    for (FibsSite.MatchView v : site.unfinished(userId())) {
      int seat = v.seatOf(userId());
      if (v.name(1 - seat).equalsIgnoreCase(other)) return v;
    }
    return null;
  }

  private void join(String rest) {
    String n = rest.isEmpty() ? null : rest.split("\\s+")[0];
    if (n == null) {
      Set<String> from = new java.util.TreeSet<>(lobby.inviters(name()));
      for (FibsSite.Invitation i : site.invitations(userId())) from.add(Lobby.key(i.inviter()));
      if (from.size() != 1) {
        send(from.isEmpty() ? "** Nobody invited you." : "** usage: join <user>");
        return;
      }
      n = from.iterator().next();
    }
    if (playing != null) {
      send("** You're playing already; type 'leave' first.");
      return;
    }
    ClipSession inviter = lobby.find(n);
    if (inviter == null || !inviter.loggedIn() || !lobby.inviters(name()).contains(Lobby.key(n))) {
      // an invitation of the site's lobby (from the web, or from a CLIP user made while this one was away)
      FibsSite.Invitation i = siteInvitation(n);
      if (i != null) {
        joinOnSite(i);
        return;
      }
    }
    if (inviter == null || !inviter.loggedIn()) {
      // a saved match with a player of the web site, who plays it on the site's page: resumed at once
      FibsSite.MatchView v = saved(n);
      if (v != null) {
        begin(v, v.name(1 - v.seatOf(userId())), true, false);
        return;
      }
    }
    Integer length = inviter == null ? null : lobby.takeInvitation(inviter.name(), name());
    if (inviter == null || length == null) {
      send("** " + n + " didn't invite you.");
      return;
    }
    if (inviter.playing != null) {
      send("** " + inviter.name() + " is already playing with " + inviter.playing.opponent + ".");
      return;
    }
    FibsSite.MatchView v;
    if (length == -1) {
      v = saved(inviter.name());
      if (v == null) {
        send("** There's no saved match with " + inviter.name() + ".");
        return;
      }
    } else {
      FibsSite.Started s = site.start(inviter.userId(), userId(), length);
      if (s.refusal() != null) {
        send("** " + s.refusal());
        return;
      }
      v = site.match(s.gameId()).orElseThrow();
    }
    boolean resumed = length == -1;
    begin(v, inviter.name(), resumed, false);
    FibsSite.MatchView view = v;
    inviter.conn.submit(() -> inviter.begin(view, name(), resumed, true));
    if (!resumed) {
      String news = startNews(inviter.name(), name(), length);
      for (ClipSession s : lobby.everyone()) {
        Watch w = s.watching;
        // a watcher of either player hears it as he starts to watch the match (follow), not twice
        boolean follows = w != null && (w.player.equalsIgnoreCase(name()) || w.player.equalsIgnoreCase(inviter.name()));
        if (s.loggedIn() && s.toggles.on("report") && s != this && s != inviter && !follows) s.send(news);
      }
    }
  }

  /** Accepts a site invitation: the game starts, and its inviter hears it wherever he is (a page, or CLIP). */
  private void joinOnSite(FibsSite.Invitation i) {
    FibsSite.Started s = site.accept(i.seekId(), userId());
    if (s.refusal() != null) {
      send("** " + s.refusal());
      return;
    }
    Optional<FibsSite.MatchView> v = site.match(s.gameId());
    if (v.isEmpty()) {
      send("** this game is not available here now");
      return;
    }
    begin(v.get(), i.inviter(), false, false);
  }

  /** This session now plays match {@code v} against {@code opponent}. */
  private void begin(FibsSite.MatchView v, String opponent, boolean resumed, boolean inviter) {
    if (state != State.RUN) return;
    if (watching != null) unwatch();
    int seat = v.seatOf(userId());
    int len = v.match().rules().isMoney() ? 0 : v.match().rules().matchLength();
    String what = len == 0 ? "an unlimited match" : "a " + len + " point match";
    // playing before anything is said: whoever reads the announcement and asks ('watch', 'who') finds the match
    Play p = new Play(v.id(), seat, opponent, resumed ? Narrator.Cursor.now(v.match()) : Narrator.Cursor.START);
    playing = p;
    if (resumed) {
      send(inviter ? opponent + " has joined you. Your running match was loaded."
          : "You are now playing with " + opponent + ". Your running match was loaded.");
      send("Score is " + v.match().score(seat) + "-" + v.match().score(1 - seat) + " in " + what + ".");
    } else {
      send(inviter ? "** Player " + opponent + " has joined you for " + what + "."
          : "** You are now playing " + what + " with " + opponent);
    }
    if (resumed) send(FibsBoard.line(v.match(), seat, "You", opponent));
    lobby.listen(v.id(), this);
    heardNow(v);
    whoChanged();
    for (ClipSession s : lobby.everyone()) {
      Watch w = s.watching;
      if (s != this && w != null && w.gameId != v.id() && w.player.equalsIgnoreCase(name())) {
        s.submit(() -> s.follow(name(), v, seat, opponent, resumed));
      }
    }
  }

  /** The player this session watches starts (or resumes) a match: it is watched from here, told as FIBS tells it. */
  private void follow(String player, FibsSite.MatchView v, int seat, String opponent, boolean resumed) {
    Watch w = watching;
    if (state != State.RUN || w == null || !w.player.equalsIgnoreCase(player) || w.gameId == v.id()) return;
    lobby.unlisten(w.gameId, this);
    int len = v.match().rules().isMoney() ? 0 : v.match().rules().matchLength();
    if (resumed) {
      send(player + " and " + opponent + " are resuming their " + (len == 0 ? "unlimited match." : len + "-point match."));
    } else {
      send(startNews(player, opponent, len));
    }
    // a new match is told from its first roll, as to its players; a resumed one from its board now
    watching = new Watch(w.player, v.id(), seat, resumed ? Narrator.Cursor.now(v.match()) : Narrator.Cursor.START);
    if (resumed) send(FibsBoard.line(v.match(), seat, w.player, opponent));
    lobby.listen(v.id(), this);
    heardNow(site.match(v.id()).orElse(v)); // read again once listening: nothing between the two is missed
  }

  /** FIBS's news of a match that starts (toggle report; and to the watchers of its players). */
  private static String startNews(String a, String b, int length) {
    return a + " and " + b + " start a" + (length == 0 ? "n unlimited match." : " " + length + " point match.");
  }

  /** A change of a match this session plays or watches (site's thread): handled on this session's queue. */
  void heard(FibsSite.MatchView v) {
    conn.submit(() -> heardNow(v));
  }

  private void heardNow(FibsSite.MatchView v) {
    if (state != State.RUN) return;
    Play p = playing;
    if (p != null && p.gameId == v.id()) {
      if (p.last != null && p.last.version() > v.version()) return; // an older view overtaken by a newer one
      p.last = v;
      Narrator.Told t = Narrator.tell(v.match(), v.name0(), v.name1(), p.cursor, p.seat, true);
      p.cursor = t.cursor();
      for (String l : t.lines()) if (!l.startsWith("board:") || toggles.on("autoboard")) send(l);
      if (v.finished()) {
        if (!v.match().isOver()) send("The match is over: a player ran out of time on the site's clock.");
        lobby.unlisten(v.id(), this);
        playing = null;
        whoChanged();
        return;
      }
      automatic(p, v);
    }
    Watch w = watching;
    if (w != null && w.gameId == v.id()) {
      Narrator.Told t = Narrator.tell(v.match(), v.name0(), v.name1(), w.cursor, w.seat, false);
      w.cursor = t.cursor();
      t.lines().forEach(this::send);
      if (v.finished()) {
        // the watch stays with the player: his next match is watched too (FIBS's 'watch' follows a player)
        lobby.unlisten(v.id(), this);
        watching = new Watch(w.player, NO_GAME, w.seat, null);
      }
    }
  }

  /**
   * What FIBS does by itself for a player: the next game of a match starts (Tabla's "continue"); a player who cannot
   * double, or does not want to be asked ('toggle double' off), rolls at once; a forced move is played with
   * 'automove'; otherwise the player is told it is his turn, once per turn. Not once the server's stop began (an
   * action then would outrun the stop's wait): the look at the match after the restart does it.
   */
  private void automatic(Play p, FibsSite.MatchView v) {
    if (!conn.enter()) return;
    try {
      automaticNow(p, v);
    } finally {
      conn.exit();
    }
  }

  private void automaticNow(Play p, FibsSite.MatchView v) {
    Game g = v.match().game();
    if (v.match().games().size() > 1 && g.phase() == Phase.OPENING && g.events().isEmpty()) {
      site.act(v.id(), userId(), new Command.Continue());
      return;
    }
    if (!g.toAct(p.seat)) return;
    String turn = v.match().games().size() + ":" + g.events().size();
    if (turn.equals(p.prompted)) return;
    p.prompted = turn;
    if (g.phase() == Phase.ROLL) {
      if (!toggles.on("double") || !g.canDouble().isOk()) site.act(v.id(), userId(), new Command.Roll());
      else send("It's your turn. Please roll or double");
    } else if (g.phase() == Phase.MOVE && toggles.on("automove") && g.legalPlays().size() == 1) {
      site.act(v.id(), userId(), new Command.Move(tabla.core.format.Notation.write(g.legalPlays().get(0))));
    }
  }

  /** A player's command to the match; the refusal as a FIBS line. */
  private void act(Command c, String what) {
    Play p = playing;
    if (p == null) {
      send("** You're not playing.");
      return;
    }
    FibsSite.MatchView v = site.match(p.gameId).orElse(null);
    if (v == null) {
      send("** You're not playing.");
      return;
    }
    Game g = v.match().game();
    if (c instanceof Command.Roll && !(g.phase() == Phase.ROLL && g.isOnRoll(p.seat))) {
      send("** It's not your turn to roll the dice.");
      return;
    }
    if (c instanceof Command.Move && !(g.phase() == Phase.MOVE && g.isOnRoll(p.seat))) {
      send("** It's not your turn to move.");
      return;
    }
    if (c instanceof Command.Double && !(g.phase() == Phase.ROLL && g.isOnRoll(p.seat))) {
      send("** You can only double before you roll, when it's your turn.");
      return;
    }
    Optional<String> refused = site.act(p.gameId, userId(), c);
    if (refused.isPresent() && c instanceof Command.Move && p.seat == 1) {
      // core's reason numbers the points from the mover's side; the X player types FIBS's numbers, which run the
      // other way (his 1 is core's 24): a reason in numbers he did not type would point at the wrong checkers
      send("** You can't " + what + ": it is not a legal play of " + g.dice().first() + " and " + g.dice().second()
          + " (points as numbered on the board: line).");
      return;
    }
    refused.ifPresent(r -> send("** You can't " + what + ": " + r));
  }

  private void move(String rest) {
    Play p = playing;
    if (p == null) {
      send("** You're not playing.");
      return;
    }
    Game g = site.match(p.gameId).map(v -> v.match().game()).orElse(null);
    String play = g == null ? null : MoveText.toTabla(rest, p.seat, g);
    if (play == null) {
      send("** Please write moves like: move 24-18 13-11 (or bar-22, 6-off)");
      return;
    }
    act(new Command.Move(play), "move " + rest);
  }

  /** 'accept'/'reject': a double offered to this player, else a resignation offered to him. */
  private void answer(boolean accept) {
    Play p = playing;
    if (p == null) {
      send("** You're not playing.");
      return;
    }
    Game g = site.match(p.gameId).map(v -> v.match().game()).orElse(null);
    if (g == null || !g.toAct(p.seat) || (g.phase() != Phase.DOUBLE_OFFERED && g.phase() != Phase.RESIGN_OFFERED)) {
      send("** There's nothing to " + (accept ? "accept" : "reject") + ".");
      return;
    }
    Command c = g.phase() == Phase.DOUBLE_OFFERED ? (accept ? new Command.Take() : new Command.Drop())
        : (accept ? new Command.AcceptResign() : new Command.RejectResign());
    act(c, accept ? "accept" : "reject");
  }

  private void resign(String rest) {
    int level = switch (rest.toLowerCase(Locale.ROOT)) {
      case "n", "normal", "s", "single" -> 1;
      case "g", "gammon" -> 2;
      case "b", "backgammon" -> 3;
      default -> 0;
    };
    if (level == 0) {
      send("** usage: resign [n|g|b]");
      return;
    }
    act(new Command.Resign(level), "resign");
  }

  /** 'leave': the match is saved (it stays unfinished on the site) and both players stop playing it. */
  private void leave() {
    if (playing == null) {
      send("** You're not playing.");
      return;
    }
    leaveMatch(false);
  }

  private void leaveMatch(boolean loggingOut) {
    Play p = playing;
    playing = null;
    lobby.unlisten(p.gameId, this);
    if (!loggingOut) send("** You terminated the game. The game was saved.");
    ClipSession other = lobby.find(p.opponent);
    if (other != null) {
      other.conn.submit(() -> other.opponentLeft(p.gameId, name(), loggingOut));
    }
    tellWatchers(p.gameId, loggingOut ? name() + " logs out. The game was saved."
        : "** Player " + name() + " has left the game. The game was saved.");
    if (!loggingOut) whoChanged();
  }

  /**
   * The watchers of a match that stops here (saved) hear it as its players do (else it just falls silent), and keep
   * watching their player between matches.
   */
  private void tellWatchers(long gameId, String line) {
    for (ClipSession s : lobby.everyone()) {
      Watch w = s.watching;
      if (s != this && s.loggedIn() && w != null && w.gameId == gameId) {
        s.send(line);
        s.submit(() -> s.matchStopped(gameId));
      }
    }
  }

  private void matchStopped(long gameId) {
    Watch w = watching;
    if (w == null || w.gameId != gameId) return;
    lobby.unlisten(gameId, this);
    watching = new Watch(w.player, NO_GAME, w.seat, null);
  }

  /** The player this session watches logged out: the watch ends (FIBSCookieMonster's FIBS_YouStopWatching). */
  private void watchedLeft(String player) {
    Watch w = watching;
    if (state != State.RUN || w == null || !w.player.equalsIgnoreCase(player)) return;
    watching = null;
    lobby.unlisten(w.gameId, this);
    send("You stop watching " + w.player + ".");
    whoChanged();
  }

  private void opponentLeft(long gameId, String who, boolean loggedOut) {
    Play p = playing;
    if (p == null || p.gameId != gameId) return;
    playing = null;
    lobby.unlisten(gameId, this);
    send(loggedOut ? who + " logs out. The game was saved." : "** Player " + who + " has left the game. The game was saved.");
    whoChanged();
  }

  private void watch(String rest) {
    if (rest.isEmpty()) {
      send("** usage: watch <user>");
      return;
    }
    if (playing != null) {
      send("** You can't watch another game while you're playing.");
      return;
    }
    ClipSession s = lobby.find(rest.split("\\s+")[0]);
    if (s == null || !s.loggedIn()) {
      send("** There is no one called " + rest.split("\\s+")[0]);
      return;
    }
    if (s.blinded.contains(Lobby.key(name()))) {
      send("** " + s.name() + " doesn't want you to watch.");
      return;
    }
    Play p = s.playing;
    if (p == null) {
      send(s.name() + " is not doing anything interesting.");
      return;
    }
    FibsSite.MatchView v = site.match(p.gameId).orElse(null);
    if (v == null) {
      send(s.name() + " is not doing anything interesting.");
      return;
    }
    if (watching != null) unwatch();
    watching = new Watch(s.name(), v.id(), p.seat, Narrator.Cursor.now(v.match()));
    send("You're now watching " + s.name() + ".");
    send(FibsBoard.line(v.match(), p.seat, s.name(), p.opponent));
    s.send(name() + " is watching you.");
    ClipSession o = lobby.find(p.opponent);
    if (o != null) o.send(name() + " is watching you.");
    lobby.listen(v.id(), this);
    whoChanged();
  }

  private void unwatch() {
    Watch w = watching;
    if (w == null) {
      send("** You're not watching.");
      return;
    }
    watching = null;
    lobby.unlisten(w.gameId, this);
    send("You stop watching " + w.player + ".");
    ClipSession s = lobby.find(w.player);
    if (s != null) s.send(name() + " stops watching " + w.player + ".");
    whoChanged();
  }

  private void look(String rest) {
    ClipSession s = rest.isEmpty() ? null : lobby.find(rest.split("\\s+")[0]);
    Play p = s == null ? null : s.playing;
    if (p == null) {
      send("** " + (rest.isEmpty() ? "usage: look <user>" : rest.split("\\s+")[0] + " is not playing."));
      return;
    }
    site.match(p.gameId).ifPresent(v -> send(FibsBoard.line(v.match(), p.seat, s.name(), p.opponent)));
  }

  private void board() {
    Play p = playing;
    Watch w = watching;
    if (p != null) {
      site.match(p.gameId).ifPresent(v -> send(FibsBoard.line(v.match(), p.seat, "You", p.opponent)));
    } else if (w != null && w.gameId == NO_GAME) {
      send("** " + w.player + " is not playing.");
    } else if (w != null) {
      site.match(w.gameId).ifPresent(v -> send(FibsBoard.line(v.match(), w.seat, w.player, v.name(1 - w.seat))));
    } else {
      send("** You're not watching or playing.");
    }
  }

  /**
   * 'pip': the pip counts of the match this user plays or watches, his side first. A player who turned 'toggle
   * allowpip' off does not let his opponent or the watchers ask (a user of the web's pages has no such toggle).
   */
  private void pip() {
    Play p = playing;
    Watch w = watching;
    long game = p != null ? p.gameId : w != null ? w.gameId : NO_GAME;
    if (game == NO_GAME) {
      send("** You're not watching or playing.");
      return;
    }
    FibsSite.MatchView v = site.match(game).orElse(null);
    if (v == null) {
      send("** You're not watching or playing.");
      return;
    }
    int seat = p != null ? p.seat : w.seat;
    for (int s = 0; s < 2; s++) {
      ClipSession player = lobby.find(v.name(s));
      if (player != null && player != this && player.loggedIn() && !player.toggles.on("allowpip")) {
        send("** " + player.name() + " doesn't allow the use of the 'pip' command.");
        return;
      }
    }
    tabla.core.Position mine = v.match().game().positionFor(seat);
    send("Pip counts: " + (p != null ? "You" : v.name(seat)) + " " + mine.moverPips() + ", " + v.name(1 - seat) + " "
        + mine.opponentPips() + ".");
  }

  /**
   * 'password OLD:NEW:NEW' (FIBS's form: a password has no ':'): the account's password changes, as on the web's
   * account page; spaces inside a password are kept.
   */
  private void changePassword(String rest) {
    String[] w = rest.split(":", -1);
    if (rest.isEmpty() || w.length != 3) {
      send("** usage: password <old password>:<new password>:<new password>");
      return;
    }
    if (!w[1].equals(w[2])) {
      send("** The two new passwords were not identical. Your password was not changed.");
      return;
    }
    Optional<String> refused = site.changePassword(userId(), w[0], w[1]);
    send(refused.isPresent() ? "** Your password was not changed: " + refused.get() + "." : "Password changed.");
  }

  /** 'oldmoves': the current game told again from its start, as FIBS's list of moves. */
  private void oldmoves() {
    Play p = playing;
    if (p == null) {
      send("** You're not playing.");
      return;
    }
    site.match(p.gameId).ifPresent(v -> {
      Narrator.Cursor from = new Narrator.Cursor(v.match().games().size() - 1, 0);
      Narrator.tell(v.match(), v.name0(), v.name1(), from, p.seat, true).lines().stream()
          .filter(l -> !l.startsWith("board:")).forEach(this::send);
    });
  }

  private void show(String rest) {
    switch (rest.toLowerCase(Locale.ROOT)) {
      case "games" -> {
        send("List of games:");
        Set<Long> shown = new java.util.HashSet<>();
        for (ClipSession s : lobby.everyone()) {
          Play p = s.playing;
          if (p == null || !shown.add(p.gameId)) continue;
          site.match(p.gameId).ifPresent(v -> {
            int len = v.match().rules().isMoney() ? 0 : v.match().rules().matchLength();
            send(String.format("%-16s -  %-16s (%s)", v.name0(), v.name1(), len == 0 ? "unlimited"
                : len + " point match " + v.match().score(0) + "-" + v.match().score(1)));
          });
        }
      }
      case "saved" -> {
        List<FibsSite.MatchView> saved = site.unfinished(userId());
        if (saved.isEmpty()) {
          send("no saved games.");
          return;
        }
        send("  opponent          matchlength   score (your points first)");
        List<FibsSite.WebUser> web = webUsers();
        for (FibsSite.MatchView v : saved) {
          int seat = v.seatOf(userId());
          int len = v.match().rules().isMoney() ? 0 : v.match().rules().matchLength();
          // FIBS's columns (the name from the third character, a one-digit length in the 27th)
          send(String.format("%s%-20s %4d %16d - %2d", savedMark(v.name(1 - seat), web), v.name(1 - seat), len,
              v.match().score(seat), v.match().score(1 - seat)));
        }
      }
      case "watchers" -> {
        send("Watching players:");
        for (ClipSession s : lobby.everyone()) {
          Watch w = s.watching;
          if (w != null) send(s.name() + " is watching " + w.player + ".");
        }
      }
      default -> send("** usage: show games|saved|watchers");
    }
  }

  /**
   * FIBS's mark before an opponent in 'show saved': "**" he is logged in and free to resume it now, " *" he is logged
   * in but playing another match, "  " he is not here (FIBSCookieMonster's FIBS_SavedMatchReady, FIBS_SavedMatchPlaying
   * and FIBS_SavedMatch). A user of the web's pages counts as logged in, as in 'who'.
   */
  private String savedMark(String opponent, List<FibsSite.WebUser> web) {
    ClipSession s = lobby.find(opponent);
    if (s != null && s.loggedIn()) return s.playing == null ? "**" : " *";
    for (FibsSite.WebUser u : web) if (u.account().name().equalsIgnoreCase(opponent)) return u.playing() ? " *" : "**";
    return "  ";
  }

  private void ratingOf(String rest) {
    String n = rest.isEmpty() ? name() : rest.split("\\s+")[0];
    Optional<FibsSite.Account> a = site.account(n);
    if (a.isEmpty()) {
      send("** There is no one called " + n);
      return;
    }
    send("  Rating: " + rating(a.get().rating()) + " Experience: " + a.get().experience() + " (" + a.get().name() + ")");
  }

  private void help() {
    for (String l : List.of("Commands: who rawwho whois shout tell say kibitz whisper message gag blind waitfor",
        "  toggle set invite join watch unwatch look board oldboard oldmoves pip away back bye wave",
        "  show games|saved|watchers rating time roll move double accept reject resign n|g|b leave",
        "  password OLD:NEW:NEW",
        "Tabla's FIBS door: docs/fibs.md on the site says what differs from FIBS.")) {
      send(l);
    }
  }

  // ---------------------------------------------------------------------------------------------- endings

  /** The same name logged in on another connection: this one ends. */
  void replaced() {
    if (state != State.RUN) return;
    state = State.CLOSED;
    Play p = playing;
    playing = null;
    if (p != null) lobby.unlisten(p.gameId, this);
    Watch w = watching;
    watching = null;
    if (w != null) lobby.unlisten(w.gameId, this);
    conn.sendAndClose("** You logged in again elsewhere; this connection closes.");
  }

  /** The connection closed (logged out, dropped, timed out). */
  void closed(String why) {
    synchronized (this) {
      if (state == State.CLOSED) return;
      boolean was = state == State.RUN;
      state = State.CLOSED;
      if (!was) return;
    }
    Play p = playing;
    if (p != null) {
      playing = null;
      lobby.unlisten(p.gameId, this);
      ClipSession other = lobby.find(p.opponent);
      boolean dropped = !why.equals("logged out");
      if (other != null) other.conn.submit(() -> other.opponentLeftBy(p.gameId, name(), dropped));
      tellWatchers(p.gameId, name() + (dropped ? " drops connection." : " logs out.") + " The game was saved.");
    }
    Watch w = watching;
    if (w != null) {
      watching = null;
      lobby.unlisten(w.gameId, this);
    }
    if (lobby.find(name()) == this) {
      lobby.leave(this);
      site.loggedOut(userId());
      for (ClipSession s : lobby.everyone()) {
        Watch sw = s.watching;
        if (sw != null && sw.player.equalsIgnoreCase(name())) s.submit(() -> s.watchedLeft(name()));
      }
      for (ClipSession s : lobby.everyone()) {
        if (s.loggedIn() && s.toggles.on("notify")) s.send("8 " + name() + " " + name() + (dropped(why) ? " drops connection." : " logs out."));
      }
    }
  }

  private static boolean dropped(String why) {
    return !why.equals("logged out");
  }

  private void opponentLeftBy(long gameId, String who, boolean dropped) {
    Play p = playing;
    if (p == null || p.gameId != gameId) return;
    playing = null;
    lobby.unlisten(gameId, this);
    send(who + (dropped ? " drops connection." : " logs out.") + " The game was saved.");
    whoChanged();
  }
}
