package tabla.server.kernel;

/**
 * The one rule for the characters of a line of text that others read: a chat message, a tournament's name, an
 * e-mail address. Refused: control characters and line breaks (one line), the bidirectional embeddings, overrides and
 * isolates (U+202A–U+202E, U+2066–U+2069, which make the text, and what stands beside it, read in another order than
 * it was written), and lone surrogates (not Unicode; a database stored them as '?'). The direction marks
 * U+200E/U+200F and right-to-left text are ordinary text.
 */
public final class TextRule {
  private TextRule() {}

  /** Why {@code text} is refused, {@code what} naming it ("a message"), or null when it is allowed. */
  public static String refusal(String text, String what) {
    for (int i = 0; i < text.length(); ) {
      int c = text.codePointAt(i);
      int type = Character.getType(c);
      if (type == Character.CONTROL || type == Character.LINE_SEPARATOR || type == Character.PARAGRAPH_SEPARATOR) {
        return what + " is one line of text: control characters and line breaks are not allowed";
      }
      if ((c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069)) {
        return "direction overrides (U+202A–U+202E, U+2066–U+2069) are not allowed: they make text read"
            + " in another order than it was written";
      }
      if (type == Character.SURROGATE) return "the text is not valid Unicode";
      i += Character.charCount(c);
    }
    return null;
  }
}
