package tabla.cli;

import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.StringJoiner;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.OutcomeValues;
import tabla.bot.SearchPlayer;
import tabla.bot.eval.Evaluator;
import tabla.bot.gnubg.ExternalBoard;
import tabla.core.Backgammon;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.match.Action;
import tabla.core.match.Game;

/**
 * Plays as GNU Backgammon's external player: listens on loopback, answers each board line with a
 * play, "roll" or "take". Plays are sent as single steps without hit marks or counts (forms gnubg
 * 1.07 is known to read; it crashes on some others).
 */
@Command(name = "gnubg-player", description = "Serve GNU Backgammon's external-player protocol (gnubg: set player N external localhost:PORT).")
final class GnubgPlayerCommand implements Callable<Integer> {

  @Option(names = "--port", required = true, description = "TCP port on 127.0.0.1") int port;
  @Option(names = "--plies", description = "search depth: 0, 1 or 2 (default 1)") int plies = 1;
  @Option(names = "--cube-plies", description = "how many rolls the cube decisions look ahead: 0, 1 or 2 (default 1; 2 only where 1 is close)") int cubePlies = 1;
  @Option(names = "--cubeful-plays", description = "in matches, value plays by Janowski's cubeful model at the score (default: the endings' match winning chances, cubeless)")
  boolean cubeful;
  @Option(names = "--weights", description = "networks to play with (a weights.bin.gz as `tabla train` or `tabla fit`"
      + " writes it, e.g. a fitted contact network with the contact inputs; default the shipped ones)") Path weights;

  @Override
  public Integer call() throws Exception {
    if (plies < 0 || plies > 2 || cubePlies < 0 || cubePlies > 2) {
      System.err.println("tabla gnubg-player: --plies and --cube-plies are 0, 1 or 2");
      return 2;
    }
    if (WeightsFile.problem(weights) != null) {
      System.err.println("tabla gnubg-player: " + WeightsFile.problem(weights));
      return 2;
    }
    Evaluator eval = WeightsFile.orShipped(weights);
    if (weights != null) {
      System.err.println("tabla gnubg-player: networks from " + weights
          + (eval.readsContactInputs() ? " (contact network with the contact inputs)" : ""));
    }
    SearchPlayer bot = SearchPlayer.withPlies(eval, plies, cubePlies);
    try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
      System.err.println("tabla gnubg-player: listening on 127.0.0.1:" + port);
      while (true) {
        try (Socket s = server.accept()) {
          serve(s, bot, cubeful);
        }
      }
    }
  }

  private static void serve(Socket s, SearchPlayer bot, boolean cubeful) throws Exception {
    BufferedReader in = new BufferedReader(new InputStreamReader(s.getInputStream(), StandardCharsets.UTF_8));
    OutputStream out = s.getOutputStream();
    for (String line; (line = in.readLine()) != null; ) {
      line = line.replace("\0", "").trim();
      if (line.isEmpty()) continue;
      Result<ExternalBoard> b = ExternalBoard.parse(line);
      String reply;
      if (!b.isOk()) {
        System.err.println("tabla gnubg-player: " + b.error());
        reply = "roll";
      } else {
        reply = answer(b.get(), bot, cubeful);
      }
      out.write((reply + "\n").getBytes(StandardCharsets.UTF_8));
      out.flush();
    }
  }

  static String answer(ExternalBoard b, SearchPlayer bot, boolean cubeful) {
    return switch (b.request()) {
      // Cube decisions at the match score (Janowski model, match equity table); see ExternalBoard.cubeGame.
      case ROLL_OR_DOUBLE -> {
        Result<Game> g = b.cubeGame();
        yield g.isOk() && g.get().canDouble().isOk() && bot.wantsToDouble(g.get()) ? "double" : "roll";
      }
      case ANSWER_DOUBLE -> {
        Result<Game> g = b.cubeGame();
        yield !g.isOk() || !(bot.answerDouble(g.get()) instanceof Action.Drop) ? "take" : "drop";
      }
      // Checker play by the value of the game's endings at the match score and cube (money: cubeless equity).
      case MOVE -> {
        List<Play> plays = Backgammon.legalPlays(b.position(), b.dice());
        Result<Game> g = b.cubeGame();
        OutcomeValues values = !g.isOk() ? OutcomeValues.MONEY
            : cubeful ? OutcomeValues.cubeful(g.get()) : OutcomeValues.of(g.get());
        yield plays.isEmpty() ? "" : steps(bot.best(plays, values));
      }
    };
  }

  static String steps(Play p) {
    StringJoiner j = new StringJoiner(" ");
    for (Move m : p.moves()) {
      j.add((m.from() == Move.BAR ? "bar" : String.valueOf(m.from())) + "/" + (m.to() == Move.OFF ? "off" : String.valueOf(m.to())));
    }
    return j.toString();
  }
}
