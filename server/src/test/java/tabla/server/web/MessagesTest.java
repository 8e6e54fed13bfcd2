package tabla.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tabla.core.variant.Variant;
import tabla.core.variant.Variants;
import tabla.server.games.GameRoutes;

/**
 * The web board's message files (web/…/tabla/web/i18n/messages/LANG.json) against the page code: every
 * key the code asks for exists in every language, every key of a file is asked for somewhere, and
 * every variant, variant option (and each of its values) and computer level the server offers has its words, and so
 * has every refusal code the server can send ({@link RefusalCodes}: "refusal." + code, in docs/api.md's table too).
 */
class MessagesTest {
  static final List<String> LANGS = List.of("en", "bg", "cs", "sr", "it");
  /** The plural categories each language needs for whole numbers (CLDR); others it may have. */
  static final Map<String, Set<String>> PLURALS = Map.of(
      "en", Set.of("one", "other"), "bg", Set.of("one", "other"), "it", Set.of("one", "other"),
      "cs", Set.of("one", "few", "other"), "sr", Set.of("one", "few", "other"));
  static final Map<String, Set<String>> ALLOWED_PLURALS = Map.of(
      "en", Set.of("one", "other"), "bg", Set.of("one", "other"), "it", Set.of("one", "many", "other"),
      "cs", Set.of("one", "few", "many", "other"), "sr", Set.of("one", "few", "other"));

  /** t('key' / tn('key' with a literal key. */
  static final Pattern CALL = Pattern.compile("(?<![\\w.$])tn?\\(\\s*'([^']+)'\\s*([,)])");
  /** t('prefix.' + …): a key chosen at run time under a prefix. */
  static final Pattern DYNAMIC = Pattern.compile("(?<![\\w.$])tn?\\(\\s*'([\\w.-]+\\.)'\\s*\\+");
  static final Pattern LITERAL = Pattern.compile("'([a-zA-Z][\\w-]*(?:\\.[\\w-]+)*)'");

  /** The prefix of a refusal code's words (net/refusal-text.js). */
  static final String REFUSAL = "refusal.";

  static Path root;
  static Path web;
  static String code;
  static Map<String, JsonNode> files = new java.util.HashMap<>();

  @BeforeAll
  static void read() throws IOException {
    Path p = Paths.get(System.getProperty("user.dir")).toAbsolutePath();
    while (p != null && !Files.isDirectory(p.resolve("web/src/main/resources/tabla/web"))) p = p.getParent();
    assertThat(p).as("the repository root above " + System.getProperty("user.dir")).isNotNull();
    root = p;
    web = p.resolve("web/src/main/resources/tabla/web");
    StringBuilder sb = new StringBuilder();
    try (Stream<Path> s = Files.walk(web)) { // the pages, board, net, i18n and ui folders
      for (Path f : s.filter(f -> f.toString().endsWith(".js")).sorted().toList()) {
        sb.append(Files.readString(f)).append('\n');
      }
    }
    code = sb.toString();
    ObjectMapper m = new ObjectMapper();
    for (String lang : LANGS) files.put(lang, m.readTree(web.resolve("i18n/messages/" + lang + ".json").toFile()));
  }

  static Set<String> keys(String lang) {
    Set<String> out = new TreeSet<>();
    files.get(lang).fieldNames().forEachRemaining(out::add);
    return out;
  }

  static Set<String> calledKeys() {
    Set<String> out = new TreeSet<>();
    Matcher m = CALL.matcher(code);
    while (m.find()) out.add(m.group(1));
    return out;
  }

  static Set<String> dynamicPrefixes() {
    Set<String> out = new TreeSet<>();
    Matcher m = DYNAMIC.matcher(code);
    while (m.find()) out.add(m.group(1));
    return out;
  }

  /** Keys the server's data makes the page ask for under a dynamic prefix. */
  static Set<String> domainKeys() {
    Set<String> out = new TreeSet<>();
    for (Variant v : Variants.all()) {
      String name = v.name();
      out.add("variant." + (name.contains(":") ? name.substring(0, name.indexOf(':')) : name));
      for (var option : v.optionChoices().entrySet()) {
        out.add("vopt." + option.getKey());
        // each value's words (game-text.js optionValueLabel): numbers and dice stay as they are, on and off are shared
        for (String value : option.getValue()) {
          if (value.matches("[\\d-]+")) continue;
          out.add(value.equals("on") || value.equals("off") ? "vopt." + value : "vopt." + option.getKey() + "." + value);
        }
      }
    }
    for (String level : GameRoutes.LEVELS) out.add("level." + level);
    for (tabla.core.match.Rules.Term term : tabla.core.match.Rules.Term.values()) out.add(term.key());
    for (tabla.core.match.Preset p : tabla.core.match.Preset.all()) out.add("preset." + p.name());
    out.addAll(tabla.server.accounts.ResetRoutes.MAIL_KEYS);
    out.addAll(tabla.server.alerts.MailAlerts.MAIL_KEYS);
    for (tabla.server.kernel.RefusalCode c : RefusalCodes.all()) out.add(REFUSAL + c.code());
    return out;
  }

  @Test
  void everyKeyTheCodeAsksForIsInEveryLanguage() {
    Set<String> needed = new TreeSet<>(calledKeys());
    needed.addAll(domainKeys());
    assertThat(needed).as("keys found in the code").hasSizeGreaterThan(150);
    for (String lang : LANGS) {
      Set<String> missing = new TreeSet<>(needed);
      missing.removeAll(keys(lang));
      assertThat(missing).as("keys missing in messages/" + lang + ".json").isEmpty();
    }
  }

  @Test
  void everyLanguageHasTheSameKeysAsEnglish() {
    for (String lang : LANGS) {
      Set<String> extra = new TreeSet<>(keys(lang));
      extra.removeAll(keys("en"));
      Set<String> missing = new TreeSet<>(keys("en"));
      missing.removeAll(keys(lang));
      assertThat(missing).as("keys of en.json missing in " + lang + ".json").isEmpty();
      assertThat(extra).as("keys of " + lang + ".json that en.json lacks").isEmpty();
    }
  }

  @Test
  void noKeyIsUnused() {
    Set<String> literals = new TreeSet<>();
    Matcher m = LITERAL.matcher(code);
    while (m.find()) literals.add(m.group(1));
    Set<String> prefixes = dynamicPrefixes();
    Set<String> fromServer = domainKeys(); // keys the server's data names (variants, levels, the rules' terms)
    List<String> unused = new ArrayList<>();
    for (String key : keys("en")) {
      if (literals.contains(key) || fromServer.contains(key)) continue;
      if (prefixes.stream().anyMatch(key::startsWith)) continue;
      unused.add(key);
    }
    assertThat(unused).as("keys no page asks for").isEmpty();
  }

  @Test
  void pluralsHaveEachFormTheLanguageNeedsAndTextsAreNotEmpty() {
    for (String lang : LANGS) {
      files.get(lang).fields().forEachRemaining(e -> {
        JsonNode v = e.getValue();
        if (v.isTextual()) {
          assertThat(v.asText()).as(lang + " " + e.getKey()).isNotBlank();
          return;
        }
        assertThat(v.isObject()).as(lang + " " + e.getKey() + " is a text or plural forms").isTrue();
        Set<String> forms = new TreeSet<>();
        v.fieldNames().forEachRemaining(forms::add);
        assertThat(forms).as(lang + " " + e.getKey()).containsAll(PLURALS.get(lang));
        assertThat(ALLOWED_PLURALS.get(lang)).as(lang + " " + e.getKey()).containsAll(forms);
      });
    }
  }

  @Test
  void placeholdersMatchEnglish() {
    Pattern ph = Pattern.compile("\\{(\\w+)}");
    for (String lang : LANGS) {
      files.get("en").fields().forEachRemaining(e -> {
        JsonNode other = files.get(lang).get(e.getKey());
        if (other == null) return;
        Set<String> want = placeholders(ph, e.getValue());
        assertThat(placeholders(ph, other)).as(lang + " " + e.getKey()).isEqualTo(want);
      });
    }
  }

  private static Set<String> placeholders(Pattern ph, JsonNode v) {
    Set<String> out = new TreeSet<>();
    List<String> texts = new ArrayList<>();
    if (v.isTextual()) texts.add(v.asText());
    else v.elements().forEachRemaining(x -> texts.add(x.asText()));
    for (String s : texts) {
      Matcher m = ph.matcher(s);
      while (m.find()) out.add(m.group(1));
    }
    return out;
  }

  @Test
  void everyRefusalCodeTheServerCanSendHasWordsInEveryLanguageAndNoOtherIsThere() {
    List<tabla.server.kernel.RefusalCode> all = RefusalCodes.all();
    Set<String> codes = new TreeSet<>();
    for (var c : all) {
      assertThat(c.code()).as(c.getClass().getSimpleName() + "." + c.name()).matches("[a-z]+\\.[a-z_]+");
      assertThat(codes.add(c.code())).as("one home per code: " + c.code()).isTrue();
    }
    // the concerns the web client's pages meet most; a lost enum would drop its codes silently
    assertThat(codes).contains("game.not_your_turn", "chat.too_long", "seek.limit", "rematch.offered", "rollout.too_many",
        "account.wrong_password");
    for (String lang : LANGS) {
      Set<String> words = new TreeSet<>();
      for (String k : keys(lang)) if (k.startsWith(REFUSAL)) words.add(k.substring(REFUSAL.length()));
      assertThat(words).as("refusal codes with words in messages/" + lang + ".json").isEqualTo(codes);
    }
  }

  @Test
  void docsApiListsEveryRefusalCode() throws IOException {
    String doc = Files.readString(root.resolve("docs/api.md"));
    List<String> unlisted = new ArrayList<>();
    for (var c : RefusalCodes.all()) if (!doc.contains("| `" + c.code() + "` |")) unlisted.add(c.code());
    assertThat(unlisted).as("codes without a row in docs/api.md's table of refusal codes").isEmpty();
  }

  @Test
  void theDetectorSeesAMissingKey() {
    // the pattern the tests rely on finds a call the way the pages write them
    Matcher m = CALL.matcher("x(t('lobby.newGame'), tn('points', 3)); a.t('no')");
    List<String> found = new ArrayList<>();
    while (m.find()) found.add(m.group(1));
    assertThat(found).containsExactly("lobby.newGame", "points");
  }
}
