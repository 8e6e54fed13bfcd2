package tabla.server.ops;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.binder.jvm.ClassLoaderMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmGcMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmMemoryMetrics;
import io.micrometer.core.instrument.binder.jvm.JvmThreadMetrics;
import io.micrometer.core.instrument.binder.system.FileDescriptorMetrics;
import io.micrometer.core.instrument.binder.system.ProcessorMetrics;
import io.micrometer.core.instrument.binder.system.UptimeMetrics;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.function.IntSupplier;

/**
 * The site's measurements, scraped as Prometheus text at /metrics. Request timers carry the route
 * template (never the raw path: one series per route, not per game id), the method and the status.
 */
public final class Metrics implements AutoCloseable {
  private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
  private final JvmGcMetrics gc = new JvmGcMetrics();
  private final Counter actions;

  public Metrics() {
    new JvmMemoryMetrics().bindTo(registry);
    gc.bindTo(registry);
    new JvmThreadMetrics().bindTo(registry);
    new ClassLoaderMetrics().bindTo(registry);
    new ProcessorMetrics().bindTo(registry);
    new UptimeMetrics().bindTo(registry);
    new FileDescriptorMetrics().bindTo(registry);
    actions = Counter.builder("tabla.actions.accepted").description("game actions accepted (stored and sent)")
        .register(registry);
  }

  public MeterRegistry registry() {
    return registry;
  }

  /** One HTTP request: latency histogram buckets from 1 ms to 10 s. */
  public void request(String method, String route, int status, long nanos) {
    Timer.builder("http.server.requests").description("HTTP requests by route template")
        .tag("method", method).tag("route", route).tag("status", String.valueOf(status))
        .publishPercentileHistogram().minimumExpectedValue(Duration.ofMillis(1)).maximumExpectedValue(Duration.ofSeconds(10))
        .register(registry).record(Duration.ofNanos(nanos));
  }

  public void actionAccepted() {
    actions.increment();
  }

  /** A number read at each scrape (open sockets, rooms in memory). */
  public void gauge(String name, String description, IntSupplier value) {
    // Strongly held: Micrometer keeps a weak reference by default, and a lambda nobody else holds would read NaN.
    Gauge.builder(name, value, v -> v.getAsInt()).description(description).strongReference(true).register(registry);
  }

  /** A count kept elsewhere, read at each scrape (it only grows: Prometheus' rate() applies). */
  public void counter(String name, String description, java.util.function.LongSupplier value) {
    // Micrometer holds the object weakly and the function strongly: the object is this registry's owner, alive as long
    // as the registry is read, and the supplier (a lambda nobody else holds) lives in the function.
    FunctionCounter.builder(name, this, m -> value.getAsLong()).description(description).register(registry);
  }

  public String scrape() {
    return registry.scrape();
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
