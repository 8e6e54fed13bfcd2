package tabla.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jline.reader.EndOfFileException;
import org.jline.reader.LineReader;
import org.jline.reader.LineReaderBuilder;
import org.jline.reader.UserInterruptException;
import org.jline.terminal.Terminal;
import org.jline.terminal.TerminalBuilder;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import tabla.bot.Bots;
import tabla.bot.Player;
import tabla.bot.SearchPlayer;
import tabla.bot.SelfPlay;
import tabla.bot.variant.VariantPlayer;
import tabla.core.Play;
import tabla.core.Result;
import tabla.core.dice.SecureDice;
import tabla.core.dice.SeededDice;
import tabla.core.dice.DiceSource;
import tabla.core.format.BoardDiagram;
import tabla.core.format.Notation;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.GameResult;
import tabla.core.match.Match;
import tabla.core.match.Phase;
import tabla.core.match.Rules;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;

/**
 * A game against the bot in the terminal. You are player 0 (X at the bottom). Type a play in gnubg
 * notation, whole or one step at a time ("24/18", then "13/11"); "undo" takes back the last step of
 * this turn; "hint" ranks the plays; Enter rolls.
 */
@Command(name = "play", description = "Play the bot in the terminal (moves like 24/18 13/11; undo, hint, moves, double, resign, quit).")
final class PlayCommand implements Callable<Integer> {
  @Option(names = "--match", description = "match length, 1..25, or 0 for one money game (default 1, or the preset's)") Integer length;
  @Option(names = "--preset", description = "named rules (wbf, brainking, serbian-tavla, italian, czech, turkish-tavla, greek-tavli, long-nardy); 'help' lists their options") String preset;
  @Option(names = "--seed", description = "seeded dice (for practice and tests); default: secure random") Long seed;
  @Option(names = "--variant", description = "the variant, with options if any (default backgammon, or the preset's); see README") String variant;
  @Option(names = "--level", description = "the bot: random, beginner, intermediate or strong (default)") String level = "strong";

  private PrintWriter out;
  private LineReader reader;
  private Variant v;
  private Player bot;

  @Override
  public Integer call() throws Exception {
    Result<Rules> chosen = RuleChoice.of(preset, length, variant, 1);
    if (!chosen.isOk()) return RuleChoice.refuse("play", chosen);
    Rules rules = chosen.get();
    v = rules.variant();
    bot = Bots.forVariant(v, level, seed == null ? System.nanoTime() : seed);
    DiceSource dice = seed == null ? new SecureDice() : new SeededDice(seed);
    try (Terminal terminal = TerminalBuilder.builder().system(true).build()) {
      out = terminal.writer();
      reader = LineReaderBuilder.builder().terminal(terminal).build();
      out.println("Tabla (" + v.name() + "): you (X, player 0) against the bot. Moves like 24/18 13/11 or one step at a time;");
      out.println("Enter rolls. Commands: undo, hint, moves, double, resign 1|2|3, quit.");
      if (!Bots.neural(v)) out.println("In this variant type a whole play as 'moves' lists it, or its number there.");
      Match m = Match.start(rules).get();
      while (!m.isOver()) {
        Match before = m;
        Game g = m.game();
        java.util.Optional<Action.RollOff> opening = m.openingRoll(dice);
        if (opening.isPresent()) {
          Action.RollOff r = opening.get();
          m = m.apply(r).get();
          out.printf("Opening roll: you %d, bot %d.%n", r.die0(), r.die1());
        } else if (g.toAct(1)) {
          Action a = SelfPlay.decide(g, bot, dice);
          m = m.apply(a).get();
          describeBot(a, m);
        } else {
          m = human(m, dice);
          if (m == null) return 0;
        }
        reportEnd(before, m);
      }
      out.println(m.winner().equals(java.util.OptionalInt.of(0)) ? "You won the match!" : "The bot won the match.");
      out.flush();
    } catch (UserInterruptException | EndOfFileException e) {
      return 0;
    }
    return 0;
  }

  /** Says how a game ended when the last action ended it. */
  private void reportEnd(Match before, Match after) {
    int i = before.games().size() - 1;
    if (before.games().get(i).isOver() || !after.games().get(i).isOver()) return;
    GameResult r = after.games().get(i).result();
    out.printf("%s %d point(s) (%s). Score: you %d, bot %d.%n", r.wonBy(0) ? "You win" : r.isDraw() ? "Drawn:" : "The bot wins",
        r.points(), r.end().name().toLowerCase().replace('_', ' '), after.score(0), after.score(1));
  }

  private void describeBot(Action a, Match m) {
    List<Game.Event> ev = lastGameEvents(m);
    if (a instanceof Action.Roll r) {
      Game.Event e = ev.get(ev.size() - 1);
      if (e.action() instanceof Action.Move mv && mv.play().isPass()) out.printf("Bot rolls %s: no move.%n", r.dice());
      else out.printf("Bot rolls %s.%n", r.dice());
    } else if (a instanceof Action.Move mv) {
      out.printf("Bot plays %s.%n", Notation.write(mv.play()));
    } else {
      out.printf("Bot: %s.%n", a.getClass().getSimpleName().toLowerCase());
    }
  }

  private static List<Game.Event> lastGameEvents(Match m) {
    Game g = m.game().events().isEmpty() && m.games().size() > 1 ? m.games().get(m.games().size() - 2) : m.game();
    return g.events();
  }

  /** The human's turn: returns the match after their action, or null to quit. */
  private Match human(Match m, DiceSource dice) {
    Game g = m.game();
    switch (g.phase()) {
      case ROLL -> {
        draw(g, List.of());
        String line = reader.readLine("Roll (Enter), double, resign N or quit: ").trim();
        if (line.equals("quit")) return null;
        Action a = line.startsWith("d") ? new Action.Double()
            : line.startsWith("resign") ? new Action.Resign(level(line)) : new Action.Roll(dice.roll());
        Result<Match> r = m.apply(a);
        if (!r.isOk()) {
          out.println(r.error());
          return m;
        }
        if (a instanceof Action.Roll roll) {
          Game after = r.get().game();
          if (!after.isOnRoll(0) || after.phase() != Phase.MOVE) out.printf("You roll %s: no move.%n", roll.dice());
        }
        return r.get();
      }
      case MOVE -> {
        return move(m);
      }
      case DOUBLE_OFFERED -> {
        String line = reader.readLine("The bot doubles. take or drop? ").trim();
        Result<Match> r = m.apply(line.startsWith("d") ? new Action.Drop() : new Action.Take());
        return r.isOk() ? r.get() : m;
      }
      default -> {
        String line = reader.readLine("Accept the resignation? (y/n) ").trim();
        return m.apply(line.startsWith("y") ? new Action.AcceptResign() : new Action.RejectResign()).get();
      }
    }
  }

  private static int level(String line) {
    String d = line.replaceAll("\\D", "");
    return d.isEmpty() ? 1 : Integer.parseInt(d);
  }

  /** Reads the play, a step at a time if the player likes; "undo" takes back the last step. */
  private Match move(Match m) {
    Game g = m.game();
    List<String> steps = new ArrayList<>();
    boolean redraw = true;
    while (true) {
      if (redraw) draw(g, steps);
      redraw = true;
      String line = reader.readLine("Your move" + (g.dice() == null ? "" : " with " + g.dice().first() + "-"
          + g.dice().second()) + (steps.isEmpty() ? "" : " (so far " + String.join(" ", steps) + ")") + ": ").trim();
      switch (line) {
        case "quit" -> {
          return null;
        }
        case "undo" -> {
          if (!steps.isEmpty()) steps.remove(steps.size() - 1);
          continue;
        }
        case "hint" -> {
          hint(g);
          redraw = false;
          continue;
        }
        case "moves" -> {
          List<Play> legal = g.legalPlays();
          for (int i = 0; i < legal.size(); i++) out.printf("  %d. %s%n", i + 1, Notation.write(legal.get(i)));
          redraw = false;
          continue;
        }
        default -> { }
      }
      if (line.startsWith("resign")) {
        Result<Match> r = m.apply(new Action.Resign(level(line)));
        if (r.isOk()) return r.get();
        out.println(r.error());
        continue;
      }
      if (line.isEmpty()) {
        redraw = false;
        continue;
      }
      if (!Bots.neural(v)) {
        // Variants: a whole play, as listed by "moves" (or its number); the gnubg parser knows backgammon only.
        Play chosen = variantPlay(g.legalPlays(), line);
        if (chosen != null) return m.apply(new Action.Move(chosen)).get();
        out.println("Not one of the legal plays; type 'moves' to list them.");
        redraw = false;
        continue;
      }
      steps.add(line);
      Result<Play> play = Notation.parse(g.position(), g.dice(), String.join(" ", steps));
      if (play.isOk()) {
        return m.apply(new Action.Move(play.get())).get();
      }
      if (!couldContinue(g, steps)) {
        out.println("Not legal: " + play.error());
        steps.remove(steps.size() - 1);
        redraw = false;
      }
    }
  }

  /** The legal play the text names: its number in the "moves" list, or its notation. */
  static Play variantPlay(List<Play> legal, String line) {
    String t = line.trim().replaceAll("\\s+", " ");
    if (t.matches("\\d+")) {
      int i = Integer.parseInt(t) - 1;
      return i >= 0 && i < legal.size() ? legal.get(i) : null;
    }
    for (Play p : legal) {
      if (Notation.write(p).equalsIgnoreCase(t)) return p;
    }
    return null;
  }

  /** The bot's ranking of the plays on the board, best five. */
  private void hint(Game g) {
    List<Play> legal = g.legalPlays();
    if (bot instanceof SearchPlayer s) {
      List<SearchPlayer.Scored> ranked = s.rank(legal, 1);
      for (int i = 0; i < ranked.size() && i < 5; i++) {
        out.printf("  %d. %-22s %+.3f%n", i + 1, Notation.write(ranked.get(i).play()), ranked.get(i).equity());
      }
      return;
    }
    // Hints come from the strongest player whatever the opponent's level (its network where it has one).
    VariantPlayer vp = Bots.forVariant(v, "strong", 0) instanceof VariantPlayer p ? p : new VariantPlayer(v);
    List<VariantPlayer.Scored> ranked = vp.rank(g, legal);
    for (int i = 0; i < ranked.size() && i < 5; i++) {
      out.printf("  %d. %-22s %+.3f%n", i + 1, Notation.write(ranked.get(i).play()), ranked.get(i).equity());
    }
  }

  /** True when the steps so far reach the board of some legal play part-way (so the player may go on). */
  private static boolean couldContinue(Game g, List<String> steps) {
    tabla.core.Position target = partial(g.position(), steps);
    if (target.equals(g.position())) return false;
    for (Play p : g.legalPlays()) {
      tabla.core.Position board = g.position();
      for (tabla.core.Move mv : p.moves()) {
        board = partial(board, List.of((mv.from() == tabla.core.Move.BAR ? "bar" : String.valueOf(mv.from())) + "/"
            + (mv.to() == tabla.core.Move.OFF ? "off" : String.valueOf(mv.to()))));
        if (board.equals(target)) return true;
      }
    }
    return false;
  }

  /** The board with the steps typed so far moved, for the player to see (hits included). */
  static tabla.core.Position partial(tabla.core.Position p, List<String> steps) {
    if (steps.isEmpty() || p.extras() > 0) return p; // nothing typed yet, or a variant's board (whole plays only)
    int[] me = p.moverSide();
    int[] opp = p.opponentSide();
    for (String token : steps) {
      String[] pts = token.toLowerCase().replaceAll("\\(\\d\\)|\\*", "").split("/");
      for (int k = 1; k < pts.length; k++) {
        int from = point(pts[k - 1]);
        int to = point(pts[k]);
        if (from < 0 || to < 0 || me[from] == 0) return p;
        me[from]--;
        me[to]++;
        if (to > 0 && opp[25 - to] == 1) {
          opp[25 - to] = 0;
          opp[tabla.core.Position.BAR]++;
        }
      }
    }
    return tabla.core.Position.of(me, opp).isOk() ? tabla.core.Position.of(me, opp).get() : p;
  }

  private static int point(String s) {
    if (s.equals("bar")) return 25;
    if (s.equals("off")) return 0;
    try {
      int v = Integer.parseInt(s);
      return v >= 0 && v <= 25 ? v : -1;
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  private void draw(Game g, List<String> steps) {
    out.print(BoardDiagram.draw(v.geometry(), partial(g.positionFor(0), steps), "You: X (player 0)", "Cube: " + g.cube()
        + (g.cubeCentred() ? " (centred)" : g.ownsCube(0) ? " (yours)" : " (bot's)"),
        g.dice() != null && g.isOnRoll(0) ? "Dice: " + g.dice().first() + "-" + g.dice().second() : ""));
    out.flush();
  }
}
