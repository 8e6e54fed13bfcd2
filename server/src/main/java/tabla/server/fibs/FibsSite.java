package tabla.server.fibs;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import tabla.core.match.Match;
import tabla.server.games.Command;

/**
 * Everything the CLIP front-end needs from the rest of the site, and nothing more: accounts, matches of standard
 * backgammon, their actions and events, ratings and moderation. The front-end keeps its own state (who is connected,
 * invitations, toggles, watchers); the site keeps what outlives a connection. One implementation runs over the real
 * site ({@link SiteFibs}); the tests also use an in-memory one.
 */
public interface FibsSite {

  /** A site account as FIBS shows it. */
  record Account(long id, String name, double rating, int experience) {}

  /** The answer to a login or a registration: the account, or the reason it was refused (nothing changed). */
  record Login(Account account, String refusal) {
    static Login ok(Account a) {
      return new Login(a, null);
    }

    static Login refused(String why) {
      return new Login(null, why);
    }
  }

  /**
   * A match as it stands: the seats' accounts, the match itself (core's immutable value: games, events, score),
   * whether it is finished (also by forfeit) and its version (grows with each stored change).
   */
  record MatchView(long id, long player0, long player1, String name0, String name1, Match match, boolean finished,
      int version) {
    public int seatOf(long userId) {
      return userId == player0 ? 0 : userId == player1 ? 1 : -1;
    }

    public String name(int seat) {
      return seat == 0 ? name0 : name1;
    }
  }

  /** Checks name and password (a banned account is refused with its reason). */
  Login authenticate(String name, String password, String address);

  /** FIBS's registration of a new name ("guest" login, then "name NAME"); refused when taken or not allowed. */
  Login register(String name, String password, String address);

  /**
   * Changes the account's password, the old one checked (the site's rules for the new one; its other sessions on the
   * site end, this one stays): the refusal, or empty.
   */
  Optional<String> changePassword(long userId, String oldPassword, String newPassword);

  /** The connection of this account closed (its site session ends). */
  void loggedOut(long userId);

  /** An account by name, now (rating and experience as the site has them). */
  Optional<Account> account(String name);

  /**
   * Starts a match of standard backgammon between two accounts ({@code length} 0: unlimited, i.e. money play), with
   * the Crawford rule; {@code inviter} sits in seat 0. Returns its id, or the refusal.
   */
  Started start(long inviter, long joiner, int length);

  record Started(long gameId, String refusal) {}

  /** The match, or empty when there is none with that id. */
  Optional<MatchView> match(long gameId);

  /** A player's command, acted on and stored; empty when accepted, else why not (nothing changed). */
  Optional<String> act(long gameId, long userId, Command command);

  /** The unfinished matches of a user (the saved matches FIBS resumes when both players are back). */
  List<MatchView> unfinished(long userId);

  /**
   * Calls {@code listener} with the match after every stored change (by anyone: this front-end, the web, the clock),
   * in order, until the returned handle is closed.
   */
  AutoCloseable subscribe(long gameId, Consumer<MatchView> listener);

  /**
   * Returns once the listeners have been called with every change stored before this call (at most {@code wait}): at
   * the stop, the door writes the boards of the last moves before it closes. At once where they are called in the
   * change's own thread.
   */
  default void settle(java.time.Duration wait) {}

  /** The toggles this account turned away from FIBS's defaults, kept across logins as FIBS keeps them (names). */
  List<String> keptToggles(long userId);

  /** Keeps {@code changed} (toggle names) as this account's toggles, replacing those kept before. */
  void keepToggles(long userId, List<String> changed);

  /** Whether the site lets this user chat now (not muted or silenced by a moderator). */
  boolean maySpeak(long userId);

  // ---- the site's lobby: the web's users, its invitations, its chat ----

  /** A user signed in on the site's pages (not through this door), as 'who' shows him. */
  record WebUser(Account account, boolean playing, boolean away) {}

  /** The users signed in on the site's pages now, at most {@code max}, leaving out {@code without} (the door's). */
  List<WebUser> webUsers(java.util.Set<Long> without, int max);

  /** An open invitation of the site (a seek with an invitee) to standard backgammon; length 0: unlimited. */
  record Invitation(long seekId, long inviterId, String inviter, int length) {}

  /**
   * Invites {@code invitee} (a user of the site's pages) to a standard match: an invitation of the site's lobby, which
   * he sees and accepts there. Its id, or the refusal (nothing changed).
   */
  Invited invite(long inviter, long invitee, int length);

  record Invited(long seekId, String refusal) {}

  /** The site's open invitations to standard backgammon for {@code invitee}, the newest first. */
  List<Invitation> invitations(long invitee);

  /** Accepts a site invitation for {@code userId}: the game's id, or the refusal (nothing changed). */
  Started accept(long seekId, long userId);

  /** Says {@code text} in the site's lobby chat (a CLIP shout); empty when said, else why not (nothing said). */
  Optional<String> shout(long userId, String text);

  /**
   * The site's news for the door's users, from now on: invitations made on the web, invitations of theirs accepted on
   * the web, the lobby chat's messages (CLIP shouts included). Called on the site's threads: must not block.
   */
  void listen(News news);

  interface News {
    /** {@code invitee} was invited on the site. */
    void invited(long invitee, Invitation invitation);

    /** An invitation of {@code creator}'s was accepted by {@code by}: game {@code gameId} starts. */
    void accepted(long creator, long gameId, String by);

    /** A message of the lobby chat. */
    void shouted(long authorId, String author, String text);

    /** The door's users now, each with his state (so the web's online list shows them). */
    Map<Long, tabla.server.site.OnlineState> online();
  }
}
