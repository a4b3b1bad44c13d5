package dev.svc.graphql.signin.password;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every outcome of a sign-in, against the demo data plus a locked and an inactive user of
 * a tenant of this test's own.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true" },
		webEnvironment = SpringBootTest.WebEnvironment.NONE)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class SignInServiceTests {

	@Autowired
	private SignInService signIn;

	@Autowired
	private JdbcClient jdbc;

	@BeforeAll
	void lockedAndInactiveUsers() {
		this.jdbc.sql(
				"insert into svc_tenants (id, tenancy_name, name, creation_time) values (70, 'Locks', 'Locks', current_timestamp)")
			.update();
		String hash = this.jdbc.sql("select password_hash from svc_users where id = 1").query(String.class).single();
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, is_active, lockout_end_date, creation_time) values"
					+ " (70, 70, 'locked', 'LOCKED', 'L', 'L', 'l@x.example', 'L@X.EXAMPLE', :hash, true, :future, current_timestamp),"
					+ " (71, 70, 'gone', 'GONE', 'G', 'G', 'g@x.example', 'G@X.EXAMPLE', :hash, false, null, current_timestamp)")
			.param("hash", hash)
			.param("future", OffsetDateTime.of(2999, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC))
			.update();
	}

	@Test
	void shouldSignInHostAndTenantUsersByNameOrEmail() {
		assertThat(this.signIn.signIn("", "ADMIN", "123qwe", null).user())
			.isEqualTo(new SignedInUser(1, null, "admin"));
		assertThat(this.signIn.signIn(null, "admin@example.com", "123qwe", null).succeeded()).isTrue();
		assertThat(this.signIn.signIn(" default ", "John.Doe@DefaultTenant.com", "123qwe", null).user())
			.isEqualTo(new SignedInUser(3, 1, "jdoe"));
	}

	@Test
	void shouldAnswerTheSameForUnknownUsersAndWrongPasswords() {
		SignInResult wrongPassword = this.signIn.signIn("", "admin", "nope", null);
		SignInResult unknownUser = this.signIn.signIn("", "nobody", "123qwe", null);
		SignInResult otherTenantsUser = this.signIn.signIn("", "jdoe", "123qwe", null);
		assertThat(wrongPassword).isEqualTo(unknownUser).isEqualTo(otherTenantsUser);
		assertThat(wrongPassword.outcome()).isEqualTo(Outcome.INVALID_CREDENTIALS);
		assertThat(wrongPassword.message()).isEqualTo("Invalid user name or password");
	}

	@Test
	void shouldNameTenantProblems() {
		assertThat(this.signIn.signIn("Atlantis", "admin", "123qwe", null).message())
			.isEqualTo("There is no tenant defined with name Atlantis");
		assertThat(this.signIn.signIn("closed", "admin", "123qwe", null).message())
			.isEqualTo("Tenant Closed is not active.");
	}

	@Test
	void shouldRefuseLockedAndInactiveUsers() {
		SignInResult locked = this.signIn.signIn("Locks", "locked", "123qwe", null);
		assertThat(locked.outcome()).isEqualTo(Outcome.LOCKED_OUT);
		assertThat(locked.message()).isEqualTo("The user account has been locked out. Please try again later.");
		SignInResult inactive = this.signIn.signIn("Locks", "gone", "123qwe", null);
		assertThat(inactive.outcome()).isEqualTo(Outcome.INACTIVE_USER);
		assertThat(inactive.message()).isEqualTo("User gone is not active and can not log in.");
		assertThat(this.signIn.signIn("Locks", "gone", "wrong", null).outcome())
			.as("an inactive account is only named to who knows its password")
			.isEqualTo(Outcome.INVALID_CREDENTIALS);
	}

	@Test
	void shouldUpgradeAnOlderHashAtTheNextSuccessfulSignInOnly() {
		String demoHash = "{bcrypt}$2a$10$FbamdJThirRflTcvT7T0HOjUnWPwWRn9iuFYsJNxc4abw3LUuLMOW";
		this.jdbc
			.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
					+ " normalized_email_address, password_hash, creation_time) values"
					+ " (72, 70, 'older', 'OLDER', 'O', 'O', 'o@x.example', 'O@X.EXAMPLE', :hash, current_timestamp)")
			.param("hash", demoHash)
			.update();

		assertThat(this.signIn.signIn("Locks", "older", "wrong", null).succeeded()).isFalse();
		assertThat(hashOf(72)).as("a failed sign-in changes nothing").isEqualTo(demoHash);

		assertThat(this.signIn.signIn("Locks", "older", "123qwe", null).succeeded()).isTrue();
		String upgraded = hashOf(72);
		// the tests' parameters (config/application.properties): Argon2id at its
		// cheapest, 64 KiB
		// passed over five times (OWASP's line of equal choices ends at five)
		assertThat(upgraded).startsWith("{argon2}$argon2id$v=19$m=64,t=5,p=1$");

		assertThat(this.signIn.signIn("Locks", "older", "123qwe", null).succeeded()).isTrue();
		assertThat(hashOf(72)).as("a current hash stays").isEqualTo(upgraded);
	}

	private String hashOf(long userId) {
		return this.jdbc.sql("select password_hash from svc_users where id = :id")
			.param("id", userId)
			.query(String.class)
			.single();
	}

}
