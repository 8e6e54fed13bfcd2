package tabla.server.games;

/**
 * Which node runs which live game. A single process runs them all ({@link #SINGLE}); several nodes hold a lease per
 * game in the database (tabla.server.cluster.GameLeases), so that exactly one runs a game's room, clock and
 * computer player at a time.
 */
public interface Ownership {
  /** Where a game runs when it is not here: the node's name and the address other nodes reach it at. */
  record Owner(String node, String url) {}

  /** Thrown when a game is run by another node now: its requests go there ({@link #claim}). */
  final class OwnedElsewhere extends RuntimeException {
    private final transient Owner owner;

    public OwnedElsewhere(long game, Owner owner) {
      super("game " + game + " runs on node " + owner.node(), null, false, false);
      this.owner = owner;
    }

    public Owner owner() {
      return owner;
    }
  }

  /** The database refused an action written under an epoch that is no longer the game's: another node runs it. */
  final class Fenced extends RuntimeException {
    public Fenced(long game, long epoch) {
      super("game " + game + ": epoch " + epoch + " is no longer the game's; the action was not stored", null, false,
          false);
    }
  }

  /** Takes game {@code id} for this node unless another node holds it; returns that node, or null when it is ours. */
  Owner claim(long id);

  /** This node no longer runs the game (it left memory): any node may take it at once. */
  void release(long id);

  /** The epoch this node's writes of game {@code id} are fenced with, or null (a single node: no fence). */
  Long epoch(long id);

  /** One process, every game its own, nothing to fence. */
  Ownership SINGLE = new Ownership() {
    @Override
    public Owner claim(long id) {
      return null;
    }

    @Override
    public void release(long id) {}

    @Override
    public Long epoch(long id) {
      return null;
    }
  };
}
