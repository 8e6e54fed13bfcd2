package tabla.server.kernel;

import java.util.Locale;

/**
 * A refusal's stable, machine-readable name (e.g. {@code chat.too_long}), sent beside its English sentence so a client
 * can say it in the person's language. Each concern keeps its codes in one enum of its own that implements this (the
 * service or store that refuses names the code); a refusal without one sends none and the client shows the sentence.
 * The code is the concern and the constant's name in lower case: renaming a constant changes what clients read.
 */
public interface RefusalCode {
  /** The enum constant's name, e.g. TOO_LONG. */
  String name();

  /** The concern the codes belong to, e.g. "chat". */
  String concern();

  /** The name sent as {@code code}: "concern.what", e.g. {@code chat.too_long}. */
  default String code() {
    return concern() + "." + name().toLowerCase(Locale.ROOT);
  }
}
