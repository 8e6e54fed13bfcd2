package tabla.server.kernel.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import org.junit.jupiter.api.Test;

/** Which page origins may open a socket: the request's own host, the public URL, nothing else. */
class OriginCheckTest {
  private final OriginCheck site = new OriginCheck(URI.create("https://tabla.example/"));

  @Test
  void sameOriginAsTheHostHeader() {
    assertThat(site.allowed("http://127.0.0.1:8080", "127.0.0.1:8080")).isTrue();
    assertThat(site.allowed("https://play.example", "play.example")).isTrue();
    assertThat(site.allowed("https://play.example:443", "PLAY.example")).isTrue();
    assertThat(site.allowed("http://127.0.0.1:8081", "127.0.0.1:8080")).as("another port").isFalse();
    assertThat(site.allowed("http://evil.example", "127.0.0.1:8080")).isFalse();
    assertThat(site.allowed("http://play.example.evil.example", "play.example")).isFalse();
  }

  @Test
  void thePublicUrlBehindAProxyThatRewritesHost() {
    assertThat(site.allowed("https://tabla.example", "127.0.0.1:8080")).isTrue();
    assertThat(site.allowed("http://tabla.example", "127.0.0.1:8080")).as("not https").isFalse();
    assertThat(new OriginCheck(null).allowed("https://tabla.example", "127.0.0.1:8080")).isFalse();
  }

  @Test
  void garbageAndOpaqueOriginsAreRefused() {
    assertThat(site.allowed("null", "127.0.0.1:8080")).isFalse();
    assertThat(site.allowed("not a url", "127.0.0.1:8080")).isFalse();
    assertThat(site.allowed("http://127.0.0.1:8080", null)).isFalse();
  }
}
