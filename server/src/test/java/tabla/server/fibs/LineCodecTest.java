package tabla.server.fibs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lines out of a telnet program's bytes: its commands are not text, whatever it sends of them. */
class LineCodecTest {
  static List<String> lines(int... bytes) {
    byte[] b = new byte[bytes.length];
    for (int i = 0; i < bytes.length; i++) b[i] = (byte) bytes[i];
    List<String> out = new ArrayList<>();
    new LineCodec(100).feed(ByteBuffer.wrap(b), out::add, () -> out.add("TOO LONG"));
    return out;
  }

  static int[] text(String s) {
    return s.chars().toArray();
  }

  static int[] join(int[]... parts) {
    return java.util.Arrays.stream(parts).flatMapToInt(java.util.Arrays::stream).toArray();
  }

  @Test
  void theAnswerToEchoOffIsNotPartOfThePassword() {
    // IAC DO ECHO (the reply to the server's WILL ECHO), then the password
    assertThat(lines(join(new int[] {255, 253, 1}, text("secret\r\n")))).containsExactly("secret");
  }

  @Test
  void aSubnegotiationAndSingleCommandsAreDropped() {
    // IAC SB NAWS 0 80 0 24 IAC SE (a window size, as PuTTY sends it), IAC NOP, IAC WILL TTYPE, then text
    int[] bytes = join(new int[] {255, 250, 31, 0, 80, 0, 24, 255, 240}, text("who"), new int[] {255, 241},
        new int[] {255, 251, 24}, text(" am i\n"));
    assertThat(lines(bytes)).containsExactly("who am i");
  }

  @Test
  void anEscapedByteInsideASubnegotiationDoesNotEndIt() {
    int[] bytes = join(new int[] {255, 250, 24, 0, 255, 255, 65, 255, 240}, text("bye\r\n"));
    assertThat(lines(bytes)).containsExactly("bye");
  }
}
