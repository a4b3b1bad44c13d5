package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-factor sign-in over HTTP with a clock the tests move: an authenticator app set up
 * by the signed-in user, the token endpoint's second step (RFC 6238 codes, each accepted
 * once), codes sent by e-mail, remembered clients, lockout after wrong codes, and turning
 * it off.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=two-factor-tests-signing-key-0123456789",
				"spring.application.name=Svc Test" })
@AutoConfigureMockMvc
@Import({ MutableClock.Bean.class, TwoFactorSignInTests.Config.class })
class TwoFactorSignInTests {

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MutableClock clock;

	@Autowired
	private SentCodes sentCodes;

	@Autowired
	private JdbcClient jdbc;

	@AfterEach
	void turnItOffForEveryone() {
		this.jdbc
			.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
					+ " authenticator_last_step = null, access_failed_count = 0, lockout_end_date = null")
			.update();
		this.jdbc.sql("delete from svc_two_factor_codes").update();
		this.jdbc.sql("delete from svc_two_factor_steps").update();
		this.jdbc.sql("delete from svc_two_factor_clients").update();
		this.sentCodes.sent.clear();
		// the codes sent are gone, and so is the hour the shared send buckets count
		this.clock.advance(Duration.ofHours(2));
	}

	private MvcTestResult signIn(String code, Boolean rememberClient, String rememberToken) {
		Map<String, Object> body = new HashMap<>(
				Map.of("tenancyName", "", "userNameOrEmailAddress", "admin", "password", "123qwe"));
		if (code != null) {
			body.put("twoFactorVerificationCode", code);
		}
		if (rememberClient != null) {
			body.put("rememberClient", rememberClient);
		}
		if (rememberToken != null) {
			body.put("twoFactorRememberClientToken", rememberToken);
		}
		return postJson(this.mvc, "/api/TokenAuth/Authenticate", json(body)).exchange();
	}

	private Map<?, ?> result(MvcTestResult response) {
		return (Map<?, ?>) parse(body(response)).get("result");
	}

	private String now(String key) {
		return Totp.code(key, Totp.step(this.clock.instant()));
	}

	// signs the host's admin in and sets up its authenticator app; answers the secret
	private String setUpAuthenticator() {
		String token = (String) result(signIn(null, null, null)).get("accessToken");
		MvcTestResult setup = newAuthenticator().header("Authorization", "Bearer " + token).exchange();
		assertThat(setup).hasStatus(200);
		String key = (String) result(setup).get("authenticatorKey");
		assertThat(key).matches("[A-Z2-7]{32}");
		assertThat(setup).bodyJson()
			.isLenientlyEqualTo("{\"result\": {\"authenticatorKey\": \"%s\", \"otpauthUri\": \"%s\"}}".formatted(key,
					"otpauth://totp/Svc%20Test:admin?secret=" + key
							+ "&issuer=Svc%20Test&algorithm=SHA1&digits=6&period=30"));
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("not on before a code proves the app is set up")
			.isEqualTo(false);

		MvcTestResult wrong = change("Authenticator/Enable", token, "123qwe", wrongCode(key));
		assertThat(wrong).hasStatus(400);
		MvcTestResult enabled = change("Authenticator/Enable", token, "123qwe", now(key));
		assertThat(enabled).hasStatus(200);
		assertThat(newAuthenticator().header("Authorization", "Bearer " + token)).as("on: no new secret")
			.hasStatus(409);
		assertThat(newAuthenticator()).as("nobody signed in").hasStatus(401);
		return key;
	}

	private MvcTestResult change(String what, String token, String password, String code) {
		return postJson(this.mvc, "/api/TokenAuth/TwoFactor/" + what, json(Map.of("password", password, "code", code)))
			.header("Authorization", "Bearer " + token)
			.exchange();
	}

	private MockMvcRequestBuilder newAuthenticator() {
		return postJson(this.mvc, "/api/TokenAuth/TwoFactor/Authenticator", "{}");
	}

	private String wrongCode(String key) {
		return now(key).equals("123456") ? "654321" : "123456";
	}

	private MvcTestResult sendCode() {
		return sendCode("Email");
	}

	private MvcTestResult sendCode(String provider) {
		return postJson(this.mvc, "/api/TokenAuth/SendTwoFactorAuthCode",
				"{\"userId\": 1, \"provider\": \"" + provider + "\"}")
			.exchange();
	}

	private String lastCodeSent() {
		String last = this.sentCodes.sent.get(this.sentCodes.sent.size() - 1);
		return last.substring(last.length() - 6);
	}

	@Test
	void shouldAskForTheSecondFactorThenTakeEachAuthenticatorCodeOnce() {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));

		MvcTestResult first = signIn(null, null, null);
		assertThat(first).hasStatus(200);
		assertThat(first).bodyJson().isStrictlyEqualTo("""
				{"result": {"accessToken": null, "encryptedAccessToken": null, "expireInSeconds": 0,
				  "shouldResetPassword": false, "passwordResetCode": null, "userId": 1,
				  "requiresTwoFactorVerification": true, "twoFactorAuthProviders": ["GoogleAuthenticator", "Email"],
				  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": null,
				  "refreshTokenExpireInSeconds": 0},
				 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}""");

		String code = now(key);
		MvcTestResult second = signIn(code, null, null);
		assertThat(second).hasStatus(200);
		assertThat((String) result(second).get("accessToken")).startsWith("ey");
		assertThat(result(second).get("twoFactorRememberClientToken")).isNull();

		MvcTestResult replayed = signIn(code, null, null);
		assertThat(replayed).as("a code works once").hasStatus(401);
		assertThat(body(replayed)).contains("\"message\":\"Invalid security code!\"");

		this.clock.advance(Duration.ofSeconds(30));
		String previousStep = Totp.code(key, Totp.step(this.clock.instant()) - 1);
		assertThat(signIn(previousStep, null, null)).as("the step before, already used").hasStatus(401);
		assertThat(signIn(now(key), null, null)).hasStatus(200);
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(signIn(Totp.code(key, Totp.step(this.clock.instant()) + 1), null, null))
			.as("the next step: a clock a little ahead")
			.hasStatus(200);
		assertThat(signIn(Totp.code(key, Totp.step(this.clock.instant()) + 2), null, null)).hasStatus(401);
	}

	@Test
	void shouldRememberAClientThatAskedTo() {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String remember = (String) result(signIn(now(key), true, null)).get("twoFactorRememberClientToken");
		assertThat(remember).matches("[A-Za-z0-9_-]{43}");
		MvcTestResult remembered = signIn(null, null, remember);
		assertThat(remembered).hasStatus(200);
		assertThat((String) result(remembered).get("accessToken")).startsWith("ey");
		assertThat(result(signIn(null, null, remember + "x")).get("requiresTwoFactorVerification")).isEqualTo(true);

		this.clock.advance(Duration.ofDays(30));
		assertThat(result(signIn(null, null, remember)).get("requiresTwoFactorVerification"))
			.as("remembered for 30 days")
			.isEqualTo(true);
	}

	@Test
	void shouldSendACodeByEmailForAnOpenSecondStepOnly() {
		setUpAuthenticator();
		MvcTestResult notOpen = sendCode();
		assertThat(notOpen).hasStatus(200);
		assertThat(this.sentCodes.sent).as("no sign-in with the right password asked for it").isEmpty();

		signIn(null, null, null);
		sendCode("Phone");
		assertThat(this.sentCodes.sent).as("not a provider the user was offered").isEmpty();
		MvcTestResult send = sendCode("Email");
		assertThat(send).hasStatus(200);
		assertThat(this.sentCodes.sent).singleElement().asString().matches("Email admin@example\\.com 1 \\d{6}");
		String code = this.sentCodes.sent.get(0).substring(this.sentCodes.sent.get(0).length() - 6);

		assertThat(signIn(code, null, null)).hasStatus(200);
		assertThat(signIn(code, null, null)).as("a sent code works once").hasStatus(401);
	}

	@Test
	void shouldLockTheAccountOutAfterFiveWrongCodes() {
		String key = setUpAuthenticator();
		String wrong = now(key).equals("123456") ? "654321" : "123456";
		for (int i = 0; i < 4; i++) {
			assertThat(body(signIn(wrong, null, null))).contains("Invalid security code!");
			assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
				.as("the right password alone does not start the count again")
				.isEqualTo(true);
		}
		assertThat(body(signIn(wrong, null, null)))
			.contains("The user account has been locked out. Please try again later.");
		assertThat(body(signIn(now(key), null, null))).contains("locked out");
	}

	@Test
	void shouldTurnItOffWithThePasswordAndACode() {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String token = (String) result(signIn(now(key), null, null)).get("accessToken");
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(change("Disable", token, "123qwe", "12")).hasStatus(400);
		MvcTestResult noPassword = postJson(this.mvc, "/api/TokenAuth/TwoFactor/Disable",
				"{\"code\": \"" + now(key) + "\"}")
			.header("Authorization", "Bearer " + token)
			.exchange();
		assertThat(noPassword).hasStatus(400);
		assertThat(body(noPassword)).contains("The password field is required");
		MvcTestResult wrongPassword = change("Disable", token, "not the password", now(key));
		assertThat(wrongPassword).hasStatus(400);
		assertThat(body(wrongPassword)).contains("The password is not right.");
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("still on: a token alone does not turn it off")
			.isEqualTo(true);

		assertThat(change("Disable", token, "123qwe", now(key))).hasStatus(200);
		MvcTestResult signedIn = signIn(null, null, null);
		assertThat(result(signedIn).get("requiresTwoFactorVerification")).isEqualTo(false);
		assertThat((String) result(signedIn).get("accessToken")).startsWith("ey");
	}

	@Test
	void shouldNotTurnItOnWithoutThePassword() {
		String token = (String) result(signIn(null, null, null)).get("accessToken");
		String key = (String) result(newAuthenticator().header("Authorization", "Bearer " + token).exchange())
			.get("authenticatorKey");
		MvcTestResult stolenToken = change("Authenticator/Enable", token, "a guess", now(key));
		assertThat(stolenToken).hasStatus(400);
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("whoever holds a token cannot enrol their own app")
			.isEqualTo(false);
	}

	@Test
	void shouldCountWrongCodesAndPasswordsOfTurningItOnOrOffTowardTheLockout() {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String token = (String) result(signIn(now(key), null, null)).get("accessToken");
		// the attack: guessing the code of a signed-in user's app at the disable path
		for (int i = 0; i < 2; i++) {
			assertThat(body(change("Disable", token, "123qwe", wrongCode(key)))).contains("Invalid security code!");
		}
		for (int i = 0; i < 2; i++) {
			assertThat(body(change("Disable", token, "wrong password", now(key))))
				.contains("The password is not right.");
		}
		MvcTestResult fifth = change("Disable", token, "123qwe", wrongCode(key));
		assertThat(fifth).hasStatus(401);
		assertThat(body(fifth)).contains("The user account has been locked out. Please try again later.");
		assertThat(body(change("Disable", token, "123qwe", now(key))))
			.as("the lockout refuses the change, even with the right secrets")
			.contains("The user account has been locked out. Please try again later.");
		assertThat(body(graphQl(this.mvc, "/graphql", "{ roles { name } }").header("Authorization", "Bearer " + token)
			.exchange())).as("and leaves the token's session alone").contains("\"name\":\"Admin\"");
		assertThat(body(signIn(now(key), null, null))).as("the sign-in shares the lockout").contains("locked out");
		assertThat(
				this.jdbc.sql("select is_two_factor_enabled from svc_users where id = 1").query(Boolean.class).single())
			.isTrue();
	}

	@Test
	void shouldSendAUserCodesNoMoreOftenThanTheCooldownAndTheHourlyCapAllow() {
		setUpAuthenticator();
		signIn(null, null, null);
		// the attack: an anonymous flood of resends for a user whose second step is open
		List<Integer> statuses = new java.util.ArrayList<>();
		for (int i = 0; i < 40; i++) {
			statuses.add(sendCode().getResponse().getStatus());
		}
		assertThat(statuses.get(0)).isEqualTo(200);
		assertThat(statuses.subList(1, 40)).containsOnly(429);
		assertThat(this.sentCodes.sent).hasSize(1);
		MvcTestResult tooSoon = sendCode();
		assertThat(tooSoon).hasHeader("Retry-After", "30");
		String first = lastCodeSent();

		for (int i = 0; i < 4; i++) {
			this.clock.advance(Duration.ofSeconds(30));
			assertThat(sendCode()).hasStatus(200);
			signIn(null, null, null);
		}
		assertThat(this.sentCodes.sent).as("five in the hour").hasSize(5);
		this.clock.advance(Duration.ofSeconds(30));
		MvcTestResult overTheCap = sendCode();
		assertThat(overTheCap).hasStatus(429);
		assertThat(overTheCap).as("until the first leaves the hour")
			.hasHeader("Retry-After", String.valueOf(Duration.ofHours(1).minusSeconds(150).toSeconds()));
		assertThat(this.sentCodes.sent).hasSize(5);

		assertThat(signIn(first, null, null)).as("later codes leave the first one working").hasStatus(200);
	}

	@Test
	void shouldCloseTheSecondStepAtItsEndWhateverCodesAreSent() {
		setUpAuthenticator();
		signIn(null, null, null);
		this.clock.advance(Duration.ofMinutes(4).plusSeconds(30));
		assertThat(sendCode()).hasStatus(200);
		String code = lastCodeSent();
		this.clock.advance(Duration.ofSeconds(31));
		assertThat(signIn(code, null, null)).as("5 minutes after the password, not after the code").hasStatus(401);
		assertThat(sendCode()).hasStatus(200);
		assertThat(this.sentCodes.sent).as("no code for a closed step").hasSize(1);
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Config {

		@Bean
		SentCodes sentCodes() {
			return new SentCodes();
		}

	}

	/** A mail gateway that keeps what it was asked to send. */
	static final class SentCodes implements TwoFactorCodeSender {

		final List<String> sent = new CopyOnWriteArrayList<>();

		@Override
		public Set<String> providers() {
			return Set.of(EMAIL);
		}

		@Override
		public void send(String provider, String destination, long userId, String code) {
			this.sent.add(provider + " " + destination + " " + userId + " " + code);
		}

	}

}
