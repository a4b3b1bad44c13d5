package dev.svc.graphql.signin.password;

import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.signin.reset.PasswordResetResult;
import dev.svc.graphql.signin.reset.PasswordResetService;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Lockout after failed sign-ins and the per-address throttle, with the default limits (5
 * failures, 300 s; 30 attempts a minute) and a clock the tests move. Each test signs in
 * to a tenant of its own, from an address of its own.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.throttle.max-attempts=30",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=lockout-test-key-0123456789abcdef-not-a-secret" })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LockoutAndThrottleTests {

	private static final String LOCKED = "The user account has been locked out. Please try again later.";

	private static final String INVALID = "Invalid user name or password";

	@Autowired
	private SignInService signIn;

	@Autowired
	private PasswordResetService passwordReset;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private MockMvcTester mvc;

	@BeforeAll
	void tenants() {
		String hash = this.jdbc.sql("select password_hash from svc_users where id = 1").query(String.class).single();
		for (int tenant = 80; tenant < 90; tenant++) {
			this.jdbc.sql(
					"insert into svc_tenants (id, tenancy_name, name, creation_time) values (:id, :name, :name, current_timestamp)")
				.param("id", tenant)
				.param("name", "Locks" + tenant)
				.update();
			this.jdbc
				.sql("insert into svc_users (id, tenant_id, user_name, normalized_user_name, name, surname, email_address,"
						+ " normalized_email_address, password_hash, creation_time) values"
						+ " (:id, :tenant, 'anna', 'ANNA', 'A', 'A', 'anna@x.example', 'ANNA@X.EXAMPLE', :hash, current_timestamp)")
				.param("id", tenant * 10)
				.param("tenant", tenant)
				.param("hash", hash)
				.update();
		}
	}

	private List<String> attempts(String tenancy, String login, String... passwords) {
		List<String> messages = new ArrayList<>();
		for (String password : passwords) {
			SignInResult result = this.signIn.signIn(tenancy, login, password, "198.51.100." + tenancy.substring(5));
			messages.add(result.succeeded() ? "signed in" : result.message());
		}
		return messages;
	}

	private Account account(long id) {
		return this.jdbc.sql("select access_failed_count, lockout_end_date from svc_users where id = :id")
			.param("id", id)
			.query((rs, row) -> {
				OffsetDateTime end = rs.getObject("lockout_end_date", OffsetDateTime.class);
				return new Account(rs.getInt("access_failed_count"), (end != null) ? end.toInstant() : null);
			})
			.single();
	}

	@Test
	void shouldLockAnAccountOutForFiveMinutesAfterFiveFailures() {
		assertThat(attempts("Locks80", "anna", "1", "2", "3", "4")).containsOnly(INVALID);
		assertThat(account(800).failures()).isEqualTo(4);
		assertThat(attempts("Locks80", "anna", "5", "123qwe")).containsExactly(LOCKED, LOCKED);
		assertThat(account(800)).as("the count starts again at the lockout")
			.isEqualTo(new Account(0, this.clock.instant().plusSeconds(300)));

		this.clock.advance(Duration.ofSeconds(299));
		assertThat(attempts("Locks80", "ANNA@x.example", "123qwe")).containsExactly(LOCKED);
		this.clock.advance(Duration.ofSeconds(2));
		assertThat(attempts("Locks80", "anna", "123qwe")).containsExactly("signed in");
	}

	@Test
	void shouldStartTheCountAgainAfterASuccess() {
		assertThat(attempts("Locks81", "anna", "1", "2", "3", "4", "123qwe")).endsWith("signed in");
		assertThat(account(810).failures()).isEqualTo(0);
		assertThat(attempts("Locks81", "anna", "1", "2", "3", "4", "123qwe")).endsWith("signed in");
	}

	@Test
	void shouldLockANameOfNoAccountOutAsAnAccount() {
		List<String> account = attempts("Locks82", "anna", "1", "2", "3", "4", "5", "123qwe");
		List<String> nobody = attempts("Locks82", "bert", "1", "2", "3", "4", "5", "123qwe");
		assertThat(nobody).isEqualTo(account).containsExactly(INVALID, INVALID, INVALID, INVALID, LOCKED, LOCKED);
		this.clock.advance(Duration.ofSeconds(301));
		assertThat(attempts("Locks82", "bert", "123qwe")).containsExactly(INVALID);
	}

	@Test
	void shouldThrottleAnAddressAfterThirtyAttemptsAMinute() {
		for (int i = 0; i < 30; i++) {
			assertThat(this.signIn.signIn("Locks83", "anna", "123qwe", "203.0.113.9").succeeded()).isTrue();
		}
		SignInResult throttled = this.signIn.signIn("Locks83", "anna", "123qwe", "203.0.113.9");
		assertThat(throttled.outcome()).isEqualTo(Outcome.THROTTLED);
		assertThat(throttled.message())
			.isEqualTo("Too many sign-in attempts from your address. Please try again in 60 seconds.");
		assertThat(this.signIn.signIn("Locks80", "anna", "123qwe", "203.0.113.9").message())
			.as("another account, the same address")
			.isEqualTo("Too many sign-in attempts from your address. Please try again in 60 seconds.");
		assertThat(this.signIn.signIn("Locks83", "anna", "123qwe", "203.0.113.10").message())
			.as("another address, the same account")
			.isEqualTo("Too many sign-in attempts for this account. Please try again in 60 seconds.");
		this.clock.advance(Duration.ofSeconds(45));
		assertThat(this.signIn.signIn("Locks83", "anna", "123qwe", "203.0.113.9").message()).contains("in 15 seconds");
		this.clock.advance(Duration.ofSeconds(15));
		assertThat(this.signIn.signIn("Locks83", "anna", "123qwe", "203.0.113.9").succeeded()).isTrue();
	}

	@Test
	void shouldThrottleAnAccountWhateverTheAddressTheAttemptsComeFrom() {
		// the attack: a new forwarded address for every guess
		for (int i = 0; i < 30; i++) {
			assertThat(this.signIn.signIn("Locks85", "bert", "guess" + i, "198.18.0." + i).outcome())
				.isNotEqualTo(Outcome.THROTTLED);
		}
		SignInResult throttled = this.signIn.signIn("Locks85", "bert", "guess", "198.18.1.1");
		assertThat(throttled.outcome()).isEqualTo(Outcome.THROTTLED);
		assertThat(throttled.message())
			.isEqualTo("Too many sign-in attempts for this account. Please try again in 60 seconds.");
		assertThat(this.signIn.signIn("locks85", " BERT ", "guess", "198.18.1.2").outcome())
			.as("the name as typed, in any case")
			.isEqualTo(Outcome.THROTTLED);
	}

	@Test
	void shouldCountAnAccountOnceWhicheverOfItsNamesIsTyped() {
		for (int i = 0; i < 30; i++) {
			assertThat(this.signIn.signIn("Locks89", "anna", "guess" + i, "198.18.2." + i).outcome())
				.isNotEqualTo(Outcome.THROTTLED);
		}
		SignInResult throttled = this.signIn.signIn("Locks89", "Anna@X.example", "guess", "198.18.3.1");
		assertThat(throttled.outcome()).as("the same account, typed as its e-mail address")
			.isEqualTo(Outcome.THROTTLED);
		assertThat(throttled.message())
			.isEqualTo("Too many sign-in attempts for this account. Please try again in 60 seconds.");
		assertThat(this.passwordReset.resetPassword(890, "a guess", "a new password", "198.18.3.2").outcome())
			.as("and by its id, as every check of its secrets")
			.isEqualTo(PasswordResetResult.Outcome.THROTTLED);
		assertThat(this.signIn.signIn("Locks89", "nobody@x.example", "guess", "198.18.3.3").outcome())
			.as("a name of no account counts apart, as typed")
			.isNotEqualTo(Outcome.THROTTLED);
	}

	@Test
	void shouldSpendAResetCodeByItsOwnWrongGuessesAndLeaveTheAccountAlone() {
		this.jdbc.sql("update svc_users set should_change_password = true where id = 860").update();
		String address = "198.51.100.86";
		String code = this.signIn.signIn("Locks86", "anna", "123qwe", address).passwordResetCode();
		assertThat(code).isNotNull();
		for (int i = 0; i < 5; i++) {
			assertThat(this.passwordReset.resetPassword(860, "not-the-code-" + i, "a new password", address).outcome())
				.isEqualTo(PasswordResetResult.Outcome.INVALID_CODE);
		}
		assertThat(this.passwordReset.resetPassword(860, code, "a new password", address).outcome())
			.as("the code, after five wrong guesses")
			.isEqualTo(PasswordResetResult.Outcome.INVALID_CODE);
		// the account is not locked out: its password signs in again, for a new code with
		// guesses of its own
		SignInResult again = this.signIn.signIn("Locks86", "anna", "123qwe", address);
		assertThat(again.outcome()).isEqualTo(Outcome.PASSWORD_CHANGE_REQUIRED);
		assertThat(this.passwordReset.resetPassword(860, "not-the-code", "a new password", address).outcome())
			.isEqualTo(PasswordResetResult.Outcome.INVALID_CODE);
		assertThat(
				this.passwordReset.resetPassword(860, again.passwordResetCode(), "a new password", address).outcome())
			.isEqualTo(PasswordResetResult.Outcome.RESET);
	}

	@Test
	void shouldAnswerResetsOfAnIdOfNoAccountAsThoseOfAnAccount() {
		List<PasswordResetResult.Outcome> account = new ArrayList<>();
		List<PasswordResetResult.Outcome> nobody = new ArrayList<>();
		for (int i = 0; i < 6; i++) {
			account
				.add(this.passwordReset.resetPassword(880, "wrong-" + i, "a new password", "198.51.100.88").outcome());
			nobody.add(this.passwordReset.resetPassword(999_999, "wrong-" + i, "a new password", "198.51.100.99")
				.outcome());
		}
		assertThat(nobody).as("no user id can be told to exist").isEqualTo(account);
		assertThat(account).containsOnly(PasswordResetResult.Outcome.INVALID_CODE);
		assertThat(attempts("Locks88", "anna", "123qwe")).as("nor locks an account out").containsExactly("signed in");
	}

	@Test
	void shouldCountEveryCheckOfASecretTowardTheAddresssThrottle() {
		String address = "198.51.100.187";
		for (int i = 0; i < 15; i++) {
			this.passwordReset.resetPassword(870, "not-the-code-" + i, "a new password", address);
		}
		for (int i = 0; i < 15; i++) {
			this.signIn.signIn("Locks87", "nobody" + i, "guess", address);
		}
		assertThat(this.passwordReset.resetPassword(870, "another", "a new password", address).outcome())
			.isEqualTo(PasswordResetResult.Outcome.THROTTLED);
		assertThat(this.signIn.signIn("Locks87", "anna", "123qwe", address).outcome()).isEqualTo(Outcome.THROTTLED);
	}

	@Test
	void shouldAnswer429WithRetryAfterOnTheTokenEndpoint() {
		String body = "{\"tenancyName\": \"Locks84\", \"userNameOrEmailAddress\": \"anna\", \"password\": \"123qwe\"}";
		for (int i = 0; i < 30; i++) {
			assertThat(postJson(this.mvc, "/api/TokenAuth/Authenticate", body)).hasStatus(200);
		}
		MvcTestResult refused = postJson(this.mvc, "/api/TokenAuth/Authenticate", body).exchange();
		assertThat(refused).hasStatus(429);
		assertThat(refused).hasHeader("Retry-After", "60");
		assertThat(body(refused)).contains("\"success\":false")
			.contains("Too many sign-in attempts from your address. Please try again in 60 seconds.");
	}

	private record Account(int failures, @Nullable Instant lockoutEnd) {
	}

}
