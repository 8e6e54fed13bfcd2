package tabla.server.alerts;

import java.util.Map;
import tabla.server.accounts.ResetRoutes;

/** The unsubscribe link's pages, plain HTML with no script, in the account's language (words from web/…/messages). */
final class UnsubscribePage {
  private UnsubscribePage() {}

  /** What a link stops, in words: one kind's name, or "all alert mails". */
  static String what(String lang, String key) {
    return ResetRoutes.text(lang, UnsubscribeLinks.ALL.equals(key) ? "unsub.all" : "account.alert." + key, Map.of());
  }

  /** GET: asks first (a mail scanner that follows links must not unsubscribe anyone). */
  static String ask(String lang, String name, String what, String query) {
    return page(lang, ResetRoutes.text(lang, "unsub.title", Map.of()),
        "<p>" + esc(ResetRoutes.text(lang, "unsub.ask", Map.of("name", name, "what", what))) + "</p>"
            + "<form method=\"post\" action=\"/unsubscribe?" + esc(query) + "\">"
            + "<button type=\"submit\" data-test=\"unsubscribe\">" + esc(ResetRoutes.text(lang, "unsub.button", Map.of()))
            + "</button></form>");
  }

  static String done(String lang, String what) {
    return page(lang, ResetRoutes.text(lang, "unsub.title", Map.of()),
        "<p data-test=\"unsubscribed\">" + esc(ResetRoutes.text(lang, "unsub.done", Map.of("what", what))) + "</p>"
            + "<p><a href=\"/account.html\">" + esc(ResetRoutes.text(lang, "unsub.account", Map.of())) + "</a></p>");
  }

  static String bad(String lang) {
    return page(lang, ResetRoutes.text(lang, "unsub.title", Map.of()),
        "<p>" + esc(ResetRoutes.text(lang, "unsub.bad", Map.of())) + "</p>");
  }

  /** The site's icon, as the other pages give it (else the browser asks for /favicon.ico, which is not there). */
  private static final String ICON = "<link rel=\"icon\" href=\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' "
      + "viewBox='0 0 16 16'%3E%3Crect width='16' height='16' rx='3' fill='%233b2a18'/%3E%3Ccircle cx='8' cy='8' r='5' "
      + "fill='%23f7f2e6'/%3E%3C/svg%3E\">";

  private static String page(String lang, String title, String body) {
    return "<!doctype html><html lang=\"" + esc(lang) + "\"><head><meta charset=\"utf-8\">"
        + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>" + esc(title)
        + "</title><link rel=\"stylesheet\" href=\"/css/style.css\">" + ICON + "</head><body><main><h1>" + esc(title) + "</h1>"
        + body + "</main></body></html>";
  }

  static String esc(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
  }
}
