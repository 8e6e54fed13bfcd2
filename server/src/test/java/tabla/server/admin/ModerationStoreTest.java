package tabla.server.admin;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Clock;
import java.util.Set;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import tabla.server.kernel.Database;
import tabla.server.kernel.ServerConfig;
import tabla.server.TestDb;
import tabla.server.accounts.AccountChanges;
import tabla.server.accounts.Accounts;
import tabla.server.kernel.Refused;

/** Bans, roles, resets, invitations, password changes, account deletion and notices, on each database. */
class ModerationStoreTest {
  private static final String PW = "long enough password";

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void banEndsSessionsAndRefusesLoginUntilUnbanned(TestDb testDb) {
    ServerConfig c = testDb.freshConfig(1);
    try (Database db = Database.open(c)) {
      Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
      Moderation mod = new Moderation(db.jdbi(), c.site().withAdmins(Set.of("boss")), java.time.Clock.systemUTC());
      Accounts.Session s = accounts.register("mallory", PW, "en");
      accounts.register("boss", PW, "en");

      mod.ban("Mallory", "spam", "test");
      assertThat(accounts.session(s.token())).isEmpty();
      assertThatThrownBy(() -> accounts.login("mallory", PW)).isInstanceOf(Refused.class)
          .hasMessageContaining("banned: spam");
      assertThat(accounts.login("mallory", "wrong password")).as("a wrong password says nothing of the ban").isEmpty();
      assertThatThrownBy(() -> mod.ban("boss", "", "test")).hasMessageContaining("admin cannot be banned");
      assertThatThrownBy(() -> mod.ban("nobody", "", "test")).hasMessageContaining("not found");

      mod.unban("mallory", "test");
      assertThat(accounts.login("mallory", PW)).isPresent();
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void rolesResetsAndInvitations(TestDb testDb) {
    ServerConfig c = testDb.freshConfig(1);
    try (Database db = Database.open(c)) {
      Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
      Moderation mod = new Moderation(db.jdbi(), c.site().withAdmins(Set.of("Boss")), java.time.Clock.systemUTC());
      Accounts.Session boss = accounts.register("boss", PW, "en");
      Accounts.Session carol = accounts.register("carol", PW, "en");
      assertThat(mod.role(boss.user().id())).isEqualTo(Role.ADMIN);
      assertThat(mod.role(carol.user().id())).isEqualTo(Role.PLAYER);
      mod.setRole("carol", Role.MODERATOR, "boss");
      assertThat(mod.role(carol.user().id())).isEqualTo(Role.MODERATOR);
      assertThatThrownBy(() -> mod.setRole("boss", Role.PLAYER, "x")).hasMessageContaining("TABLA_ADMINS");

      String fresh = mod.resetPassword("carol", "boss");
      assertThat(fresh).hasSize(16);
      assertThat(accounts.session(carol.token())).as("a reset ends the sessions").isEmpty();
      assertThat(accounts.login("carol", PW)).isEmpty();
      assertThat(accounts.login("carol", fresh)).isPresent();

      String code = mod.newInvitation("boss");
      mod.claimInvitation(code.toUpperCase());
      assertThatThrownBy(() -> mod.claimInvitation(code)).hasMessageContaining("unknown or used");
      mod.release(code);
      mod.claimInvitation(code);
      mod.invitationUsed(code, "carol");
      mod.release(code);
      assertThatThrownBy(() -> mod.claimInvitation(code)).as("a used code stays used").hasMessageContaining("unknown or used");
      assertThatThrownBy(() -> mod.claimInvitation("nonsense")).hasMessageContaining("unknown or used");
      assertThat(mod.search("CA")).extracting(Moderation.Member::name).containsExactly("carol");
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void passwordChangeAndAccountDeletionKeepGamesAnonymised(TestDb testDb) {
    ServerConfig c = testDb.freshConfig(1);
    try (Database db = Database.open(c)) {
      Accounts accounts = new Accounts(db.jdbi(), java.time.Clock.systemUTC());
      AccountChanges changes = new AccountChanges(db.jdbi());
      Accounts.Session here = accounts.register("dave", PW, "en");
      Accounts.Session elsewhere = accounts.login("dave", PW).orElseThrow();
      assertThatThrownBy(() -> changes.changePassword(here.user().id(), here.token(), "not it", "another password"))
          .hasMessageContaining("current password is wrong");
      assertThatThrownBy(() -> changes.changePassword(here.user().id(), here.token(), PW, "short"))
          .hasMessageContaining("at least 8");
      changes.changePassword(here.user().id(), here.token(), PW, "another password");
      accounts.sessionsChanged(here.user().id()); // as the route does: remembered sessions are forgotten
      assertThat(accounts.session(here.token())).as("this session stays").isPresent();
      assertThat(accounts.session(elsewhere.token())).as("the others end").isEmpty();
      assertThat(accounts.login("dave", "another password")).isPresent();

      long game = db.jdbi().withHandle(h -> h.createUpdate("INSERT INTO games(rules, mode, player0, bot_level, bot_seat, status) "
          + "VALUES ('{}', 'live', :u, 'strong', 1, 'playing')").bind("u", here.user().id())
          .executeAndReturnGeneratedKeys("id").mapTo(Long.class).one());
      assertThatThrownBy(() -> changes.delete(here.user().id(), "another password")).hasMessageContaining("in progress");
      db.jdbi().useHandle(h -> h.execute("UPDATE games SET status = 'finished' WHERE id = ?", game));
      assertThatThrownBy(() -> changes.delete(here.user().id(), PW)).hasMessageContaining("wrong");

      String anonymous = changes.delete(here.user().id(), "another password");
      accounts.sessionsChanged(here.user().id());
      assertThat(anonymous).isEqualTo("deleted." + here.user().id());
      assertThat(accounts.login("dave", "another password")).isEmpty();
      assertThat(accounts.session(here.token())).isEmpty();
      assertThat(accounts.find(here.user().id()).orElseThrow().name()).isEqualTo(anonymous);
      long player0 = db.jdbi().withHandle(h -> h.createQuery("SELECT player0 FROM games WHERE id = :g").bind("g", game)
          .mapTo(Long.class).one());
      assertThat(player0).as("the game stays, naming the anonymised account").isEqualTo(here.user().id());
      assertThat(accounts.register("dave", PW, "en").user().name()).as("the name is free again").isEqualTo("dave");
    }
  }

  @ParameterizedTest
  @EnumSource(TestDb.class)
  void messageOfTheDaySurvivesARestartAndBroadcastsAreBounded(TestDb testDb) {
    ServerConfig c = testDb.freshConfig(1);
    try (Database db = Database.open(c)) {
      Notices n = new Notices(db.jdbi(), Clock.systemUTC());
      assertThat(n.view().motd()).isEmpty();
      n.setMotd("  Club night on Friday ");
      assertThat(new Notices(db.jdbi(), Clock.systemUTC()).view().motd()).isEqualTo("Club night on Friday");
      for (int i = 0; i < Notices.MAX_BROADCASTS + 5; i++) n.broadcast("hello " + i);
      assertThat(n.view().broadcasts()).hasSize(Notices.MAX_BROADCASTS)
          .last().extracting(Notices.Broadcast::text).isEqualTo("hello " + (Notices.MAX_BROADCASTS + 4));
      assertThatThrownBy(() -> n.broadcast(" ")).hasMessageContaining("empty");
      assertThatThrownBy(() -> n.setMotd("x".repeat(501))).hasMessageContaining("at most");
    }
  }
}
