package dev.svc.graphql.identity;

import java.time.Instant;

import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The JDBC credential store against the module's migrations and demo data, on the
 * database the build chose (in the context of {@link JdbcIdentityStoreTests}).
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@Import(MutableClock.Bean.class)
class JdbcCredentialStoreTests {

	@Autowired
	private CredentialStore store;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private SignInSessions sessions;

	@Test
	void shouldFindCredentialsByUserNameOrEmailWithinOneTenant() {
		assertThat(this.store.findCredentials(null, "ADMIN")).get().extracting(UserCredentials::userId).isEqualTo(1L);
		assertThat(this.store.findCredentials(1, "admin@defaulttenant.com")).get()
			.extracting(UserCredentials::userId)
			.isEqualTo(2L);
		assertThat(this.store.findCredentials(null, "admin@defaulttenant.com")).isEmpty();
		assertThat(this.store.findCredentials(2, "jdoe")).isEmpty();
	}

	@Test
	void shouldUpgradeAPasswordHashWithoutEndingTheUsersSessions() {
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address, normalized_email_address, password_hash, creation_time)"
					+ " values (59, null, 'upgraded', 'UPGRADED', 'U', 'U', 'u@example.com', 'U@EXAMPLE.COM', '{bcrypt}old', current_timestamp)")
			.update();
		Instant now = Instant.now();
		this.sessions.start("session-of-59", 59, now, now.plusSeconds(3600));

		assertThat(this.store.upgradePasswordHash(59, "{bcrypt}old", "{argon2}new")).isTrue();
		assertThat(this.store.findCredentials(null, "upgraded")).get()
			.extracting(UserCredentials::passwordHash)
			.isEqualTo("{argon2}new");
		assertThat(this.sessions.isActive("session-of-59", now)).as("the same password, the same session").isTrue();

		assertThat(this.store.upgradePasswordHash(59, "{bcrypt}old", "{argon2}other"))
			.as("the hash changed since the sign-in read it")
			.isFalse();
		assertThat(this.store.findCredentials(null, "upgraded")).get()
			.extracting(UserCredentials::passwordHash)
			.isEqualTo("{argon2}new");

		this.jdbc.sql("update svc_users set password_hash = '{argon2}changed' where id = 59").update();
		assertThat(this.sessions.isActive("session-of-59", now)).as("a changed password ends the session").isFalse();
	}

}
