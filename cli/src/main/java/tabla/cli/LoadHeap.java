package tabla.cli;

import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/**
 * What {@code loadtest --finished N} reads from its own in-process server: the heap in use after a full GC
 * (MemoryMXBean) and the rooms the hub holds (/metrics), taken at the start and after N finished matches with the
 * same matches in play, so that what finished games leave behind is the difference.
 */
record LoadHeap(long heapBytes, long rooms) {
  private static final String ROOMS = "tabla_rooms_in_memory";

  static LoadHeap read(HttpClient http, String url) throws Exception {
    return new LoadHeap(heapAfterFullGc(), rooms(http, url));
  }

  /** Heap in use after a full collection (with SerialGC, System.gc() is one; twice lets finalized objects go). */
  static long heapAfterFullGc() {
    System.gc();
    System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }

  /** The hub's room count, from the server's Prometheus page ({@code tabla_rooms_in_memory N}); -1 when absent. */
  private static long rooms(HttpClient http, String url) throws Exception {
    String page = http.send(HttpRequest.newBuilder(URI.create(url + "/metrics")).timeout(Duration.ofSeconds(30)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
    return page.lines().filter(l -> l.startsWith(ROOMS + " ") || l.startsWith(ROOMS + "{"))
        .map(l -> (long) Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).findFirst().orElse(-1L);
  }

  String describe() {
    return String.format("heap in use after a full GC %.1f MB, rooms in memory %d", heapBytes / 1e6, rooms);
  }

  /** The end reading against this start: both, and the growth. */
  String against(LoadHeap end, int finished) {
    return String.format("heap after a full GC: %.1f MB at the start, %.1f MB after %d finished matches (%+.1f MB); "
        + "rooms in memory %d → %d", heapBytes / 1e6, end.heapBytes / 1e6, finished,
        (end.heapBytes - heapBytes) / 1e6, rooms, end.rooms);
  }
}
