package tabla.server.accounts;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.javalin.config.RoutesConfig;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.http.Json;
import tabla.server.kernel.http.RateLimit;
import tabla.server.kernel.http.RateLimiter;
import tabla.server.mail.Mailer;
import tabla.server.kernel.Workers;

/**
 * A player's e-mail address (/api/me/email) and "forgot password" (/api/password/forgot, /api/password/reset).
 * The forgot answer is the same whether or not the account exists or has an address. Mail goes out on one
 * background thread with at most {@link #QUEUE} mails waiting (beyond that a request is dropped and logged), so
 * a slow mail server neither holds a request nor tells by its timing whether the account exists.
 */
public final class ResetRoutes {
  static final int QUEUE = 100;
  /**
   * Tries of a reset link per client address (issue 30: 610 of 610 made-up tokens were tried). A real reset takes
   * one or two; an account's links are bounded already (one live link, one mail per five minutes).
   */
  public static final RateLimiter.Limit RESETS_PER_ADDRESS = new RateLimiter.Limit(10, java.time.Duration.ofMinutes(10));
  /** The message keys of the mail's words (in web/…/messages, which MessagesTest checks in every language). */
  public static final java.util.List<String> MAIL_KEYS = java.util.List.of("mail.resetSubject", "mail.resetBody");
  private static final Logger LOG = LoggerFactory.getLogger(ResetRoutes.class);
  private final PasswordResets resets;
  private final Accounts accounts;
  private final Mailer mailer;
  private final URI publicUrl;
  private final RateLimit resetTries;
  private final ThreadPoolExecutor sender = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
      new ArrayBlockingQueue<>(QUEUE), Workers.daemon("tabla-mail"));

  /** {@code resetTries}: counts the tries of a reset link per client address ({@link #RESETS_PER_ADDRESS}). */
  public ResetRoutes(PasswordResets resets, Accounts accounts, Mailer mailer, URI publicUrl, RateLimit resetTries) {
    if (mailer.configured() && publicUrl == null) {
      throw new IllegalArgumentException("TABLA_SMTP_HOST needs TABLA_PUBLIC_URL: the reset mail links to it");
    }
    this.resets = resets;
    this.accounts = accounts;
    this.mailer = mailer;
    this.publicUrl = publicUrl;
    this.resetTries = resetTries;
  }

  public void register(RoutesConfig app) {
    app.get("/api/me/email", ctx -> ctx.json(Map.of("email", resets.email(Auth.session(ctx).user().id()).orElse(""),
        "mail", mailer.configured())));
    app.post("/api/me/email", ctx -> {
      ObjectNode b = Json.body(ctx);
      resets.setEmail(Auth.session(ctx).user().id(), Json.text(b, "password"), Json.text(b, "email"));
      ctx.status(204);
    });
    app.post("/api/password/forgot", ctx -> {
      if (!mailer.configured()) {
        throw new ApiError(503, AccountCode.NO_MAIL, Map.of(), "this site sends no mail: ask an administrator to reset your password");
      }
      resets.request(Json.text(Json.body(ctx), "name")).ifPresent(this::mail);
      ctx.status(202).json(Map.of("sent", "if the account has an e-mail address, a link is on its way"));
    });
    app.post("/api/password/reset", ctx -> {
      resetTries.take(tabla.server.kernel.ClientAddress.limitKey(ctx.ip()));
      ObjectNode b = Json.body(ctx);
      String name = resets.reset(Json.text(b, "token"), Json.text(b, "password"));
      accounts.findByName(name).ifPresent(u -> accounts.sessionsChanged(u.id())); // its sessions ended
      ctx.json(Map.of("name", name));
    });
  }

  /** Queues the reset mail for {@code l}; dropped (and logged) when {@link #QUEUE} wait already. */
  void mail(PasswordResets.Link l) {
    String link = publicUrl.toString().replaceAll("/+$", "") + "/reset.html#" + l.token();
    Map<String, String> words = Map.of("name", l.name(), "link", link,
        "minutes", String.valueOf(PasswordResets.LIFETIME.toMinutes()));
    try {
      sender.execute(() -> {
        try {
          mailer.send(l.email(), text(l.lang(), "mail.resetSubject", words), text(l.lang(), "mail.resetBody", words));
          LoggerFactory.getLogger("tabla.security").info("password reset link mailed for '{}'", l.name());
        } catch (Exception e) {
          LOG.warn("the reset mail for '{}' could not be sent: {}", l.name(), e.getMessage());
        }
      });
    } catch (RejectedExecutionException e) {
      LOG.warn("{} reset mails wait already; the one for '{}' is dropped", QUEUE, l.name());
    }
  }

  /** Mails waiting for the sending thread (at most {@link #QUEUE}). */
  int mailsWaiting() {
    return sender.getQueue().size();
  }

  /** A mail's words in the account's language, from the web board's message files (one home for the texts). */
  public static String text(String lang, String key, Map<String, String> words) {
    JsonNode m = messages(lang).path(key);
    String s = m.isTextual() ? m.asText() : messages("en").path(key).asText(key);
    for (Map.Entry<String, String> w : words.entrySet()) s = s.replace("{" + w.getKey() + "}", w.getValue());
    return s;
  }

  private static JsonNode messages(String lang) {
    String file = "/tabla/web/i18n/messages/" + (Languages.ALL.contains(lang) ? lang : "en") + ".json";
    try (InputStream in = ResetRoutes.class.getResourceAsStream(file)) {
      if (in == null) throw new IllegalStateException(file + " is missing from the classpath");
      return Json.MAPPER.readTree(in);
    } catch (IOException e) {
      throw new IllegalStateException(file + ": " + e.getMessage(), e);
    }
  }
}
