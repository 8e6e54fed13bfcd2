package tabla.server.fibs;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits a connection's bytes into lines (LF, CR LF or a lone CR; telnet's IAC sequences dropped), each at most
 * {@code max} bytes. A longer line is not cut into pieces that would run as commands: the rest of it, up to its
 * end, is thrown away, and {@code tooLong} is told once for it. Bytes are read as UTF-8; control characters other
 * than tab become spaces.
 */
final class LineCodec {
  private static final byte IAC = (byte) 255;
  private final int max;
  private final byte[] buf;
  private int len;
  private boolean discarding;
  private int iac; // bytes of a telnet command still to skip
  private boolean lastWasCr;

  LineCodec(int max) {
    this.max = max;
    this.buf = new byte[max];
  }

  /** Feeds what arrived; complete lines go to {@code line}, an over-long one to {@code tooLong}. */
  void feed(ByteBuffer in, Consumer<String> line, Runnable tooLong) {
    while (in.hasRemaining()) {
      byte b = in.get();
      if (iac > 0) {
        iac--;
        continue;
      }
      if (b == IAC) {
        iac = 2; // IAC, command, option: what a telnet program sends on its own
        continue;
      }
      if (b == '\n' && lastWasCr) {
        lastWasCr = false;
        continue;
      }
      lastWasCr = b == '\r';
      if (b == '\n' || b == '\r') {
        if (!discarding) line.accept(decode());
        discarding = false;
        len = 0;
        continue;
      }
      if (discarding) continue;
      if (len == max) {
        discarding = true;
        len = 0;
        tooLong.run();
        continue;
      }
      buf[len++] = b;
    }
  }

  private String decode() {
    String s = new String(buf, 0, len, StandardCharsets.UTF_8);
    StringBuilder b = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      b.append(Character.isISOControl(c) && c != '\t' ? ' ' : c);
    }
    return b.toString();
  }
}
