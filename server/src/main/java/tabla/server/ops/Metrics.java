package tabla.server.ops;

import io.micrometer.core.instrument.Counter;
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

  public String scrape() {
    return registry.scrape();
  }

  @Override
  public void close() {
    gc.close();
    registry.close();
  }
}
