package tabla.server.socket;

/**
 * A socket on /ws/games/{id}, as read once on its upgrade: its connection (the one outbox), the game, the session
 * token it came with (actions check it again, so a logout ends them at once), whether its page asked for chat and
 * the audience ({@code ?chat=1}), and the client's forwarded address (another node may serve its game).
 * The game's adapter keeps its own state of the socket in {@link #state}.
 */
public final class GameSocket {
  private final Connection out;
  private final long game;
  private final String token;
  private final boolean chat;
  private final String cookieName;
  private final String forwardedFor;
  private volatile Object state;

  /** {@code forwardedFor}: the request's X-Forwarded-For header, or null (most sockets: nothing more is kept). */
  public GameSocket(Connection out, long game, String cookieName, String token, boolean chat, String forwardedFor) {
    this.out = out;
    this.game = game;
    this.token = token;
    this.chat = chat;
    this.cookieName = cookieName;
    this.forwardedFor = forwardedFor;
  }

  public Connection out() {
    return out;
  }

  public long game() {
    return game;
  }

  public Long user() {
    return out.user();
  }

  public String token() {
    return token;
  }

  public boolean chat() {
    return chat;
  }

  /** The session's cookie as a Cookie header (or null without one), for another node to answer as this user. */
  public String cookieHeader() {
    return token == null ? null : cookieName + "=" + token;
  }

  /** The client's address chain (X-Forwarded-For plus the peer), for a request forwarded to another node. */
  public String forwardedFor() {
    String peer = String.valueOf(out.session().getRemoteSocketAddress()).replaceAll("^/|:\\d+$", "");
    return forwardedFor == null ? peer : forwardedFor + ", " + peer;
  }

  /** What the game's adapter holds for this socket (its viewer, or its remote feed); null before it opened. */
  public Object state() {
    return state;
  }

  public void state(Object s) {
    this.state = s;
  }
}
