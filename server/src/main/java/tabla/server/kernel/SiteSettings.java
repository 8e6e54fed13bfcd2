package tabla.server.kernel;

import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * What a person hosting the site decides, read from the environment (a systemd EnvironmentFile, a
 * container's variables) and checked at start: a wrong value stops the server with the reason.
 *
 * @param bindHost the address to listen on (TABLA_BIND; default 127.0.0.1, so a site behind a proxy is not
 *     reachable around it; 0.0.0.0 for every interface)
 * @param publicUrl the address people type (TABLA_PUBLIC_URL), or null; https makes the cookies Secure
 * @param trustedProxies peers whose X-Forwarded-For names the client (TABLA_TRUSTED_PROXIES, comma-separated
 *     addresses or CIDR ranges; default none)
 * @param registration TABLA_REGISTRATION: open (default), invitation or closed
 * @param admins names of the accounts that are administrators (TABLA_ADMINS, comma-separated)
 * @param dataDir TABLA_DATA (default ./data): the H2 database, backups and the local admin token
 */
public record SiteSettings(String bindHost, URI publicUrl, List<AddressRange> trustedProxies,
    RegistrationMode registration, Set<String> admins, Path dataDir) {

  public static final String DEFAULT_BIND = "127.0.0.1";

  public SiteSettings {
    trustedProxies = List.copyOf(trustedProxies);
    admins = admins.stream().map(a -> a.toLowerCase(Locale.ROOT))
        .collect(java.util.stream.Collectors.toUnmodifiableSet());
  }

  /** Loopback, open registration, no proxy, no admin, ./data: what a developer's machine wants. */
  public static SiteSettings defaults() {
    return new SiteSettings(DEFAULT_BIND, null, List.of(), RegistrationMode.OPEN, Set.of(), Path.of("data"));
  }

  public static SiteSettings fromEnv(Map<String, String> env) {
    String bind = env.getOrDefault("TABLA_BIND", DEFAULT_BIND).trim();
    if (bind.isEmpty()) throw new IllegalArgumentException("TABLA_BIND is empty");
    URI url = publicUrl(env.get("TABLA_PUBLIC_URL"));
    List<AddressRange> proxies = new ArrayList<>();
    for (String p : list(env.get("TABLA_TRUSTED_PROXIES"))) proxies.add(AddressRange.parse(p));
    RegistrationMode mode = RegistrationMode.parse(env.getOrDefault("TABLA_REGISTRATION", "open"));
    Set<String> admins = new LinkedHashSet<>();
    for (String a : list(env.get("TABLA_ADMINS"))) admins.add(a.toLowerCase(Locale.ROOT));
    return new SiteSettings(bind, url, proxies, mode, admins, Path.of(env.getOrDefault("TABLA_DATA", "data")));
  }

  static URI publicUrl(String text) {
    if (text == null || text.isBlank()) return null;
    try {
      URI u = new URI(text.trim());
      if (!"https".equals(u.getScheme()) && !"http".equals(u.getScheme()) || u.getHost() == null) {
        throw new IllegalArgumentException("TABLA_PUBLIC_URL must be an http or https address, not '" + text + "'");
      }
      return u;
    } catch (URISyntaxException e) {
      throw new IllegalArgumentException("TABLA_PUBLIC_URL is not an address: '" + text + "'");
    }
  }

  private static List<String> list(String text) {
    if (text == null || text.isBlank()) return List.of();
    return Arrays.stream(text.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  /** Cookies only over https once the site is served over https (a browser drops Secure cookies on http). */
  public boolean secureCookies() {
    return publicUrl != null && "https".equals(publicUrl.getScheme());
  }

  public ClientAddress clientAddress() {
    return new ClientAddress(trustedProxies);
  }

  public boolean isAdmin(String name) {
    return name != null && admins.contains(name.toLowerCase(Locale.ROOT));
  }

  public SiteSettings withBindHost(String host) {
    return new SiteSettings(host, publicUrl, trustedProxies, registration, admins, dataDir);
  }

  public SiteSettings withPublicUrl(String url) {
    return new SiteSettings(bindHost, publicUrl(url), trustedProxies, registration, admins, dataDir);
  }

  public SiteSettings withTrustedProxies(List<AddressRange> proxies) {
    return new SiteSettings(bindHost, publicUrl, proxies, registration, admins, dataDir);
  }

  public SiteSettings withRegistration(RegistrationMode mode) {
    return new SiteSettings(bindHost, publicUrl, trustedProxies, mode, admins, dataDir);
  }

  public SiteSettings withAdmins(Set<String> names) {
    return new SiteSettings(bindHost, publicUrl, trustedProxies, registration, names, dataDir);
  }

  public SiteSettings withDataDir(Path dir) {
    return new SiteSettings(bindHost, publicUrl, trustedProxies, registration, admins, dir);
  }
}
