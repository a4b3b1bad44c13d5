package dev.svc.graphql.identity;

import java.time.Instant;

import dev.svc.graphql.signin.SignInStoreAutoConfiguration;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostRunner;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC credential store against the module's migrations and demo data, on the
 * database the build chose.
 */
@OnEveryDatabase
class JdbcCredentialStoreTests {

	private final ApplicationContextRunner contextRunner = TestHostRunner.withDatabase()
		.withConfiguration(AutoConfigurations.of(SignInStoreAutoConfiguration.class))
		.withUserConfiguration(MutableClock.Bean.class)
		.withPropertyValues("graphql.identity.demo-data=true");

	@Test
	void shouldFindCredentialsByUserNameOrEmailWithinOneTenant() {
		this.contextRunner.run((context) -> shouldFindCredentialsByUserNameOrEmailWithinOneTenant(
				context.getBean(CredentialStore.class)));
	}

	private void shouldFindCredentialsByUserNameOrEmailWithinOneTenant(CredentialStore store) {
		assertThat(store.findCredentials(null, "ADMIN")).get().extracting(UserCredentials::userId).isEqualTo(1L);
		assertThat(store.findCredentials(1, "admin@defaulttenant.com")).get()
			.extracting(UserCredentials::userId)
			.isEqualTo(2L);
		assertThat(store.findCredentials(null, "admin@defaulttenant.com")).isEmpty();
		assertThat(store.findCredentials(2, "jdoe")).isEmpty();
	}

	@Test
	void shouldUpgradeAPasswordHashWithoutEndingTheUsersSessions() {
		this.contextRunner.run((context) -> shouldUpgradeAPasswordHashWithoutEndingTheUsersSessions(
				context.getBean(CredentialStore.class), context.getBean(JdbcClient.class),
				context.getBean(SignInSessions.class)));
	}

	private void shouldUpgradeAPasswordHashWithoutEndingTheUsersSessions(CredentialStore store, JdbcClient jdbc,
			SignInSessions sessions) {
		jdbc.sql(
				"insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address, normalized_email_address, password_hash, creation_time)"
						+ " values (59, null, 'upgraded', 'UPGRADED', 'U', 'U', 'u@example.com', 'U@EXAMPLE.COM', '{bcrypt}old', current_timestamp)")
			.update();
		Instant now = Instant.now();
		sessions.start("session-of-59", 59, now, now.plusSeconds(3600));

		assertThat(store.upgradePasswordHash(59, "{bcrypt}old", "{argon2}new")).isTrue();
		assertThat(store.findCredentials(null, "upgraded")).get()
			.extracting(UserCredentials::passwordHash)
			.isEqualTo("{argon2}new");
		assertThat(sessions.isActive("session-of-59", now)).as("the same password, the same session").isTrue();

		assertThat(store.upgradePasswordHash(59, "{bcrypt}old", "{argon2}other"))
			.as("the hash changed since the sign-in read it")
			.isFalse();
		assertThat(store.findCredentials(null, "upgraded")).get()
			.extracting(UserCredentials::passwordHash)
			.isEqualTo("{argon2}new");

		jdbc.sql("update svc_users set password_hash = '{argon2}changed' where id = 59").update();
		assertThat(sessions.isActive("session-of-59", now)).as("a changed password ends the session").isFalse();
	}

}
