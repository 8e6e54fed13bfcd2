package tabla.cli.bridge;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.PrintStream;
import java.util.function.Consumer;

/**
 * Reads one stream of the bot API to its end however often the site breaks it (docs/bots.md "When the site
 * restarts"): after the site's {@code restarting} line (or {@code unavailable}: its database is away) it opens it again once the line's {@code retryAfter} has
 * passed; after a stream that ended or broke without one, or that its reader gave up (a post that got no answer), after
 * a {@link Backoff} wait. Each opening (once it brings a line), each wait and each return is said on the log. A refusal that asking again will not change
 * (401: the token) ends the reading.
 */
final class Reconnecting {
  /** The longest a {@code restarting} line makes the bridge wait (a site's word is no reason to stay away long). */
  static final long MAX_RETRY_AFTER = 60;

  private final BotApi api;
  private final PrintStream log;

  Reconnecting(BotApi api, PrintStream log) {
    this.api = api;
    this.log = log;
  }

  /**
   * Reads {@code path} until {@code line} throws {@link BotApi.Stop#DONE}, handing it every line of every stream
   * opened (keep-alives as missing nodes); {@code reopening} runs before each opening after the first.
   *
   * @param name the stream on the log ("events", "game 12")
   * @throws BotApi.Refused when the site refuses the stream for good (401: the token was revoked)
   */
  void read(String name, String path, Consumer<JsonNode> line, Runnable reopening)
      throws BotApi.Refused, InterruptedException {
    Backoff backoff = new Backoff();
    boolean again = false;
    while (true) {
      long wait;
      String why;
      boolean[] said = {false}; // once a stream brings its first line: open (the first time), back (after)
      String opened = again ? "the stream is back" : "the stream is open";
      try {
        if (again) reopening.run();
        BotApi.Ended end = api.stream(path, m -> {
          backoff.reset();
          if (!said[0]) {
            said[0] = true;
            log.println(name + ": " + opened);
          }
          line.accept(m);
        });
        switch (end.how()) {
          case STOPPED -> {
            return;
          }
          case RESTARTING, UNAVAILABLE -> {
            wait = Math.max(1, Math.min(MAX_RETRY_AFTER, end.retryAfterSeconds()));
            why = end.how() == BotApi.Ended.How.RESTARTING ? "the site is restarting" : "the site cannot reach its database";
          }
          case REOPEN -> {
            wait = backoff.next();
            why = "an action got no answer";
          }
          default -> {
            wait = backoff.next();
            why = "the stream ended without a word";
          }
        }
      } catch (BotApi.Refused x) {
        if (x.lasting()) throw x;
        wait = backoff.next();
        why = x.getMessage();
      } catch (IOException x) {
        wait = backoff.next();
        why = "the stream broke (" + x + ")";
      }
      log.println(name + ": " + why + ": opening it again in " + wait + " s");
      Thread.sleep(wait * 1000);
      again = true;
    }
  }
}
