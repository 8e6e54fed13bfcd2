package tabla.server.fibs;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.function.Consumer;

/**
 * Splits a connection's bytes into lines (LF, CR LF or a lone CR; telnet's commands dropped: IAC and a command, IAC
 * WILL/WONT/DO/DONT and an option, a subnegotiation from IAC SB to IAC SE, as telnet programs send them), each at most
 * {@code max} bytes. A longer line is not cut into pieces that would run as commands: the rest of it, up to its
 * end, is thrown away, and {@code tooLong} is told once for it. Bytes are read as UTF-8; control characters other
 * than tab become spaces.
 */
final class LineCodec {
  private static final byte IAC = (byte) 255;
  private static final int SB = 250; // a subnegotiation starts (a terminal's type or size), up to IAC SE
  private static final int SE = 240;
  private static final int WILL = 251; // WILL, WONT (252), DO (253), DONT (254): each followed by an option

  /** Where in a telnet command the codec is: none, after IAC, before an option, in a subnegotiation (after IAC). */
  private enum Telnet { NONE, IAC, OPTION, SUB, SUB_IAC }
  private final int max;
  private final byte[] buf;
  private int len;
  private boolean discarding;
  private Telnet telnet = Telnet.NONE;
  private boolean lastWasCr;

  LineCodec(int max) {
    this.max = max;
    this.buf = new byte[max];
  }

  /** Feeds what arrived; complete lines go to {@code line}, an over-long one to {@code tooLong}. */
  void feed(ByteBuffer in, Consumer<String> line, Runnable tooLong) {
    while (in.hasRemaining()) {
      byte b = in.get();
      if (telnet != Telnet.NONE || b == IAC) {
        telnet = telnet(b);
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

  /** The state after byte {@code b} of a telnet command (none of its bytes is text). */
  private Telnet telnet(byte b) {
    int u = b & 0xFF;
    return switch (telnet) {
      case NONE -> Telnet.IAC;
      case IAC -> u == SB ? Telnet.SUB : u >= WILL && u < 255 ? Telnet.OPTION : Telnet.NONE; // IAC IAC: a 255, dropped
      case OPTION -> Telnet.NONE;
      case SUB -> b == IAC ? Telnet.SUB_IAC : Telnet.SUB;
      case SUB_IAC -> u == SE ? Telnet.NONE : Telnet.SUB;
    };
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
