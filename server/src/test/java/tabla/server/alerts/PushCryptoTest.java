package tabla.server.alerts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.Signature;
import java.security.interfaces.ECPublicKey;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Web Push's cryptography against RFC 8291's worked example, and round trips with keys made here. */
class PushCryptoTest {
  private static KeyPair pair(String publicB64, String privateB64) throws GeneralSecurityException {
    return new KeyPair(PushCrypto.publicKey(PushCrypto.unb64(publicB64)),
        PushCrypto.privateKey(PushCrypto.unb64(privateB64)));
  }

  /** RFC 8291 Appendix A: the exact message from the example's keys, salt and secret. */
  @Test
  void rfc8291Example() throws Exception {
    KeyPair as = pair("BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8",
        "yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw");
    KeyPair ua = pair("BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4",
        "q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94");
    byte[] auth = PushCrypto.unb64("BTBZMqHH6r4Tts7J_aSIgg");
    byte[] salt = PushCrypto.unb64("DGv6ra1nlYgDCS1FRnbzlw");
    byte[] plain = "When I grow up, I want to be a watermelon".getBytes(StandardCharsets.UTF_8);
    byte[] message = PushCrypto.encrypt(plain, PushCrypto.raw((ECPublicKey) ua.getPublic()), auth, as, salt);
    assertThat(PushCrypto.b64(message)).isEqualTo("DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZ"
        + "IIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSx"
        + "sj_Qulcy4a-fN");
    assertThat(PushEndpoint.decrypt(message, ua, auth)).isEqualTo(plain);
  }

  /** Random keys and texts of every length up to the bound: what is encrypted is what the browser reads. */
  @Test
  void roundTrips() throws Exception {
    Random rnd = new Random(8291);
    KeyPair ua = PushCrypto.newKeyPair();
    for (int i = 0; i < 40; i++) {
      byte[] auth = new byte[16];
      rnd.nextBytes(auth);
      byte[] plain = new byte[i == 0 ? PushCrypto.MAX_PLAINTEXT : rnd.nextInt(600)];
      rnd.nextBytes(plain);
      byte[] m = PushCrypto.encrypt(plain, PushCrypto.raw((ECPublicKey) ua.getPublic()), auth);
      assertThat(PushEndpoint.decrypt(m, ua, auth)).isEqualTo(plain);
      assertThat(m.length).isLessThanOrEqualTo(4096);
    }
    byte[] tooLong = new byte[PushCrypto.MAX_PLAINTEXT + 1];
    assertThatThrownBy(() -> PushCrypto.encrypt(tooLong, PushCrypto.raw((ECPublicKey) ua.getPublic()), new byte[16]))
        .isInstanceOf(GeneralSecurityException.class);
  }

  @Test
  void aKeyThatIsNoPointIsRefused() {
    assertThatThrownBy(() -> PushCrypto.publicKey(new byte[65])).isInstanceOf(GeneralSecurityException.class);
    assertThatThrownBy(() -> PushCrypto.publicKey(new byte[33])).isInstanceOf(GeneralSecurityException.class);
  }

  /** RFC 8292: the JWT's claims, its ES256 signature checked with the k= key, the key the server's own. */
  @Test
  void vapidHeader() throws Exception {
    KeyPair server = PushCrypto.newKeyPair();
    String h = PushCrypto.vapid(server, "https://push.example.net", 1_800_000_000L, "mailto:ops@tabla.example");
    var m = java.util.regex.Pattern.compile("^vapid t=([\\w-]+)\\.([\\w-]+)\\.([\\w-]+), k=([\\w-]+)$").matcher(h);
    assertThat(m.matches()).as(h).isTrue();
    assertThat(new String(PushCrypto.unb64(m.group(2)), StandardCharsets.UTF_8))
        .isEqualTo("{\"aud\":\"https://push.example.net\",\"exp\":1800000000,\"sub\":\"mailto:ops@tabla.example\"}");
    ECPublicKey k = PushCrypto.publicKey(PushCrypto.unb64(m.group(4)));
    assertThat(k.getW()).isEqualTo(((ECPublicKey) server.getPublic()).getW());
    Signature v = Signature.getInstance("SHA256withECDSAinP1363Format");
    v.initVerify(k);
    v.update((m.group(1) + "." + m.group(2)).getBytes(StandardCharsets.US_ASCII));
    assertThat(PushCrypto.unb64(m.group(3))).hasSize(64);
    assertThat(v.verify(PushCrypto.unb64(m.group(3)))).isTrue();
  }
}
