package tabla.server.cluster;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;
import org.postgresql.PGNotification;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.JedisPubSub;
import tabla.server.TestDb;

/**
 * The measurement behind the choice of PostgreSQL LISTEN/NOTIFY over Redis pub/sub for events between nodes
 * (README "Running a cluster"): the same payload (the size of a typical event) published one by one, each in its
 * own commit as a node's events go out when nothing else waits, to {@link #LISTENERS} listeners (three nodes).
 * Latency from publish to receipt at each listener (p50, p99) at a paced rate, and how many a second one publisher
 * gets through. Not a check (numbers depend on the machine): run by TABLA_MEASURE_PUBSUB=1 with PostgreSQL set
 * and Debian's redis-server installed; writes target/pubsub.txt.
 */
class PubSubMeasureTest {
  static final int LISTENERS = 3;
  static final int PACED = 2_000;
  static final int FLOOD = 10_000;
  static final String PAYLOAD_FILL = "x".repeat(1500);

  /** Receipt times (ns) minus send times carried in the payload. */
  static final class Receiver {
    final List<Long> latencies = Collections.synchronizedList(new ArrayList<>());
    final CountDownLatch all;

    Receiver(int expected) {
      all = new CountDownLatch(expected);
    }

    void got(String payload) {
      long sent = Long.parseLong(payload.substring(0, payload.indexOf(' ')));
      latencies.add(System.nanoTime() - sent);
      all.countDown();
    }
  }

  interface Bus extends AutoCloseable {
    List<Receiver> listen(int expected) throws Exception;

    void publish(String payload) throws Exception;
  }

  @Test
  void listenNotifyAgainstRedis() throws Exception {
    Assumptions.assumeTrue("1".equals(System.getenv("TABLA_MEASURE_PUBSUB")), "TABLA_MEASURE_PUBSUB=1 runs it");
    TestDb.POSTGRES.assume();
    StringBuilder out = new StringBuilder();
    try (Bus pg = new Pg()) {
      out.append(measure("PostgreSQL LISTEN/NOTIFY", pg));
    }
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Process redis = new ProcessBuilder("redis-server", "--port", String.valueOf(port), "--save", "", "--appendonly", "no")
        .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
    try {
      Thread.sleep(500);
      try (Bus r = new Redis(port)) {
        out.append(measure("Redis pub/sub", r));
      }
    } finally {
      redis.destroy();
    }
    System.out.print(out);
    Files.writeString(Path.of("target", "pubsub.txt"), out);
  }

  private static String measure(String name, Bus bus) throws Exception {
    List<Receiver> paced = bus.listen(PACED);
    Thread.sleep(300);
    for (int i = 0; i < PACED; i++) {
      bus.publish(System.nanoTime() + " " + PAYLOAD_FILL);
      Thread.sleep(0, 500_000); // about 1,000 a second
    }
    for (Receiver r : paced) assertThat(r.all.await(60, TimeUnit.SECONDS)).isTrue();
    List<Long> lat = new ArrayList<>();
    paced.forEach(r -> lat.addAll(r.latencies));
    Collections.sort(lat);
    List<Receiver> flood = bus.listen(FLOOD);
    Thread.sleep(300);
    long start = System.nanoTime();
    for (int i = 0; i < FLOOD; i++) bus.publish(System.nanoTime() + " " + PAYLOAD_FILL);
    for (Receiver r : flood) assertThat(r.all.await(120, TimeUnit.SECONDS)).isTrue();
    double seconds = (System.nanoTime() - start) / 1e9;
    return String.format("%s: %d B events to %d listeners; paced: p50 %.2f ms, p99 %.2f ms; flood: %d events "
            + "delivered to every listener in %.2f s = %.0f events/s (%.0f deliveries/s)%n",
        name, PAYLOAD_FILL.length() + 20, LISTENERS, lat.get(lat.size() / 2) / 1e6, lat.get(lat.size() * 99 / 100) / 1e6,
        FLOOD, seconds, FLOOD / seconds, FLOOD * LISTENERS / seconds);
  }

  /** NOTIFY from one connection (autocommit: one commit per event); each listener its own connection, polling. */
  static final class Pg implements Bus {
    final String url = TestDb.pgUrl();
    final String user = System.getenv().getOrDefault("TABLA_TEST_PG_USER", "tabla");
    final String password = System.getenv().getOrDefault("TABLA_TEST_PG_PASSWORD", "");
    final Connection pub;
    final PreparedStatement notify;
    final List<Thread> threads = new ArrayList<>();
    volatile boolean closed;

    Pg() throws Exception {
      pub = DriverManager.getConnection(url, user, password);
      notify = pub.prepareStatement("SELECT pg_notify('measure', ?)");
    }

    @Override
    public List<Receiver> listen(int expected) throws Exception {
      threads.forEach(Thread::interrupt);
      List<Receiver> rs = new ArrayList<>();
      for (int i = 0; i < LISTENERS; i++) {
        Receiver r = new Receiver(expected);
        rs.add(r);
        Connection c = DriverManager.getConnection(url, user, password);
        try (Statement st = c.createStatement()) {
          st.execute("LISTEN measure");
        }
        Thread t = new Thread(() -> {
          try (c) {
            PGConnection pg = c.unwrap(PGConnection.class);
            while (!closed && r.all.getCount() > 0) {
              PGNotification[] got = pg.getNotifications(100);
              if (got != null) for (PGNotification n : got) r.got(n.getParameter());
            }
          } catch (Exception e) {
            // closed
          }
        });
        t.setDaemon(true);
        t.start();
        threads.add(t);
      }
      return rs;
    }

    @Override
    public void publish(String payload) throws Exception {
      notify.setString(1, payload);
      notify.executeQuery().close();
    }

    @Override
    public void close() throws Exception {
      closed = true;
      pub.close();
    }
  }

  /** PUBLISH from one connection; each listener its own SUBSCRIBE connection. */
  static final class Redis implements Bus {
    final int port;
    final Jedis pub;
    final List<JedisPubSub> subs = new ArrayList<>();

    Redis(int port) {
      this.port = port;
      pub = new Jedis("127.0.0.1", port);
    }

    @Override
    public List<Receiver> listen(int expected) throws Exception {
      subs.forEach(JedisPubSub::unsubscribe);
      subs.clear();
      List<Receiver> rs = new ArrayList<>();
      for (int i = 0; i < LISTENERS; i++) {
        Receiver r = new Receiver(expected);
        rs.add(r);
        JedisPubSub s = new JedisPubSub() {
          @Override
          public void onMessage(String channel, String message) {
            r.got(message);
          }
        };
        subs.add(s);
        Thread t = new Thread(() -> {
          try (Jedis j = new Jedis("127.0.0.1", port)) {
            j.subscribe(s, "measure");
          }
        });
        t.setDaemon(true);
        t.start();
      }
      return rs;
    }

    @Override
    public void publish(String payload) {
      pub.publish("measure", payload);
    }

    @Override
    public void close() {
      subs.forEach(s -> {
        if (s.isSubscribed()) s.unsubscribe();
      });
      pub.close();
    }
  }
}
