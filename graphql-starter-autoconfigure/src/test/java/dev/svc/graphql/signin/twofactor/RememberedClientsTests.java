package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.audit.AuditLogWriter;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A remembered client ends with what it was trusted for: a "remember this client" token
 * taken before two-factor sign-in is turned off and on with a new secret, before a
 * password change by any path, a password reset or a deactivation, no longer skips the
 * second step after it. The user lists its remembered clients and forgets one, audited.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=remembered-clients-signing-key-0123456789",
				"graphql.sign-in.two-factor.encryption-key=remembered-clients-encryption-key-0123456789",
				"graphql.audit.enabled=true" })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
class RememberedClientsTests {

	private static final String PASSWORD = "123qwe";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	@Autowired
	private AuditLogWriter auditLog;

	@Autowired
	private CredentialStore credentials;

	private String demoHash;

	@BeforeEach
	void keepTheDemoPassword() {
		this.demoHash = this.jdbc.sql("select password_hash from svc_users where id = 1").query(String.class).single();
	}

	@AfterEach
	void turnItOffForEveryone() {
		this.jdbc
			.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
					+ " authenticator_last_step = null, access_failed_count = 0, lockout_end_date = null,"
					+ " is_active = true, should_change_password = false, password_hash = :hash where id = 1")
			.param("hash", this.demoHash)
			.update();
		this.jdbc.sql("delete from svc_two_factor_codes").update();
		this.jdbc.sql("delete from svc_two_factor_steps").update();
		this.jdbc.sql("delete from svc_two_factor_clients").update();
		this.clock.advance(Duration.ofHours(2));
	}

	private MvcTestResult signIn(String password, String code, boolean rememberClient, String rememberToken) {
		Map<String, Object> body = new HashMap<>(
				Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", password));
		if (code != null) {
			body.put("twoFactorVerificationCode", code);
		}
		body.put("rememberClient", rememberClient);
		if (rememberToken != null) {
			body.put("twoFactorRememberClientToken", rememberToken);
		}
		return postJson(this.mvc, "/api/TokenAuth/Authenticate", json(body)).exchange();
	}

	private static Map<?, ?> result(MvcTestResult response) {
		return (Map<?, ?>) parse(body(response)).get("result");
	}

	private String now(String key) {
		return Totp.code(key, Totp.step(this.clock.instant()));
	}

	// a signed-in admin's access token
	private String accessToken() {
		return (String) result(signIn(PASSWORD, null, false, null)).get("accessToken");
	}

	// sets up and turns on an authenticator app for the admin; answers its secret
	private String turnOn() {
		String token = accessToken();
		MvcTestResult setup = postJson(this.mvc, "/api/TokenAuth/TwoFactor/Authenticator", "{}")
			.header("Authorization", "Bearer " + token)
			.exchange();
		String key = (String) result(setup).get("authenticatorKey");
		assertThat(change("Authenticator/Enable", token, now(key))).hasStatus(200);
		this.clock.advance(Duration.ofSeconds(30));
		return key;
	}

	private MvcTestResult change(String what, String token, String code) {
		return postJson(this.mvc, "/api/TokenAuth/TwoFactor/" + what, json(Map.of("password", PASSWORD, "code", code)))
			.header("Authorization", "Bearer " + token)
			.exchange();
	}

	// signs in with a code and asks to be remembered: answers the client's token
	private String remembered(String password, String key) {
		String token = (String) result(signIn(password, now(key), true, null)).get("twoFactorRememberClientToken");
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(skipsTheSecondStep(password, token)).as("remembered").isTrue();
		return token;
	}

	private boolean skipsTheSecondStep(String password, String rememberToken) {
		MvcTestResult signIn = signIn(password, null, false, rememberToken);
		assertThat(signIn).hasStatus(200);
		return Boolean.FALSE.equals(result(signIn).get("requiresTwoFactorVerification"));
	}

	private int clientRows() {
		return this.jdbc.sql("select count(*) from svc_two_factor_clients where user_id = 1")
			.query(Integer.class)
			.single();
	}

	private MvcTestResult listed(String accessToken) {
		return postJson(this.mvc, "/api/TokenAuth/TwoFactor/RememberedClients", "{}")
			.header("Authorization", "Bearer " + accessToken)
			.exchange();
	}

	@Test
	void shouldForgetTheClientsWhenTwoFactorSignInIsTurnedOffAndOnWithANewSecret() {
		String key = turnOn();
		String client = remembered(PASSWORD, key);

		String token = (String) result(signIn(PASSWORD, null, false, client)).get("accessToken");
		assertThat(change("Disable", token, now(key))).hasStatus(200);
		assertThat(clientRows()).as("turned off: forgotten").isZero();
		this.clock.advance(Duration.ofSeconds(30));
		String newKey = turnOn();
		assertThat(newKey).isNotEqualTo(key);

		assertThat(skipsTheSecondStep(PASSWORD, client)).isFalse();
	}

	@Test
	void shouldEndTheClientsWhenThePasswordChangesByAnyPath() {
		String key = turnOn();
		String client = remembered(PASSWORD, key);

		// another hash of the same password, as a host's own password change writes it
		String otherHash = this.jdbc.sql("select password_hash from svc_users where id = 2")
			.query(String.class)
			.single();
		this.jdbc.sql("update svc_users set password_hash = :hash where id = 1").param("hash", otherHash).update();

		assertThat(skipsTheSecondStep(PASSWORD, client)).isFalse();
		assertThat(clientRows()).as("found out of date: forgotten").isZero();
	}

	@Test
	void shouldForgetTheClientsWhenThePasswordIsReset() {
		String key = turnOn();
		String client = remembered(PASSWORD, key);

		this.jdbc.sql("update svc_users set should_change_password = true where id = 1").update();
		MvcTestResult mustChange = signIn(PASSWORD, null, false, client);
		String resetCode = (String) result(mustChange).get("passwordResetCode");
		assertThat(resetCode).isNotNull();
		assertThat(postJson(this.mvc, "/api/services/app/Account/ResetPassword",
				json(Map.of("userId", 1, "resetCode", resetCode, "password", "a new pass phrase")))
			.exchange()).hasStatus(200);
		assertThat(clientRows()).as("reset: forgotten").isZero();

		assertThat(skipsTheSecondStep("a new pass phrase", client)).isFalse();
	}

	@Test
	void shouldForgetTheClientsWhenTheUserIsDeactivated() {
		String key = turnOn();
		String client = remembered(PASSWORD, key);
		String token = (String) result(signIn(PASSWORD, null, false, client)).get("accessToken");

		this.jdbc.sql("update svc_users set is_active = false where id = 1").update();
		this.clock.advance(Duration.ofSeconds(10));
		assertThat(postJson(this.mvc, "/api/TokenAuth/TwoFactor/Authenticator", "{}")
			.header("Authorization", "Bearer " + token)
			.exchange()).as("the session ends").hasStatus(401);
		assertThat(clientRows()).as("deactivated: forgotten").isZero();
		this.jdbc.sql("update svc_users set is_active = true where id = 1").update();

		assertThat(skipsTheSecondStep(PASSWORD, client)).isFalse();
	}

	@Test
	void shouldKeepTheClientsThroughAPasswordHashUpgrade() {
		String key = turnOn();
		String client = remembered(PASSWORD, key);
		String current = this.jdbc.sql("select password_hash from svc_users where id = 1").query(String.class).single();
		// another hash of the same password, as a sign-in writes a stronger one
		String stronger = this.jdbc.sql("select password_hash from svc_users where id = 4")
			.query(String.class)
			.single();
		assertThat(this.credentials.upgradePasswordHash(1, current, stronger)).isTrue();

		assertThat(skipsTheSecondStep(PASSWORD, client)).isTrue();
	}

	@Test
	void shouldListTheClientsAndForgetOneAudited() throws Exception {
		String key = turnOn();
		String first = remembered(PASSWORD, key);
		this.clock.advance(Duration.ofMinutes(1));
		String second = remembered(PASSWORD, key);
		String token = (String) result(signIn(PASSWORD, null, false, second)).get("accessToken");

		MvcTestResult listed = listed(token);
		assertThat(listed).hasStatus(200);
		List<?> items = (List<?>) result(listed).get("items");
		assertThat(items).hasSize(2);
		Map<?, ?> latest = (Map<?, ?>) items.get(0);
		assertThat(latest.keySet()).map(String::valueOf).containsExactlyInAnyOrder("id", "rememberedTime", "expiry");
		long id = ((Number) ((Map<?, ?>) items.get(1)).get("id")).longValue();

		this.jdbc.sql("delete from svc_audit_logs").update();
		MvcTestResult forgotten = postJson(this.mvc, "/api/TokenAuth/TwoFactor/RememberedClients/Forget",
				json(Map.of("id", id)))
			.header("Authorization", "Bearer " + token)
			.exchange();
		assertThat(forgotten).hasStatus(200);
		assertThat(skipsTheSecondStep(PASSWORD, first)).as("the one forgotten").isFalse();
		assertThat(skipsTheSecondStep(PASSWORD, second)).as("the other").isTrue();
		assertThat((List<?>) result(listed(token)).get("items")).hasSize(1);

		MvcTestResult again = postJson(this.mvc, "/api/TokenAuth/TwoFactor/RememberedClients/Forget",
				json(Map.of("id", id)))
			.header("Authorization", "Bearer " + token)
			.exchange();
		assertThat(again).hasStatus(404);
		assertThat(postJson(this.mvc, "/api/TokenAuth/TwoFactor/RememberedClients/Forget", "{}")
			.header("Authorization", "Bearer " + token)
			.exchange()).hasStatus(400);
		assertThat(listed.getResponse().getContentAsString()).doesNotContain(first).doesNotContain(second);
		assertThat(postJson(this.mvc, "/api/TokenAuth/TwoFactor/RememberedClients", "{}").exchange())
			.as("nobody signed in")
			.hasStatus(401);

		SmartLifecycle writer = (SmartLifecycle) this.auditLog;
		writer.stop();
		writer.start();
		assertThat(this.jdbc
			.sql("select parameters from svc_audit_logs where method_name = 'ForgetRememberedClient'"
					+ " and user_id = 1 order by id")
			.query(String.class)
			.list()).containsExactly("{\"userId\":1,\"clientId\":" + id + ",\"result\":\"FORGOTTEN\"}",
					"{\"userId\":1,\"clientId\":" + id + ",\"result\":\"UNKNOWN\"}");
	}

}
