package tabla.server.chat;

/**
 * How fast one user may write: {@link ChatRate} in this process, or counted in the database shared by the nodes of a
 * cluster, at most {@link ChatRate#MAX_MESSAGES} in {@link ChatRate#WINDOW_MILLIS} either way.
 */
public interface ChatLimit {
  /** Counts one message and returns 0 when it is within the limit; else counts nothing and returns the ms to wait. */
  long take(long userId);
}
