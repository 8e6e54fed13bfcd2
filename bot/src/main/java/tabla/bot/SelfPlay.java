package tabla.bot;

import java.util.Optional;
import tabla.core.Result;
import tabla.core.dice.DiceSource;
import tabla.core.match.Action;
import tabla.core.match.Game;
import tabla.core.match.Match;
import tabla.core.match.Rules;

/** Plays a match (or a money session of a number of games) between two players with a dice source. */
public final class SelfPlay {
  private SelfPlay() {}

  /**
   * Plays until the match is over; for money play, until {@code moneyGames} games are finished.
   * The opening roll-off takes player 0's die first, as {@link tabla.core.match.GameDice} numbers it.
   */
  public static Match play(Rules rules, Player p0, Player p1, DiceSource dice, int moneyGames) {
    Match m = Match.start(rules).get();
    while (!m.isOver() && !(rules.isMoney() && finished(m) >= moneyGames)) {
      m = step(m, p0, p1, dice);
    }
    return m;
  }

  static int finished(Match m) {
    int n = m.games().size();
    return m.game().isOver() ? n : n - 1;
  }

  /** One action by whoever must act. */
  public static Match step(Match m, Player p0, Player p1, DiceSource dice) {
    Game g = m.game();
    Action a = m.openingRoll(dice).<Action>map(r -> r).orElseGet(() -> decide(g, g.toAct(1) ? p1 : p0, dice));
    Result<Match> next = m.apply(a);
    if (!next.isOk()) throw new IllegalStateException("a player chose an illegal action " + a + ": " + next.error());
    return next.get();
  }

  /**
   * What {@code me}, who must act in {@code g}, does; a roll takes its dice from {@code dice}. Before
   * rolling, a player may first offer a resignation.
   */
  public static Action decide(Game g, Player me, DiceSource dice) {
    return switch (g.phase()) {
      case ROLL -> {
        Optional<Integer> resign = me.resignOffer(g);
        if (resign.isPresent()) yield new Action.Resign(resign.get());
        yield g.canDouble().isOk() && me.wantsToDouble(g) ? new Action.Double() : new Action.Roll(dice.roll());
      }
      case MOVE -> me.play(g);
      case DOUBLE_OFFERED -> me.answerDouble(g);
      case RESIGN_OFFERED -> me.answerResignation(g);
      case OPENING, OVER -> throw new IllegalStateException("no player acts in " + g.phase());
    };
  }
}
