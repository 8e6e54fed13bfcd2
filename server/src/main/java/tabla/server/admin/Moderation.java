package tabla.server.admin;

import java.security.SecureRandom;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.jdbi.v3.core.Jdbi;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.http.ApiError;
import tabla.server.kernel.SiteSettings;

/**
 * Roles, bans, password resets and invitation codes, in the database. Every change is logged on
 * tabla.security with who did it. The admins named in the settings are admins whatever the table says.
 */
public final class Moderation {
  static final Logger SECURITY = LoggerFactory.getLogger("tabla.security");
  private static final SecureRandom RANDOM = new SecureRandom();
  /** Letters that cannot be mistaken for one another when read aloud or copied by hand. */
  private static final String CODE_LETTERS = "abcdefghjkmnpqrstuvwxyz23456789";

  private final Jdbi jdbi;
  private final SiteSettings site;

  public Moderation(Jdbi jdbi, SiteSettings site) {
    this.jdbi = jdbi;
    this.site = site;
  }

  /** An account as the admin page lists it. */
  public record Member(long id, String name, String role, boolean banned, String banReason, boolean guest) {}

  public Role role(long userId) {
    return jdbi.withHandle(h -> h.createQuery("SELECT name, role FROM users WHERE id = :id").bind("id", userId)
        .map((rs, c) -> site.isAdmin(rs.getString(1)) ? Role.ADMIN : Role.parse(rs.getString(2))).findOne())
        .orElse(Role.PLAYER);
  }

  public Member member(String name) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id, name, role, banned, ban_reason, guest FROM users "
            + "WHERE LOWER(name) = LOWER(:n) AND deleted = FALSE")
        .bind("n", name).map((rs, c) -> new Member(rs.getLong(1), rs.getString(2),
            site.isAdmin(rs.getString(2)) ? Role.ADMIN.word() : rs.getString(3), rs.getBoolean(4), rs.getString(5),
            rs.getBoolean(6)))
        .findOne()).orElseThrow(() -> ApiError.notFound("the account '" + name + "'"));
  }

  /** Accounts whose name starts with {@code prefix} (case-insensitive), staff and banned first, at most 50. */
  public List<Member> search(String prefix) {
    String p = prefix == null ? "" : prefix.toLowerCase(Locale.ROOT).replace("\\", "").replace("%", "").replace("_", "\\_");
    return jdbi.withHandle(h -> h.createQuery("SELECT id, name, role, banned, ban_reason, guest FROM users "
            + "WHERE LOWER(name) LIKE :p ESCAPE '\\' AND deleted = FALSE "
            + "ORDER BY banned DESC, role <> 'player' DESC, LOWER(name) FETCH FIRST 50 ROWS ONLY")
        .bind("p", p + "%").map((rs, c) -> new Member(rs.getLong(1), rs.getString(2),
            site.isAdmin(rs.getString(2)) ? Role.ADMIN.word() : rs.getString(3), rs.getBoolean(4), rs.getString(5),
            rs.getBoolean(6)))
        .list());
  }

  public void setRole(String name, Role role, String actor) {
    Member m = member(name);
    if (site.isAdmin(m.name()) && role != Role.ADMIN) {
      throw ApiError.badRequest(m.name() + " is an admin by the site's settings (TABLA_ADMINS): change them there");
    }
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET role = :r WHERE id = :id").bind("r", role.word())
        .bind("id", m.id()).execute());
    SECURITY.info("role of '{}' set to {} by {}", m.name(), role.word(), actor);
  }

  /** Bans the account and ends its sessions; returns its id (so its sockets can be closed too). */
  public long ban(String name, String reason, String actor) {
    Member m = member(name);
    if (site.isAdmin(m.name()) || Role.parse(m.role()) == Role.ADMIN) throw ApiError.forbidden("an admin cannot be banned");
    String why = reason == null ? "" : reason.strip();
    if (why.length() > 500) throw ApiError.badRequest("a reason has at most 500 characters");
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET banned = TRUE, ban_reason = :r WHERE id = :id").bind("r", why).bind("id", m.id()).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", m.id()).execute();
    });
    SECURITY.info("'{}' banned by {}{}", m.name(), actor, why.isEmpty() ? "" : ": " + why);
    return m.id();
  }

  public void unban(String name, String actor) {
    Member m = member(name);
    jdbi.useHandle(h -> h.createUpdate("UPDATE users SET banned = FALSE, ban_reason = NULL WHERE id = :id")
        .bind("id", m.id()).execute());
    SECURITY.info("'{}' unbanned by {}", m.name(), actor);
  }

  /** A new random password for the account (shown once to the admin), and every session of it ended. */
  public String resetPassword(String name, String actor) {
    Member m = member(name);
    if (m.guest()) throw ApiError.badRequest("a guest has no password");
    String password = code(16);
    String hash = Accounts.hashNew(password);
    jdbi.useTransaction(h -> {
      h.createUpdate("UPDATE users SET password_hash = :p WHERE id = :id").bind("p", hash).bind("id", m.id()).execute();
      h.createUpdate("DELETE FROM sessions WHERE user_id = :id").bind("id", m.id()).execute();
    });
    SECURITY.info("password of '{}' reset by {}", m.name(), actor);
    return password;
  }

  public String newInvitation(String actor) {
    String code = code(12);
    jdbi.useHandle(h -> h.createUpdate("INSERT INTO invitations(code) VALUES (:c)").bind("c", code).execute());
    SECURITY.info("invitation code made by {}", actor);
    return code;
  }

  /** Takes an unused invitation code for a registration, or refuses; {@link #release} gives it back. */
  public void claimInvitation(String code) {
    int n = code == null ? 0 : jdbi.withHandle(h -> h.createUpdate(
            "UPDATE invitations SET used_at = :t WHERE code = :c AND used_at IS NULL")
        .bind("c", code.trim().toLowerCase(Locale.ROOT)).bind("t", Timestamp.from(Instant.now())).execute());
    if (n == 0) throw ApiError.forbidden("registration here needs an invitation code: that one is unknown or used");
  }

  public void release(String code) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE invitations SET used_at = NULL WHERE code = :c AND used_by IS NULL")
        .bind("c", code.trim().toLowerCase(Locale.ROOT)).execute());
  }

  /** Records which account a claimed code made. */
  public void invitationUsed(String code, String userName) {
    jdbi.useHandle(h -> h.createUpdate("UPDATE invitations SET used_by = (SELECT id FROM users WHERE name = :n) WHERE code = :c")
        .bind("c", code.trim().toLowerCase(Locale.ROOT)).bind("n", userName).execute());
  }

  public Optional<Long> idOf(String name) {
    return jdbi.withHandle(h -> h.createQuery("SELECT id FROM users WHERE LOWER(name) = LOWER(:n)").bind("n", name)
        .mapTo(Long.class).findOne());
  }

  private static String code(int n) {
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) sb.append(CODE_LETTERS.charAt(RANDOM.nextInt(CODE_LETTERS.length())));
    return sb.toString();
  }
}
