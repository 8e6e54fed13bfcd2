package tabla.server.kernel;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A stop never interrupts: the running task ends as it would have, the waiting and the scheduled ones never run. */
class WorkersTest {
  @Test
  void theRunningTaskEndsUninterruptedAndTheWaitingOnesNeverRun() throws Exception {
    ThreadPoolExecutor pool = (ThreadPoolExecutor) Executors.newFixedThreadPool(1, Workers.daemon("workers-test"));
    CountDownLatch started = new CountDownLatch(1);
    CountDownLatch stopAsked = new CountDownLatch(1);
    AtomicBoolean interrupted = new AtomicBoolean();
    AtomicBoolean finished = new AtomicBoolean();
    AtomicBoolean waitingRan = new AtomicBoolean();
    pool.execute(() -> {
      started.countDown();
      try {
        stopAsked.await(); // a write under way when the stop comes
      } catch (InterruptedException e) {
        interrupted.set(true);
      }
      interrupted.compareAndSet(false, Thread.currentThread().isInterrupted());
      finished.set(true);
    });
    pool.execute(() -> waitingRan.set(true));
    assertThat(started.await(10, TimeUnit.SECONDS)).isTrue();
    Thread stopper = new Thread(() -> Workers.stop(pool));
    stopper.start();
    while (!pool.isShutdown()) Thread.sleep(1);
    stopAsked.countDown();
    stopper.join();
    assertThat(pool.isTerminated()).isTrue();
    assertThat(finished).isTrue();
    assertThat(interrupted).as("the running task interrupted").isFalse();
    assertThat(waitingRan).as("the waiting task ran").isFalse();
  }

  @Test
  void aScheduledPoolDropsItsDelayedAndPeriodicTasks() {
    ScheduledThreadPoolExecutor pool = new ScheduledThreadPoolExecutor(1, Workers.daemon("workers-test"));
    AtomicInteger ran = new AtomicInteger();
    pool.schedule(ran::incrementAndGet, 1, TimeUnit.HOURS);
    pool.scheduleWithFixedDelay(ran::incrementAndGet, 1, 1, TimeUnit.HOURS);
    assertThat(Workers.stop(pool)).as("ended at once, not after the delayed task").isTrue();
    assertThat(pool.isTerminated()).isTrue();
    assertThat(ran).hasValue(0);
  }
}
