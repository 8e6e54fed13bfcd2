package tabla.server.fibs;

import tabla.server.kernel.FibsSettings;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.time.Duration;
import java.util.Map;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteCode;
import tabla.server.kernel.Workers;
import tabla.server.kernel.http.DatabaseOutage;
import tabla.server.kernel.http.OutageLog;
import tabla.server.kernel.http.RequestDrain;

/**
 * The CLIP listener: FIBS's line protocol over plain TCP (docs/fibs.md). One selector thread moves the bytes of every
 * connection (Java 17 has no virtual threads, and a thread per idle connection would cost a stack each: a thousand
 * players mostly sit idle between moves); their commands run on a small pool of worker threads, one at a time per
 * connection ({@link ClipConnection#submit}), because a command may wait on the database.
 *
 * <p>Bounds: line length, commands per second, idle and login time-outs, connections per address and in all, bytes
 * queued for a client that does not read ({@link FibsSettings}); each refused with a FIBS-style line.
 *
 * <p>The server's stop: each command counts as a request does ({@link RequestDrain#enter}). When the stop begins,
 * every connection is told ({@link #tellStopping}); a command typed from then on is refused with a line that says
 * nothing was changed, and those already running end, each stored, before the door closes ({@link #close}): the news
 * of what they stored (the board after a move) is written first, then each connection closes.
 *
 * <p>The database away ({@link DatabaseOutage}, the same state and prober as the API's): a command that meets it is
 * told {@link #DATABASE_DOWN} (nothing was changed, the session stays logged in) and logged as a bounded WARN; while
 * the outage lasts, a logged-in user's commands are refused at once ({@link #command}).
 */
public final class ClipServer implements AutoCloseable {
  private static final Logger LOG = LoggerFactory.getLogger(ClipServer.class);
  /** Worker threads running commands: each mostly waits on the database or a game room's lock. */
  static final int WORKERS = 4;
  /** How often time-outs are checked. */
  static final long SWEEP_MILLIS = 1000;
  /** To every connection when the server's stop begins. */
  static final String STOPPING =
      "** The server is restarting now. Your matches are saved: please log in again in a few seconds.";
  /** A command typed once the stop began (Tabla's sentence: FIBS just dropped the connections). */
  static final String REFUSED_STOPPING =
      "** The server is restarting: nothing was changed. Please log in again in a few seconds and type it again.";
  /** A command that met the database away, or typed while it is (the API's 503 sentence, FIBS's style). */
  static final String DATABASE_DOWN = "** The site cannot reach its database just now: please try again in a few seconds."
      + " Nothing was changed.";
  /** A command that found every database connection busy for the pool's whole wait. */
  static final String BUSY = "** The site is too busy just now: please try again in a moment. Nothing was changed.";
  /** How long the stop waits for the last lines of the connections to be written before it cuts them. */
  static final long LAST_LINES_MILLIS = 2000;

  private final FibsSettings settings;
  private final Selector selector;
  private final ServerSocketChannel listener;
  private final Lobby lobby;
  private final ThreadPoolExecutor workers;
  private final Thread io;
  private final Set<ClipConnection> connections = ConcurrentHashMap.newKeySet();
  private final Map<InetAddress, AtomicInteger> perAddress = new ConcurrentHashMap<>();
  private final Queue<ClipConnection> wantWrite = new ConcurrentLinkedQueue<>();
  private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(4096);
  private final RequestDrain drain;
  private final DatabaseOutage outage;
  private final boolean ownsOutage;
  private final OutageLog outageLog = new OutageLog(LOG);
  private volatile boolean stopping;

  private ClipServer(FibsSettings settings, FibsSite site, String host, RequestDrain drain, DatabaseOutage outage,
      boolean ownsOutage) throws IOException {
    this.settings = settings;
    this.drain = drain;
    this.outage = outage;
    this.ownsOutage = ownsOutage;
    this.selector = Selector.open();
    this.listener = ServerSocketChannel.open();
    listener.bind(new InetSocketAddress(host, settings.port()), 128);
    listener.configureBlocking(false);
    listener.register(selector, SelectionKey.OP_ACCEPT);
    this.workers = new ThreadPoolExecutor(WORKERS, WORKERS, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), Workers.daemon("tabla-fibs-worker"));
    this.lobby = new Lobby(site);
    this.io = new Thread(this::loop, "tabla-fibs-io");
    io.setDaemon(true);
  }

  /** Starts listening on {@code host} and the settings' port, on its own (nothing else counts its commands). */
  public static ClipServer start(FibsSettings settings, FibsSite site, String host) {
    return start(settings, site, host, new RequestDrain(), new DatabaseOutage(() -> true), true);
  }

  /**
   * As above, its commands counted in the server's {@code drain} (the stop waits for them), the database's
   * {@code outage} shared with the API's.
   */
  public static ClipServer start(FibsSettings settings, FibsSite site, String host, RequestDrain drain,
      DatabaseOutage outage) {
    return start(settings, site, host, drain, outage, false);
  }

  private static ClipServer start(FibsSettings settings, FibsSite site, String host, RequestDrain drain,
      DatabaseOutage outage, boolean ownsOutage) {
    try {
      ClipServer s = new ClipServer(settings, site, host, drain, outage, ownsOutage);
      s.io.start();
      LOG.info("CLIP (FIBS client protocol) listening on {}:{}", host, s.port());
      return s;
    } catch (IOException e) {
      throw new IllegalStateException("the CLIP port " + settings.port() + " cannot be opened: " + e.getMessage(), e);
    }
  }

  public int port() {
    return listener.socket().getLocalPort();
  }

  FibsSettings settings() {
    return settings;
  }

  /** How many users are logged in now. */
  public int loggedIn() {
    return (int) lobby.everyone().stream().filter(ClipSession::loggedIn).count();
  }

  /** How many connections are open now. */
  public int connections() {
    return connections.size();
  }

  private void loop() {
    long nextSweep = System.currentTimeMillis() + SWEEP_MILLIS;
    while (!stopping) {
      try {
        selector.select(SWEEP_MILLIS);
        for (ClipConnection c; (c = wantWrite.poll()) != null; ) writeOrWait(c);
        for (SelectionKey k : selector.selectedKeys()) {
          if (!k.isValid()) continue;
          if (k.isAcceptable()) accept();
          else {
            ClipConnection c = (ClipConnection) k.attachment();
            if (k.isReadable()) read(c);
            if (k.isValid() && k.isWritable()) writeOrWait(c);
          }
        }
        selector.selectedKeys().clear();
        long now = System.currentTimeMillis();
        if (now >= nextSweep) {
          sweep(now);
          nextSweep = now + SWEEP_MILLIS;
        }
      } catch (ClosedSelectorException e) {
        return;
      } catch (IOException | RuntimeException e) {
        LOG.error("the CLIP listener failed a step", e);
      }
    }
  }

  private void accept() throws IOException {
    SocketChannel ch;
    try {
      ch = listener.accept();
    } catch (java.nio.channels.ClosedChannelException e) {
      return; // the stop closed the listener a moment ago
    }
    if (ch == null) return;
    ch.configureBlocking(false);
    InetAddress addr = ((InetSocketAddress) ch.getRemoteAddress()).getAddress();
    String refusal = null;
    if (drain.stopping()) refusal = REFUSED_STOPPING;
    else if (connections.size() >= settings.total()) refusal = "** The server is full (" + settings.total() + " connections); try again later.";
    else if (perAddress.computeIfAbsent(addr, a -> new AtomicInteger()).get() >= settings.perAddress()) {
      refusal = "** Too many connections from your address (at most " + settings.perAddress() + ").";
    }
    if (refusal != null) {
      // a short line on a fresh socket fits its send buffer: written at once, without blocking the selector
      ch.write(ByteBuffer.wrap((refusal + "\r\n").getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
      ch.close();
      return;
    }
    perAddress.get(addr).incrementAndGet();
    ClipConnection c = new ClipConnection(ch, addr, this, workers, System.currentTimeMillis());
    c.key = ch.register(selector, SelectionKey.OP_READ, c);
    connections.add(c);
    c.session = new ClipSession(c, lobby);
    c.submit(c.session::greet);
  }

  private void read(ClipConnection c) {
    readBuffer.clear();
    int n;
    try {
      n = c.channel.read(readBuffer);
    } catch (IOException e) {
      n = -1;
    }
    if (n < 0) {
      close(c, "dropped");
      return;
    }
    long now = System.currentTimeMillis();
    c.lastInput = now;
    readBuffer.flip();
    c.codec.feed(readBuffer, line -> {
      if (c.takeToken(now)) {
        c.submit(() -> command(c, line));
      } else if (c.warnRate(now)) {
        c.send("** Too many commands: at most " + settings.commandsPerSecond() + " a second. That one was ignored.");
      }
    }, () -> c.send("** Line too long: at most " + settings.maxLineBytes() + " characters. It was ignored."));
  }

  /**
   * One line of a client, on its queue: counted as a request is, so the stop waits for it, or refused once it began.
   *
   * <p>While the database is known to be away, a logged-in user's command that may need it is refused at once, as
   * the API's are: otherwise each would hold one of the {@link #WORKERS} threads, which every connection shares, for
   * the pool's whole wait (Database.CONNECTION_TIMEOUT_MS) only to fail, and the queues of the others (their game
   * news too) would wait behind. The prober ends the state within half a second of the database's return, so a
   * command typed then works. Lines before the login are not refused so: they are few, and the login's own
   * failure answers with the same line and prompts again.
   */
  private void command(ClipConnection c, String line) {
    if (!drain.enter()) {
      c.send(REFUSED_STOPPING);
      return;
    }
    try {
      if (outage.isDown() && c.session.loggedIn() && ClipSession.mayNeedDatabase(line)) {
        c.send(DATABASE_DOWN);
        return;
      }
      c.session.command(line);
    } finally {
      drain.exit();
    }
  }

  private void writeOrWait(ClipConnection c) {
    if (!c.key.isValid()) return;
    try {
      boolean done = c.flush();
      String why = done ? c.closeAfterWrite() : null;
      if (why != null) {
        close(c, why);
        return;
      }
      c.key.interestOps(done ? SelectionKey.OP_READ : SelectionKey.OP_READ | SelectionKey.OP_WRITE);
    } catch (IOException e) {
      close(c, "dropped");
    }
  }

  private void sweep(long now) {
    for (ClipConnection c : connections) {
      boolean loggedIn = c.session != null && c.session.loggedIn();
      if (!loggedIn && now - c.openedAt > settings.loginMillis()) {
        c.sendAndClose("** Connection timed out: log in within " + settings.loginMillis() / 1000 + " seconds.");
      } else if (now - c.lastInput > settings.idleMillis()) {
        c.sendAndClose("Connection timed out.");
      }
    }
  }

  /** Asks the selector thread to write what is queued for {@code c}. */
  void wantWrite(ClipConnection c) {
    wantWrite.add(c);
    selector.wakeup();
  }

  /** Whether a command may start an action of its own now (false once the server's stop began). */
  boolean enter() {
    return drain.enter();
  }

  /** The end of what {@link #enter} let in. */
  void exit() {
    drain.exit();
  }

  /** Closes a connection (any thread); its session is told once, on its own queue. */
  void close(ClipConnection c, String why) {
    if (!c.closed.compareAndSet(false, true)) return;
    connections.remove(c);
    synchronized (connections) {
      connections.notifyAll(); // the stop may wait for the last ones
    }
    perAddress.computeIfPresent(c.address, (a, n) -> n.decrementAndGet() <= 0 ? null : n);
    try {
      c.channel.close();
    } catch (IOException e) {
      // closing anyway
    }
    if (c.session == null) return;
    try {
      workers.execute(() -> c.session.closed(why));
    } catch (java.util.concurrent.RejectedExecutionException e) {
      // the server stops and its workers are gone (a connection the selector still read after close() went by):
      // nobody is left to tell
    }
  }

  /**
   * A command failed: logged, the client told, the connection kept (a session at the login prompt is prompted
   * again). The database away or busy is said in plain words and logged as a bounded WARN ({@link OutageLog});
   * anything else is a bug, logged with its stack.
   */
  void failed(ClipConnection c, RuntimeException e) {
    Refused down = outage.refusal(e);
    if (down != null) {
      outageLog.warn("a CLIP command", e);
      c.send(down.code() == SiteCode.DATABASE_DOWN ? DATABASE_DOWN : BUSY);
    } else {
      LOG.error("a CLIP command failed", e);
      c.send("** The server failed; nothing was changed.");
    }
    if (c.session != null) c.session.failed();
  }

  /** An admin's graceful shutdown, announced {@code seconds} ahead (its text one line): to every connection. */
  public void announceStop(int seconds, String text) {
    String line = "** The server will restart in " + seconds + (seconds == 1 ? " second: " : " seconds: ")
        + text.replaceAll("[\\p{Cntrl}]", " ");
    for (ClipConnection c : connections) c.send(line);
  }

  /**
   * The server's stop began (its drain refuses new work): every connection is told, at once, beside whatever its
   * queue is running (a line is written from any thread).
   */
  public void tellStopping() {
    for (ClipConnection c : connections) c.send(STOPPING);
  }

  /**
   * Closes the door. After the drain the commands have ended, but the news of what they stored (the board after a
   * move, to both players) is still on its way: the site hands it to the sessions' queues ({@link FibsSite#settle}),
   * then each connection's close is queued behind it, and the selector closes each once its lines are written (at
   * most {@link #LAST_LINES_MILLIS}). Whatever is left then is cut.
   */
  @Override
  public void close() {
    try {
      listener.close(); // no new connection
    } catch (IOException e) {
      // closing anyway
    }
    lobby.site.settle(Duration.ofMillis(LAST_LINES_MILLIS));
    for (ClipConnection c : connections) c.submit(() -> c.sendAndClose(null, "server stops"));
    long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(LAST_LINES_MILLIS);
    synchronized (connections) {
      for (long left; !connections.isEmpty() && (left = end - System.nanoTime()) > 0; ) {
        try {
          connections.wait(Math.max(1, TimeUnit.NANOSECONDS.toMillis(left)));
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          break;
        }
      }
    }
    stopping = true;
    for (ClipConnection c : connections) close(c, "server stops");
    try {
      selector.close();
      listener.close();
    } catch (IOException e) {
      // stopping anyway
    }
    // The commands under way and the sessions' goodbyes queued above still run (they may write: the database closes
    // after this), never interrupted (an interrupt in H2's file IO closes the database), at most Workers.STOP_WAIT.
    workers.shutdown();
    try {
      workers.awaitTermination(Workers.STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    lobby.close();
    if (ownsOutage) outage.close();
  }
}
