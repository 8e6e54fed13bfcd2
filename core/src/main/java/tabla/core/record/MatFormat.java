package tabla.core.record;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Result;
import tabla.core.match.Match;
import tabla.core.match.Rules;
import tabla.core.record.Transcript.Entry;
import tabla.core.record.Transcript.Ending;
import tabla.core.record.Transcript.GameRecord;
import tabla.core.record.Transcript.Kind;

/**
 * Jellyfish {@code .mat} match files, laid out byte for byte as GNU Backgammon 1.07 exports them:
 * numbered lines with player 0's turn in the left column (28 wide) and player 1's on the right,
 * single moves from the mover's side ({@code 25} = bar, {@code 0} = off, {@code *} = hit).
 *
 * <p>The format has no rules line: a match is read with the Crawford rule (without, if that does
 * not replay), a money session ({@code 0 point match}) with the cube and Jacoby (without Jacoby,
 * if the scores need it). Resignations are not written, only "Wins N points" where play did not end
 * the game; the reader turns that back into the loser's resignation.
 */
public final class MatFormat {
  private static final int COLUMN = 28;
  private static final Pattern TAG = Pattern.compile("^;\\s*\\[(\\w+)\\s+\"(.*)\"\\]\\s*$");
  private static final Pattern LENGTH = Pattern.compile("^\\s*(\\d+) point match\\s*$");
  private static final Pattern GAME = Pattern.compile("^\\s*Game (\\d+)\\s*$");
  private static final Pattern NAMES = Pattern.compile("^ ?(.+?) : (\\d+) +(.+?) : (\\d+)\\s*$");
  private static final Pattern NUMBERED = Pattern.compile("^\\s*\\d+\\)");
  private static final Pattern START =
      Pattern.compile("(?<=^|\\s)(\\d\\d:|Doubles =>|Beavers =>|Raccoons =>|Takes|Drops|Wins )");
  private static final Pattern ROLL = Pattern.compile("^(\\d)(\\d):(.*)$");
  private static final Pattern CUBE = Pattern.compile("^(Doubles|Beavers|Raccoons) => (\\d+)$");
  private static final Pattern WINS = Pattern.compile("^Wins (\\d+) points?(?: and the match)?$");
  private static final Pattern STEP = Pattern.compile("^(bar|\\d+)((?:/(?:\\d+|off)\\*?)+)(?:\\((\\d)\\))?$");
  private static final Pattern HOP = Pattern.compile("/(\\d+|off)");

  private MatFormat() {}

  // ---------------------------------------------------------------- writing

  /** Why .mat and .sgf cannot hold a match under {@code rules} (a variant, Holland, …), or null when they can. */
  public static String unsupported(tabla.core.match.Rules rules) {
    return Transcript.unsupported(rules);
  }

  public static Result<String> write(Match match, RecordInfo info) {
    String why = Transcript.unsupported(match.rules());
    if (why != null) return Result.err(why);
    StringBuilder sb = new StringBuilder();
    tag(sb, "Site", info.place());
    tag(sb, "Event", info.event());
    tag(sb, "Round", info.round());
    tag(sb, "EventDate", info.date() == null ? null : info.date().replace('-', '.'));
    tag(sb, "Transcriber", info.annotator());
    if (sb.length() > 0) sb.append('\n');
    if (info.comment() != null) {
      for (String line : info.comment().split("\n")) sb.append("; ").append(line).append('\n');
    }
    sb.append(' ').append(match.rules().matchLength()).append(" point match\n\n");
    List<GameRecord> games = Transcript.of(match);
    for (int gi = 0; gi < games.size(); gi++) {
      GameRecord g = games.get(gi);
      sb.append(" Game ").append(gi + 1).append('\n');
      sb.append(pad(" " + info.player0() + " : " + g.scores()[0], 32))
          .append(info.player1()).append(" : ").append(g.scores()[1]).append('\n');
      sb.append(String.join("\n", lines(g)));
      if (g.end() != null) sb.append("\n\n");
    }
    return Result.ok(sb.toString());
  }

  private static void tag(StringBuilder sb, String name, String value) {
    if (value != null) sb.append("; [").append(name).append(" \"").append(value).append("\"]\n");
  }

  /** Each turn goes in its player's column; player 1 shares the line player 0 opened. */
  private static List<String> lines(GameRecord g) {
    List<String[]> rows = new ArrayList<>(); // {left, right}; null = empty
    for (Entry e : g.entries()) {
      String[] last = rows.isEmpty() ? null : rows.get(rows.size() - 1);
      if (e.player() == 1 && last != null && last[1] == null) last[1] = text(e, false);
      else rows.add(e.player() == 0 ? new String[] {text(e, true), null} : new String[] {null, text(e, false)});
    }
    String winsLine = null;
    if (g.end() != null) {
      String wins = " Wins " + g.end().points() + (g.end().points() == 1 ? " point" : " points");
      String[] last = rows.isEmpty() ? null : rows.get(rows.size() - 1);
      if (g.end().winner() == 1 && last != null && last[1] == null) {
        // As gnubg: after dice left unplayed (a resignation) flush against the column, else spaced.
        last[1] = unplayed(g) ? wins.substring(1) : wins + " ";
      } else {
        winsLine = "     " + (g.end().winner() == 0 ? wins : pad(null, COLUMN) + wins);
      }
    }
    List<String> out = new ArrayList<>();
    for (int i = 0; i < rows.size(); i++) {
      String[] r = rows.get(i);
      boolean bare = r[1] == null && i == rows.size() - 1 && unplayed(g);
      out.add(String.format("%3d) ", i + 1) + (bare ? r[0] : pad(r[0], COLUMN)) + (r[1] == null ? "" : r[1]));
    }
    if (winsLine != null) out.add(winsLine);
    return out;
  }

  /** gnubg pads a move line, but not dice left unplayed at the end of the record. */
  private static boolean unplayed(GameRecord g) {
    List<Entry> e = g.entries();
    return !e.isEmpty() && e.get(e.size() - 1).kind() == Kind.UNPLAYED;
  }

  /** One turn as gnubg writes it; on the right a fourth move gets no trailing space. */
  private static String text(Entry e, boolean left) {
    return switch (e.kind()) {
      case ROLL, UNPLAYED -> {
        StringBuilder sb = new StringBuilder().append(e.dice().high()).append(e.dice().low()).append(':');
        for (Move m : e.moves()) sb.append(' ').append(m.from()).append('/').append(m.to()).append(m.hit() ? "*" : "");
        yield sb.append(left || e.moves().size() < 4 ? " " : "").toString();
      }
      case DOUBLE -> " Doubles => " + e.cube();
      case BEAVER, RACCOON -> " Beavers => " + e.cube();
      case TAKE -> " Takes";
      case DROP -> " Drops";
    };
  }

  private static String pad(String s, int width) {
    String t = s == null ? "" : s;
    return t.length() >= width ? t : t + " ".repeat(width - t.length());
  }

  // ---------------------------------------------------------------- reading

  /** Reads a .mat file and replays it; the rules are guessed as the class comment says. */
  public static Result<MatchRecord> read(String text) {
    return read(text, null);
  }

  /** Reads a .mat file and replays it under {@code rules} (null: guess them). */
  public static Result<MatchRecord> read(String text, Rules rules) {
    List<GameRecord> games = new ArrayList<>();
    Map<String, String> tags = new LinkedHashMap<>();
    StringBuilder comment = new StringBuilder();
    String[] names = {null, null};
    String[] lines = text.replace("\r", "").split("\n", -1);
    int length = -1;
    List<Entry> entries = null;
    Ending[] end = {null};
    boolean[] cubeTricks = {false, false}; // beavers, raccoons seen
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      int no = i + 1;
      Matcher m;
      if (line.isBlank()) continue;
      if (line.startsWith(";")) {
        if ((m = TAG.matcher(line)).matches()) tags.put(m.group(1), m.group(2));
        else comment.append(comment.length() > 0 ? "\n" : "").append(line.replaceFirst("^;\\s?", ""));
      } else if ((m = LENGTH.matcher(line)).matches()) {
        length = Integer.parseInt(m.group(1));
      } else if (GAME.matcher(line).matches()) {
        if (length < 0) return err(no, "a game before the ' N point match' line");
        closeGame(games, entries, end);
        entries = new ArrayList<>();
        int next = i + 1;
        while (next < lines.length && lines[next].isBlank()) next++;
        if (next == lines.length || !(m = NAMES.matcher(lines[next])).matches()) {
          return err(next + 1, "expected the players and scores, as ' Alice : 0    Bob : 0'");
        }
        if (names[0] == null) names = new String[] {m.group(1).trim(), m.group(3).trim()};
        int[] scores = {Integer.parseInt(m.group(2)), Integer.parseInt(m.group(4))};
        games.add(new GameRecord(no, scores, null, entries, null));
        i = next;
      } else if (entries != null) {
        String error = turns(line, no, entries, end, cubeTricks);
        if (error != null) return Result.err(error);
      } else {
        return err(no, "cannot read '" + line.trim() + "'");
      }
    }
    closeGame(games, entries, end);
    if (length < 0) return Result.err("no ' N point match' line: not a .mat file");
    String date = tags.get("EventDate");
    RecordInfo info = new RecordInfo(names[0], names[1], tags.get("Event"), tags.get("Round"), tags.get("Site"),
        date == null ? null : date.replace('.', '-'), tags.get("Transcriber"),
        comment.length() == 0 ? null : comment.toString(), null, null);
    List<Rules> tries = rules != null ? List.of(rules) : guesses(length, cubeTricks[0], cubeTricks[1]);
    Result<Match> first = null;
    for (Rules r : tries) {
      Result<Match> replayed = Replay.run(r, info, games);
      if (replayed.isOk()) return Result.ok(new MatchRecord(replayed.get(), info));
      if (first == null) first = replayed;
    }
    return Result.err(first.error());
  }

  private static List<Rules> guesses(int length, boolean beavers, boolean raccoons) {
    if (length > 0) return List.of(Rules.match(length), Rules.match(length).toBuilder().crawford(false).build());
    Rules money = Rules.money().toBuilder().beavers(beavers || raccoons).raccoons(raccoons).build();
    return List.of(money, money.toBuilder().jacoby(false).build());
  }

  /**
   * The previous game's ending goes into its record (records are values, so replace it). Dice with
   * no moves at the end of a game may be a pass or a roll left unplayed: .mat writes both alike.
   */
  private static void closeGame(List<GameRecord> games, List<Entry> entries, Ending[] end) {
    if (entries == null || games.isEmpty()) return;
    Entry last = entries.isEmpty() ? null : entries.get(entries.size() - 1);
    if (last != null && last.kind() == Kind.ROLL && last.moves().isEmpty()) {
      entries.set(entries.size() - 1, new Entry(last.player(), Kind.UNPLAYED, last.dice(), List.of(), 0, last.line()));
    }
    GameRecord g = games.remove(games.size() - 1);
    games.add(new GameRecord(g.line(), g.scores(), null, entries, end[0]));
    end[0] = null;
  }

  /** One line of a game: up to two turns, or a "Wins" line; the column says whose. */
  private static String turns(String line, int no, List<Entry> entries, Ending[] end, boolean[] tricks) {
    Matcher num = NUMBERED.matcher(line);
    int from = num.lookingAt() ? num.end() : 0;
    List<Integer> starts = new ArrayList<>();
    Matcher s = START.matcher(line);
    while (s.find(from)) {
      starts.add(s.start());
      from = s.end();
    }
    if (starts.isEmpty() || starts.size() > 2 || !line.substring(num.lookingAt() ? num.end() : 0, starts.get(0))
        .isBlank()) {
      return "line " + no + ": cannot read '" + line.trim() + "'";
    }
    for (int k = 0; k < starts.size(); k++) {
      int player = k == 1 || starts.get(0) >= 20 ? 1 : 0;
      String t = line.substring(starts.get(k), k + 1 < starts.size() ? starts.get(k + 1) : line.length()).trim();
      if (end[0] != null) return "line " + no + ": '" + t + "' after the game ended";
      Matcher m;
      if ((m = WINS.matcher(t)).matches()) {
        end[0] = new Ending(player, Integer.parseInt(m.group(1)), null, no);
      } else if ((m = ROLL.matcher(t)).matches()) {
        Result<Dice> dice = Dice.of(Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2)));
        if (!dice.isOk()) return "line " + no + ": " + dice.error();
        Result<List<Move>> steps = steps(m.group(3));
        if (!steps.isOk()) return "line " + no + ": " + steps.error();
        entries.add(new Entry(player, Kind.ROLL, dice.get(), steps.get(), 0, no));
      } else if ((m = CUBE.matcher(t)).matches()) {
        Kind kind = m.group(1).equals("Doubles") ? Kind.DOUBLE : answer(entries, player);
        if (kind == null) return "line " + no + ": a beaver must answer a double or a beaver";
        tricks[kind == Kind.RACCOON ? 1 : 0] |= kind != Kind.DOUBLE;
        entries.add(Entry.of(player, kind, Integer.parseInt(m.group(2)), no));
      } else {
        entries.add(Entry.of(player, t.equals("Takes") ? Kind.TAKE : Kind.DROP, 0, no));
      }
    }
    return null;
  }

  /** A beaver answers the opponent's double; a second one (the doubler's) is a raccoon. */
  static Kind answer(List<Entry> entries, int player) {
    Entry prev = entries.isEmpty() ? null : entries.get(entries.size() - 1);
    if (prev == null || prev.player() == player) return null;
    if (prev.kind() == Kind.DOUBLE) return Kind.BEAVER;
    return prev.kind() == Kind.BEAVER ? Kind.RACCOON : null;
  }

  /** Single moves as "13/11 24/23", "25/21", "4/0", "8/4*", and also "bar/22", "6/off", "13/7/1", "8/5(2)". */
  static Result<List<Move>> steps(String text) {
    List<Move> out = new ArrayList<>();
    for (String token : text.trim().split("\\s+")) {
      if (token.isEmpty()) continue;
      Matcher m = STEP.matcher(token);
      if (!m.matches()) return Result.err("cannot read the move '" + token + "'");
      int times = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
      for (int t = 0; t < times; t++) {
        int at = m.group(1).equals("bar") ? Move.BAR : Integer.parseInt(m.group(1));
        Matcher h = HOP.matcher(m.group(2));
        while (h.find()) {
          int to = h.group(1).equals("off") ? Move.OFF : Integer.parseInt(h.group(1));
          if (at > Move.BAR || to > 24 || to >= at) return Result.err("'" + token + "' is not a forward move");
          out.add(Move.of(at, to, false));
          at = to;
        }
      }
    }
    return Result.ok(out);
  }

  private static <T> Result<T> err(int line, String why) {
    return Result.err("line " + line + ": " + why);
  }
}
