package tabla.server.kernel;

/**
 * A refusal's stable, machine-readable name (e.g. {@code chat.too_long}), sent beside its English sentence so a client
 * can say it in the person's language. Each concern keeps its codes in one enum of its own that implements this (the
 * service or store that refuses names the code); a refusal without one sends none and the client shows the sentence.
 */
public interface RefusalCode {
  /** The name sent as {@code code}: lower case, "concern.what", never changed once sent. */
  String code();
}
