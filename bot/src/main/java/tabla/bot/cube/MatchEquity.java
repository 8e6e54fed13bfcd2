package tabla.bot.cube;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tabla.core.match.Rules;

/**
 * A match equity table (MET): the chance that a player who needs {@code away} points wins the match
 * against one who needs {@code oppAway}, before a game starts.
 *
 * <p>The bot plays with the published Kazaross-XG2 table ({@link #kazarossXG2()}, {@link #standard()}):
 * Neil Kazaross's 25-point table (2011), from eXtreme Gammon rollouts to 9 points and GNU Backgammon
 * rollouts to 15, extended to 25 by projecting take points. We read it from the transcription shipped
 * with GNU Backgammon 1.07 ({@code /usr/share/gnubg/met/Kazaross-XG2.xml}, copied unchanged with its
 * all-permissive notice to {@code tabla/bot/met/}); it is the table gnubg itself plays and analyses with.
 * Compared in README with the table computed below: up to 7 points the computed one is within 2.5
 * percentage points (largest at 2-away against 4-away: 69.3% against 66.9%), always a little kinder
 * to the leader, and post-Crawford it misses the trailer's small losses (2-away: 50% against 48.8%);
 * the rollouts see what the model leaves out (gammon rates that vary with the score, the first roll,
 * the timing of doubles), so the bot plays the published table.
 *
 * <p>{@link #compute} derives a table from a gammon rate and a cube efficiency, the classic recursive way (as in
 * Zadeh, "On Doubling in Tournament Backgammon", Management Science 1977, and the MET literature
 * since): each game is an even game (winning chance 1/2 for both) in which a fraction
 * {@link #GAMMONS} of the wins are gammons (no backgammons), its value taken from the scores it can
 * lead to, which are all closer to the end of the match.
 * <ul>
 *   <li>1-away against 1-away (double match point): 1/2.
 *   <li>Post-Crawford, the trailer doubles at once and the leader takes or drops, whichever leaves the
 *       trailer less (a drop at an even away is the "free drop": it costs the leader nothing). The
 *       timing of the free drop (dropping only games that start badly) is not modelled.
 *   <li>The Crawford game is played without the cube (cubeless value of the even game).
 *   <li>Other scores: the cube is centred and both may double; the game's value is the
 *       {@link Janowski} cubeful value at winning chance 1/2 with cube efficiency {@link #EFFICIENCY},
 *       take and cash points coming from the same table (the live-cube model of Keeler and Spencer).
 * </ul>
 * The first roll's advantage and the skill gap are not modelled. Symmetric by construction:
 * mwc(a, b) = 1 − mwc(b, a).
 */
public final class MatchEquity {
  /** Fraction of the games won that are won with a gammon (match play gammon rate). */
  public static final double GAMMONS = 0.20;
  /** Cube efficiency used in the table's games (as for contact positions). */
  public static final double EFFICIENCY = 0.68;

  private static final int MAX = Rules.MAX_MATCH_LENGTH;

  private final double gammons;
  private final double efficiency;
  private final double[][] pre = new double[MAX + 1][MAX + 1];
  private final double[] post = new double[MAX + 1]; // the trailer's chance, leader 1-away, post-Crawford

  private MatchEquity(double gammons, double efficiency) {
    this.gammons = gammons;
    this.efficiency = efficiency;
    for (double[] row : pre) Arrays.fill(row, Double.NaN);
    Arrays.fill(post, Double.NaN);
  }

  /** The table the bot uses: {@link #kazarossXG2()}. */
  public static MatchEquity standard() {
    return kazarossXG2();
  }

  /** The published Kazaross-XG2 table (read once). */
  public static MatchEquity kazarossXG2() {
    return Published.KAZAROSS_XG2;
  }

  /** The table computed with {@link #GAMMONS} and {@link #EFFICIENCY} (computed once, in a few milliseconds). */
  public static MatchEquity computed() {
    return Holder.TABLE;
  }

  private static final class Holder {
    static final MatchEquity TABLE = compute(GAMMONS, EFFICIENCY);
  }

  private static final class Published {
    static final MatchEquity KAZAROSS_XG2 = read("/tabla/bot/met/Kazaross-XG2.xml");
  }

  /**
   * A table in GNU Backgammon's MET format (explicit pre-Crawford rows: the row player's away, the
   * columns the opponent's; one post-Crawford row: the trailer's chance against a leader at 1-away).
   */
  static MatchEquity read(String resource) {
    String xml;
    try (InputStream in = MatchEquity.class.getResourceAsStream(resource)) {
      if (in == null) throw new IllegalStateException("no match equity table at " + resource);
      xml = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    xml = xml.replaceAll("(?s)<!--.*?-->", "");
    List<double[]> pre = rows(section(xml, "pre-crawford-table"));
    List<double[]> post = rows(section(xml, "post-crawford-table"));
    if (pre.size() < MAX || post.isEmpty() || post.get(0).length < MAX) {
      throw new IllegalStateException(resource + ": expected " + MAX + " rows before Crawford and a post-Crawford row");
    }
    MatchEquity m = new MatchEquity(Double.NaN, Double.NaN);
    for (int a = 1; a <= MAX; a++) {
      if (pre.get(a - 1).length < MAX) throw new IllegalStateException(resource + ": short row " + a);
      for (int b = 1; b <= MAX; b++) m.pre[a][b] = pre.get(a - 1)[b - 1];
    }
    for (int a = 1; a <= MAX; a++) m.post[a] = post.get(0)[a - 1];
    return m;
  }

  private static String section(String xml, String tag) {
    Matcher m = Pattern.compile("(?s)<" + tag + "[^>]*>(.*?)</" + tag + ">").matcher(xml);
    if (!m.find()) throw new IllegalStateException("match equity table without <" + tag + ">");
    return m.group(1);
  }

  private static List<double[]> rows(String section) {
    List<double[]> rows = new ArrayList<>();
    Matcher row = Pattern.compile("(?s)<row>(.*?)</row>").matcher(section);
    while (row.find()) {
      Matcher me = Pattern.compile("<me>\\s*([0-9.eE+-]+)\\s*</me>").matcher(row.group(1));
      List<Double> vs = new ArrayList<>();
      while (me.find()) vs.add(Double.parseDouble(me.group(1)));
      rows.add(vs.stream().mapToDouble(Double::doubleValue).toArray());
    }
    return rows;
  }

  /** A table for other parameters (tests, experiments). */
  public static MatchEquity compute(double gammons, double efficiency) {
    MatchEquity m = new MatchEquity(gammons, efficiency);
    for (int a = 1; a <= MAX; a++) {
      for (int b = 1; b <= MAX; b++) m.mwc(a, b, false);
    }
    for (int a = 1; a <= MAX; a++) m.mwc(1, a, true);
    return m;
  }

  /**
   * The match winning chance of a player {@code away} points from winning against one {@code oppAway}
   * away, before a game. With one side 1-away, {@code postCrawford} says whether the Crawford game is
   * behind them (else the next game is the Crawford game).
   */
  public double mwc(int away, int oppAway, boolean postCrawford) {
    if (away <= 0) return 1;
    if (oppAway <= 0) return 0;
    away = Math.min(away, MAX);
    oppAway = Math.min(oppAway, MAX);
    if (away == 1 && oppAway == 1) return 0.5;
    if (postCrawford && (away == 1 || oppAway == 1)) {
      return away == 1 ? 1 - trailerPostCrawford(oppAway) : trailerPostCrawford(away);
    }
    if (Double.isNaN(pre[away][oppAway])) pre[away][oppAway] = game(away, oppAway);
    return pre[away][oppAway];
  }

  /** Pre-Crawford value: the Crawford game at 1-away, else a game with a centred cube. */
  private double game(int away, int oppAway) {
    boolean crawford = away == 1 || oppAway == 1;
    MatchPayoff pay = new MatchPayoff(this, Rules.match(MAX), away, oppAway, crawford, false);
    return new Janowski(evenGame(), pay, efficiency).cubeful(1, Janowski.Owner.CENTRED);
  }

  /** The trailer's chance, {@code away} points away against a leader at 1-away, after the Crawford game. */
  private double trailerPostCrawford(int away) {
    if (away <= 0) return 1;
    if (away == 1) return 0.5;
    if (Double.isNaN(post[away])) {
      MatchPayoff pay = new MatchPayoff(this, Rules.match(MAX), away, 1, false, true);
      double take = new Janowski(evenGame(), pay, efficiency).dead(2); // the leader cannot redouble
      post[away] = Math.min(take, pay.value(1));
    }
    return post[away];
  }

  private float[] evenGame() {
    float g = (float) (0.5 * gammons);
    return new float[] {0.5f, g, 0, g, 0};
  }

  /** The whole pre-Crawford table as text (rows: the player's away, columns: the opponent's), for the docs. */
  public String table(int size) {
    StringBuilder sb = new StringBuilder("away");
    for (int b = 1; b <= size; b++) sb.append(String.format("%7d", b));
    sb.append('\n');
    for (int a = 1; a <= size; a++) {
      sb.append(String.format("%4d", a));
      for (int b = 1; b <= size; b++) sb.append(String.format("%7.3f", mwc(a, b, false)));
      sb.append('\n');
    }
    sb.append("post-Crawford, trailer vs 1-away:");
    for (int b = 2; b <= size; b++) sb.append(String.format(" %d:%.3f", b, mwc(b, 1, true)));
    return sb.append('\n').toString();
  }

  double gammons() {
    return gammons;
  }
}
