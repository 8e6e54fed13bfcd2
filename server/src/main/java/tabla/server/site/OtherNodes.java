package tabla.server.site;

import java.util.Map;
import java.util.Set;

/**
 * The other nodes of a cluster as the site's meeting places see them: notices go to them, and what they have open
 * is counted with this node's own. A single node has none ({@link #NONE}).
 */
public interface OtherNodes {
  /** This node's side: what it does with a notice from elsewhere, and what it has open now. */
  interface Here {
    /** Passes a notice of another node to this node's sockets. */
    void heard(SiteNotice n);

    /** What this node has open now (its sockets only). */
    NodeSummary summary();

    /** The spectators of these games changed on other nodes: their boards here are told the new counts. */
    void spectatorsChanged(Set<Long> games);

    /**
     * Notices of other nodes may have been lost (the listening connection broke): the pages here reconnect, and read
     * what they show from the database again.
     */
    void missedSome();
  }

  /** Connects this node's side (once, before the first socket opens). */
  void attach(Here here);

  /** Another receiver of the other nodes' notices, besides {@link Here} (the site's notices: broadcasts). */
  void listen(java.util.function.Consumer<SiteNotice> receiver);

  /** Sends a notice to the other nodes. */
  void tell(SiteNotice n);

  /** The signed-in users with a page open on other nodes, each idle or away there. */
  Map<Long, OnlineState> online();

  /** The players with a board open on other nodes, by game. */
  Map<Long, Set<Long>> seated();

  /** The spectators of a game on other nodes, one entry per node that has any. */
  Iterable<NodeSummary.Spectators> spectators(long game);

  /**
   * The names of the other nodes alive now (their presence is fresh); empty until this node has read them once, so that
   * a node that has just started takes no other node for dead.
   */
  java.util.Optional<Set<String>> alive();

  OtherNodes NONE = new OtherNodes() {
    @Override
    public void attach(Here here) {}

    @Override
    public void listen(java.util.function.Consumer<SiteNotice> receiver) {}

    @Override
    public void tell(SiteNotice n) {}

    @Override
    public Map<Long, OnlineState> online() {
      return Map.of();
    }

    @Override
    public Map<Long, Set<Long>> seated() {
      return Map.of();
    }

    @Override
    public Iterable<NodeSummary.Spectators> spectators(long game) {
      return java.util.List.of();
    }

    @Override
    public java.util.Optional<Set<String>> alive() {
      return java.util.Optional.of(Set.of());
    }
  };
}
