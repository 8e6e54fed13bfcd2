package tabla.server.admin;

import java.security.SecureRandom;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.AccountCode;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.Refused;
import tabla.server.kernel.SiteSettings;

/**
 * Roles, bans, password resets and invitation codes, in the database. Every change is logged on
 * tabla.security with who did it. The admins named in the settings are admins whatever the table says.
 */
public final class Moderation {
  static final Logger SECURITY = LoggerFactory.getLogger("tabla.security");
  /** The most characters of a ban's reason. */
  static final int MAX_REASON = 500;
  private static final SecureRandom RANDOM = new SecureRandom();
  /** Letters that cannot be mistaken for one another when read aloud or copied by hand. */
  private static final String CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789";

  private final ModerationStore store;
  private final SiteSettings site;
  private final Clock clock;

  public Moderation(Jdbi jdbi, SiteSettings site, Clock clock) {
    this.store = new ModerationStore(jdbi);
    this.site = site;
    this.clock = clock;
  }

  /** An account as the admin page lists it. */
  public record Member(long id, String name, String role, boolean banned, String banReason, boolean guest) {}

  public Role role(long userId) {
    return store.nameAndRole(userId).map(r -> site.isAdmin(r[0]) ? Role.ADMIN : Role.parse(r[1])).orElse(Role.PLAYER);
  }

  public Member member(String name) {
    return store.member(name).map(this::withSiteAdmin)
        .orElseThrow(() -> Refused.notFound("the account '" + name + "'"));
  }

  /** The admins named in the settings show as admins whatever the table says. */
  private Member withSiteAdmin(Member m) {
    return site.isAdmin(m.name()) ? new Member(m.id(), m.name(), Role.ADMIN.word(), m.banned(), m.banReason(), m.guest()) : m;
  }

  /** Accounts whose name starts with {@code prefix} (case-insensitive), staff and banned first, at most 50. */
  public List<Member> search(String prefix) {
    String p = prefix == null ? "" : prefix.toLowerCase(Locale.ROOT).replace("\\", "").replace("%", "").replace("_", "\\_");
    return store.search(p + "%").stream().map(this::withSiteAdmin).toList();
  }

  public void setRole(String name, Role role, String actor) {
    Member m = member(name);
    if (site.isAdmin(m.name()) && role != Role.ADMIN) {
      throw Refused.of(Refused.Kind.INVALID, AdminCode.ADMIN_BY_SETTINGS,
          m.name() + " is an admin by the site's settings (TABLA_ADMINS): change them there", Map.of("name", m.name()));
    }
    store.setRole(m.id(), role.word());
    SECURITY.info("role of '{}' set to {} by {}", m.name(), role.word(), actor);
  }

  /** Bans the account and ends its sessions; returns its id (so its sockets can be closed too). */
  public long ban(String name, String reason, String actor) {
    Member m = member(name);
    if (site.isAdmin(m.name()) || Role.parse(m.role()) == Role.ADMIN) {
      throw Refused.of(Refused.Kind.FORBIDDEN, AdminCode.BAN_ADMIN, "an admin cannot be banned");
    }
    String why = reason == null ? "" : reason.strip();
    if (why.length() > MAX_REASON) {
      throw Refused.of(Refused.Kind.INVALID, AdminCode.REASON_LONG, "a reason has at most " + MAX_REASON + " characters",
          Map.of("max", MAX_REASON));
    }
    store.ban(m.id(), why);
    SECURITY.info("'{}' banned by {}{}", m.name(), actor, why.isEmpty() ? "" : ": " + why);
    return m.id();
  }

  public void unban(String name, String actor) {
    Member m = member(name);
    store.unban(m.id());
    SECURITY.info("'{}' unbanned by {}", m.name(), actor);
  }

  /** A new random password for the account (shown once to the admin), and every session of it ended. */
  public String resetPassword(String name, String actor) {
    Member m = member(name);
    if (m.guest()) throw Refused.of(Refused.Kind.INVALID, AccountCode.GUEST_PASSWORD, "a guest has no password");
    String password = code(16);
    store.setPassword(m.id(), Accounts.hashNew(password));
    SECURITY.info("password of '{}' reset by {}", m.name(), actor);
    return password;
  }

  public String newInvitation(String actor) {
    String code = code(12);
    store.insertInvitation(code);
    SECURITY.info("invitation code made by {}", actor);
    return code;
  }

  /** Takes an unused invitation code for a registration, or refuses; {@link #release} gives it back. */
  public void claimInvitation(String code) {
    if (code == null || !store.claimInvitation(normal(code), clock.instant())) {
      throw Refused.of(Refused.Kind.FORBIDDEN, AccountCode.INVITATION,
          "registration here needs an invitation code: that one is unknown or used");
    }
  }

  public void release(String code) {
    store.releaseInvitation(normal(code));
  }

  /** Records which account a claimed code made. */
  public void invitationUsed(String code, String userName) {
    store.invitationUsed(normal(code), userName);
  }

  private static String normal(String code) {
    return code.trim().toLowerCase(Locale.ROOT);
  }

  public Optional<Long> idOf(String name) {
    return store.idOf(name);
  }

  private static String code(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) sb.append(CODE_LETTERS.charAt(RANDOM.nextInt(CODE_LETTERS.length())));
    return sb.toString();
  }
}
