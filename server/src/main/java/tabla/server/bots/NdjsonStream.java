package tabla.server.bots;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * One NDJSON stream of the bot API: JSON texts, one a line, written as they are offered, and an empty line whenever
 * nothing was written for {@code keepAliveMillis} (so a client, and every proxy between, sees the connection alive;
 * below Jetty's idle time, which would otherwise close it). Runs on the request's thread until the client leaves,
 * the source says it is done, {@code alive} says the token is no longer good (asked at each keep-alive), or the
 * client reads too slowly: at most {@link #QUEUED} lines wait, and one more ends the stream (the client reconnects
 * and starts again from the whole state).
 */
final class NdjsonStream {
  /** Lines that may wait for a slow client. */
  static final int QUEUED = 256;

  /** Asked once per tick, on the stream's thread: may {@link #offer} lines; false when the stream is over. */
  interface Tick {
    boolean goOn();

    /** When the stream is over, however it ended (a game stream stops watching its game). */
    default void close() {}
  }

  private final BlockingQueue<String> lines = new ArrayBlockingQueue<>(QUEUED);
  private volatile boolean ended;

  /** Queues a line (a JSON text without line breaks); never blocks. Ends the stream when the queue is full. */
  void offer(String json) {
    if (!lines.offer(json)) ended = true;
  }

  /** Ends the stream from another thread (the game moved to another node). */
  void end() {
    ended = true;
  }

  /**
   * Writes until over; returns normally when the client has gone too (a failed write).
   *
   * @param tickMillis how often {@code tick} is asked (and the longest a line waits)
   */
  void run(OutputStream out, long tickMillis, long keepAliveMillis, Tick tick, BooleanSupplier alive) {
    long lastWrite = System.nanoTime();
    try {
      while (!ended) {
        String first = lines.poll(tickMillis, TimeUnit.MILLISECONDS);
        if (ended) return;
        if (first != null) {
          write(out, first);
          lastWrite = System.nanoTime();
        } else if (System.nanoTime() - lastWrite >= TimeUnit.MILLISECONDS.toNanos(keepAliveMillis)) {
          if (!alive.getAsBoolean()) return;
          out.write('\n');
          out.flush();
          lastWrite = System.nanoTime();
        }
        if (!tick.goOn()) { // over: what the source queued before saying so still goes out
          String last = lines.poll();
          if (last != null) write(out, last);
          return;
        }
      }
    } catch (IOException e) {
      // the client went away: nothing to tell it
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Writes what is still queued, then {@code json} as the stream's last line (after {@link #run} returned). */
  void last(OutputStream out, String json) throws IOException {
    offer(json); // behind the queued lines; a full queue ended the stream, which then says nothing more
    String first = lines.poll();
    if (first != null) write(out, first);
  }

  /** {@code first} and every line queued behind it, in one write. */
  private void write(OutputStream out, String first) throws IOException {
    StringBuilder b = new StringBuilder(first).append('\n');
    for (String more; (more = lines.poll()) != null; ) b.append(more).append('\n');
    out.write(b.toString().getBytes(StandardCharsets.UTF_8));
    out.flush();
  }
}
