package tabla.server.chat;

import java.util.Map;
import tabla.server.kernel.Refused;

/**
 * What a chat message may hold. HTML, quotes and right-to-left text (with its direction marks U+200E/U+200F)
 * are ordinary text: stored as written and shown as text. Refused, with the reason: nothing but spaces, more
 * than {@link #MAX_CHARS} characters, and what {@link tabla.server.kernel.TextRule} refuses in any line others read
 * (control characters, line breaks, direction overrides, lone surrogates).
 */
public final class ChatText {
  /** The longest message, in characters (code points). */
  public static final int MAX_CHARS = 300;

  private ChatText() {}

  /** The message as it is stored (surrounding spaces removed); refused (nothing stored) with the reason and its code. */
  public static String check(String raw) {
    String text = raw == null ? "" : raw.strip();
    if (text.isEmpty()) throw Refused.of(Refused.Kind.INVALID, ChatCode.EMPTY, "a message needs some text");
    int chars = text.codePointCount(0, text.length());
    if (chars > MAX_CHARS) {
      throw Refused.of(Refused.Kind.INVALID, ChatCode.TOO_LONG,
          "a message has at most " + MAX_CHARS + " characters (this one has " + chars + ")", Map.of("max", MAX_CHARS, "chars", chars));
    }
    String refused = tabla.server.kernel.TextRule.refusal(text, "a message");
    if (refused != null) throw Refused.of(Refused.Kind.INVALID, ChatCode.BAD_TEXT, refused);
    return text;
  }
}
