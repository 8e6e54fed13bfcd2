package tabla.server.chat;

import tabla.core.Result;

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

  /** The message as it is stored (surrounding spaces removed), or why it is refused. */
  public static Result<String> check(String raw) {
    if (raw == null) return Result.err("a message needs some text");
    String text = raw.strip();
    if (text.isEmpty()) return Result.err("a message needs some text");
    int chars = text.codePointCount(0, text.length());
    if (chars > MAX_CHARS) return Result.err("a message has at most " + MAX_CHARS + " characters (this one has " + chars + ")");
    String refused = tabla.server.kernel.TextRule.refusal(text, "a message");
    if (refused != null) return Result.err(refused);
    return Result.ok(text);
  }
}
