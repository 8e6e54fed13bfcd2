package tabla.core.format;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tabla.core.Dice;
import tabla.core.Move;
import tabla.core.Play;
import tabla.core.Position;
import tabla.core.Result;
import tabla.core.RuleCode;

/**
 * Reads a play written in gnubg's notation and finds it among the legal plays. Accepts what players
 * type: {@code 24/18 13/11}, {@code 24/13} or {@code 24/18/13} or {@code 24/18 18/13},
 * {@code 13/7*}{@code /6}, {@code bar/22} or {@code 25/22}, {@code 6/off} or {@code 6/0},
 * {@code 8/5(2)}, and {@code pass} when there is no move. Hit marks may be left out when only one
 * legal play fits. Anything else is an error that says why.
 */
final class NotationParser {
  private static final Pattern PATH =
      Pattern.compile("(bar|\\d{1,2})((?:/(?:\\d{1,2}|off)\\*?)+)(?:\\((\\d)\\))?");
  private static final Pattern HOP = Pattern.compile("/(\\d{1,2}|off)(\\*?)");

  /** One written path: the points it names, which of them were marked as hits, and how often. */
  private record Path(int[] points, boolean[] hits, int count) {}

  private NotationParser() {}

  static Result<Play> parse(Position pos, Dice dice, String text, List<Play> legal) {
    String s = text == null ? "" : text.trim().toLowerCase().replaceAll("\\s+", " ");
    if (s.isEmpty() || s.equals(Notation.PASS) || s.equals("no move")) {
      if (legal.isEmpty()) return Result.ok(new Play(List.of(), pos));
      String play = Notation.write(legal.get(0));
      return Result.err(RuleCode.MUST_PLAY, "you have a legal move with " + dice + ", e.g. " + play,
          Map.of("dice", dice.toString(), "play", play));
    }
    if (legal.isEmpty()) {
      return Result.err(RuleCode.MUST_PASS, "no legal move with " + dice + ": you must pass", Map.of("dice", dice.toString()));
    }
    List<Path> paths = new ArrayList<>();
    for (String token : s.split(" ")) {
      Result<Path> p = readPath(token);
      if (!p.isOk()) return p.sameError();
      paths.add(p.get());
    }
    int[] target = pos.moverSide();
    for (Path p : paths) {
      target[p.points[0]] -= p.count;
      target[p.points[p.points.length - 1]] += p.count;
    }
    for (int pt = Position.BAR; pt >= 1; pt--) {
      if (target[pt] < 0) {
        String point = Notation.point(pt);
        return Result.err(RuleCode.NO_CHECKER_TO_MOVE, "there is no checker on " + point + " to move", Map.of("point", point));
      }
    }
    Set<Integer> marked = new HashSet<>();
    Set<Integer> unmarked = new HashSet<>();
    for (Path p : paths) {
      for (int i = 1; i < p.points.length; i++) {
        if (p.points[i] == Move.OFF) continue;
        (p.hits[i] ? marked : unmarked).add(p.points[i]);
      }
    }
    List<Play> fits = new ArrayList<>();
    for (Play play : legal) {
      if (sameMoverSide(play.result(), target)) fits.add(play);
    }
    if (fits.isEmpty()) return PlayDiagnosis.why(pos, dice, paths(paths), legal);
    List<Play> consistent = new ArrayList<>();
    for (Play play : fits) {
      Set<Integer> hits = hitPoints(play);
      if (hits.equals(marked)) return Result.ok(play);
      if (hits.containsAll(marked) && hits.stream().noneMatch(unmarked::contains)) consistent.add(play);
    }
    if (consistent.size() == 1) return Result.ok(consistent.get(0));
    if (consistent.isEmpty()) {
      String play = Notation.write(fits.get(0));
      return Result.err(RuleCode.HITS_MISMATCH, "the hits marked with * do not match: did you mean " + play + "?",
          Map.of("play", play));
    }
    StringBuilder options = new StringBuilder();
    for (Play play : consistent) options.append(options.length() > 0 ? " or " : "").append(Notation.write(play));
    return Result.err(RuleCode.AMBIGUOUS, "ambiguous: mark the hits with *: " + options, Map.of("plays", options.toString()));
  }

  private static Result<Path> readPath(String token) {
    Matcher m = PATH.matcher(token);
    if (!m.matches()) {
      return Result.err(RuleCode.UNREADABLE, "cannot read '" + token + "': write a move as FROM/TO, e.g. 24/18, bar/22, 6/off, 8/5(2)",
          Map.of("token", token));
    }
    List<Integer> pts = new ArrayList<>();
    List<Boolean> hits = new ArrayList<>();
    pts.add(m.group(1).equals("bar") ? Move.BAR : Integer.parseInt(m.group(1)));
    hits.add(false);
    Matcher h = HOP.matcher(m.group(2));
    while (h.find()) {
      pts.add(h.group(1).equals("off") ? Move.OFF : Integer.parseInt(h.group(1)));
      hits.add(!h.group(2).isEmpty());
    }
    int count = m.group(3) == null ? 1 : Integer.parseInt(m.group(3));
    if (count < 1 || count > 4) return inToken(RuleCode.REPEAT_RANGE, token, "a move can repeat 1 to 4 times", Map.of());
    int[] points = pts.stream().mapToInt(Integer::intValue).toArray();
    boolean[] hitFlags = new boolean[points.length];
    for (int i = 0; i < points.length; i++) hitFlags[i] = hits.get(i);
    if (points[0] < 1 || points[0] > Move.BAR) return noSuchPoint(token, points[0]);
    for (int i = 1; i < points.length; i++) {
      int p = points[i];
      if (p > 24) return noSuchPoint(token, p);
      if (p >= points[i - 1]) {
        String from = Notation.point(points[i - 1]);
        String to = Notation.point(p);
        return inToken(RuleCode.BACKWARDS, token, "checkers move from higher points to lower ones (" + from + " to " + to
            + " goes backwards)", Map.of("from", from, "to", to));
      }
      if (p == Move.OFF && i != points.length - 1) return inToken(RuleCode.NOTHING_AFTER_OFF, token, "nothing moves after off", Map.of());
      if (p == Move.OFF && hitFlags[i]) return inToken(RuleCode.OFF_CANNOT_HIT, token, "bearing off cannot hit", Map.of());
    }
    return Result.ok(new Path(points, hitFlags, count));
  }

  private static Result<Path> noSuchPoint(String token, int point) {
    return inToken(RuleCode.NO_SUCH_POINT, token, "no such point " + point, Map.of("point", point));
  }

  /** The refusal of one written move, {@code token}: "'token': why", with the token among the values. */
  private static Result<Path> inToken(RuleCode code, String token, String why, Map<String, Object> args) {
    Map<String, Object> all = new HashMap<>(args);
    all.put("token", token);
    return Result.err(code, "'" + token + "': " + why, all);
  }

  private static List<int[]> paths(List<Path> paths) {
    List<int[]> hops = new ArrayList<>();
    for (Path p : paths) {
      for (int c = 0; c < p.count; c++) {
        for (int i = 1; i < p.points.length; i++) hops.add(new int[] {p.points[i - 1], p.points[i]});
      }
    }
    return hops;
  }

  private static boolean sameMoverSide(Position result, int[] target) {
    for (int i = 0; i < Position.SIDE; i++) {
      if (result.mover(i) != target[i]) return false;
    }
    return true;
  }

  static Set<Integer> hitPoints(Play play) {
    Set<Integer> hits = new HashSet<>();
    for (Move m : play.moves()) {
      if (m.hit()) hits.add(m.to());
    }
    return hits;
  }
}
