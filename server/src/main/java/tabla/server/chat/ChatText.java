package tabla.server.chat;

import tabla.core.Result;

/**
 * What a chat message may hold. HTML, quotes and right-to-left text (with its direction marks U+200E/U+200F)
 * are ordinary text: stored as written and shown as text. Refused, with the reason: nothing but spaces, more
 * than {@link #MAX_CHARS} characters, control characters and line breaks (a message is one line), and the
 * bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which make text, and the
 * author's name beside it, read in another order than it was written.
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
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      int type = Character.getType(c);
      if (type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
        return Result.err("a message is one line of text: control characters and line breaks are not allowed");
      }
      if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) {
        return Result.err("direction overrides (U+202A–U+202E, U+2066–U+2069) are not allowed: they make text read"
            + " in another order than it was written");
      }
      if (type == Character.SURROGATE) return Result.err("the text is not valid Unicode");
      i += Character.charCount(c);
    }
    return Result.ok(text);
  }
}
