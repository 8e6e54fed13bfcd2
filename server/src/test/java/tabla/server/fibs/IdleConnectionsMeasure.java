package tabla.server.fibs;

import tabla.server.kernel.FibsSettings;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A measurement, run by hand (docs/measurements/2026-11-27-fibs-idle.md): N logged-in idle CLIP users, their clients in
 * another process, and the listener's heap after a full collection before and after. Skipped unless
 * -Dtabla.fibs.idle=N is given.
 */
class IdleConnectionsMeasure {
  @Test
  void heapOfIdleConnections() throws Exception {
    String n = System.getProperty("tabla.fibs.idle");
    Assumptions.assumeTrue(n != null, "a measurement: -Dtabla.fibs.idle=1000");
    int count = Integer.parseInt(n);
    FibsSettings s = FibsSettings.on(0).withBounds(1024, 20, 3_600_000, 3_600_000, count + 10, count + 10);
    try (ClipServer server = ClipServer.start(s, new StubSite(), "127.0.0.1")) {
      long before = heapAfterGc();
      int threadsBefore = Thread.activeCount();
      Process clients = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx64m",
          "-cp", System.getProperty("java.class.path"), IdleConnectionsMeasure.class.getName(), String.valueOf(server.port()), n)
          .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.INHERIT).start();
      try {
        long end = System.currentTimeMillis() + 120_000;
        while (server.loggedIn() < count && System.currentTimeMillis() < end) Thread.sleep(200);
        assertThat(server.loggedIn()).isEqualTo(count);
        Thread.sleep(3000); // every login's news written out
        long after = heapAfterGc();
        String line = String.format("idle CLIP users: %d; heap after full GC: before %,d B, after %,d B, difference %,d B = "
            + "%,d B per connection; threads before %d, after %d; connections open %d", count, before, after,
            after - before, (after - before) / count, threadsBefore, Thread.activeCount(), server.connections());
        System.out.println(line);
        Files.writeString(Path.of("target", "fibs-idle.txt"), line + "\n");
      } finally {
        clients.destroy();
      }
    }
  }

  static long heapAfterGc() throws InterruptedException {
    long used = Long.MAX_VALUE;
    for (int i = 0; i < 5; i++) {
      System.gc();
      Thread.sleep(200);
      used = Math.min(used, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
    }
    return used;
  }

  /** The clients' process: N connections that log in, then only read (and throw away) what comes. */
  public static void main(String[] args) throws IOException {
    int port = Integer.parseInt(args[0]);
    int count = Integer.parseInt(args[1]);
    Selector sel = Selector.open();
    List<SocketChannel> all = new ArrayList<>();
    ByteBuffer buf = ByteBuffer.allocate(64 * 1024);
    for (int i = 0; i < count; i++) {
      SocketChannel ch = SocketChannel.open(new InetSocketAddress("127.0.0.1", port));
      ch.write(ByteBuffer.wrap(("login IdleClient 1008 idle" + letters(i) + " pw\r\n").getBytes(StandardCharsets.US_ASCII)));
      ch.configureBlocking(false);
      ch.register(sel, SelectionKey.OP_READ);
      all.add(ch);
      drain(sel, buf, 0);
    }
    while (true) drain(sel, buf, 1000);
  }

  private static void drain(Selector sel, ByteBuffer buf, long wait) throws IOException {
    if (wait == 0) sel.selectNow();
    else sel.select(wait);
    for (SelectionKey k : sel.selectedKeys()) {
      buf.clear();
      if (((SocketChannel) k.channel()).read(buf) < 0) k.cancel();
    }
    sel.selectedKeys().clear();
  }

  /** A FIBS name for number i (letters only). */
  static String letters(int i) {
    StringBuilder b = new StringBuilder();
    do {
      b.append((char) ('a' + i % 26));
      i /= 26;
    } while (i > 0);
    return b.toString();
  }
}
