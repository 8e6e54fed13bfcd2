package tabla.server.accounts;

import java.util.Set;

/** The site's languages: English, Bulgarian, Czech, Serbian, Italian. */
public final class Languages {
  public static final Set<String> ALL = Set.of("en", "bg", "cs", "sr", "it");

  private Languages() {}

  public static String orDefault(String lang) {
    return lang != null && ALL.contains(lang) ? lang : "en";
  }
}
