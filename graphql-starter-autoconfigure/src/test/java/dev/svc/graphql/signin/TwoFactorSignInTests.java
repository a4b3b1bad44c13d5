package dev.svc.graphql.signin;

import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two-factor sign-in over real HTTP with a clock the tests move: an authenticator app set up by
 * the signed-in user, the token endpoint's second step (RFC 6238 codes, each accepted once), codes
 * sent by e-mail, remembered clients, lockout after wrong codes, and turning it off.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=two-factor-tests-signing-key-0123456789",
				"graphql.sign-in.two-factor.issuer=Svc Test" })
@Import({ MutableClock.Bean.class, TwoFactorSignInTests.Config.class })
class TwoFactorSignInTests {

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

	@LocalServerPort
	private int port;

	@Autowired
	private MutableClock clock;

	@Autowired
	private SentCodes sentCodes;

	@Autowired
	private JdbcClient jdbc;

	private HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	@AfterEach
	void turnItOffForEveryone() {
		this.jdbc.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
				+ " authenticator_last_step = null, access_failed_count = 0, lockout_end_date = null").update();
		this.jdbc.sql("delete from svc_two_factor_codes").update();
		this.jdbc.sql("delete from svc_two_factor_steps").update();
		this.jdbc.sql("delete from svc_two_factor_clients").update();
		this.sentCodes.sent.clear();
	}

	private Response signIn(String code, Boolean rememberClient, String rememberToken) {
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
		return this.http.post("/api/TokenAuth/Authenticate", "application/json", HttpTestClient.json(body));
	}

	private Map<?, ?> result(Response response) {
		return (Map<?, ?>) HttpTestClient.parse(response.body()).get("result");
	}

	private String now(String key) {
		return Totp.code(key, Totp.step(this.clock.instant()));
	}

	// signs the host's admin in and sets up its authenticator app; answers the secret
	private String setUpAuthenticator() throws Exception {
		String token = (String) result(signIn(null, null, null)).get("accessToken");
		Response setup = this.http.post("/api/TokenAuth/TwoFactor/Authenticator", "application/json", "{}",
				"Authorization", "Bearer " + token);
		assertThat(setup.status()).isEqualTo(200);
		String key = (String) result(setup).get("authenticatorKey");
		assertThat(key).matches("[A-Z2-7]{32}");
		JSONAssert.assertEquals("{\"result\": {\"authenticatorKey\": \"%s\", \"otpauthUri\": \"%s\"}}".formatted(key,
				"otpauth://totp/Svc%20Test:admin?secret=" + key + "&issuer=Svc%20Test&algorithm=SHA1&digits=6&period=30"),
				setup.body(), JSONCompareMode.LENIENT);
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("not on before a code proves the app is set up")
			.isEqualTo(false);

		Response wrong = change("Authenticator/Enable", token, "123qwe", wrongCode(key));
		assertThat(wrong.status()).isEqualTo(400);
		Response enabled = change("Authenticator/Enable", token, "123qwe", now(key));
		assertThat(enabled.status()).isEqualTo(200);
		assertThat(this.http.post("/api/TokenAuth/TwoFactor/Authenticator", "application/json", "{}", "Authorization",
				"Bearer " + token).status()).as("on: no new secret").isEqualTo(409);
		assertThat(this.http.post("/api/TokenAuth/TwoFactor/Authenticator", "application/json", "{}").status())
			.as("nobody signed in")
			.isEqualTo(401);
		return key;
	}

	private Response change(String what, String token, String password, String code) {
		return this.http.post("/api/TokenAuth/TwoFactor/" + what, "application/json",
				HttpTestClient.json(Map.of("password", password, "code", code)), "Authorization", "Bearer " + token);
	}

	private String wrongCode(String key) {
		return now(key).equals("123456") ? "654321" : "123456";
	}

	private Response sendCode() {
		return this.http.post("/api/TokenAuth/SendTwoFactorAuthCode", "application/json",
				"{\"userId\": 1, \"provider\": \"Email\"}");
	}

	private String lastCodeSent() {
		String last = this.sentCodes.sent.get(this.sentCodes.sent.size() - 1);
		return last.substring(last.length() - 6);
	}

	@Test
	void shouldAskForTheSecondFactorThenTakeEachAuthenticatorCodeOnce() throws Exception {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));

		Response first = signIn(null, null, null);
		assertThat(first.status()).isEqualTo(200);
		JSONAssert.assertEquals("""
				{"result": {"accessToken": null, "encryptedAccessToken": null, "expireInSeconds": 0,
				  "shouldResetPassword": false, "passwordResetCode": null, "userId": 1,
				  "requiresTwoFactorVerification": true, "twoFactorAuthProviders": ["GoogleAuthenticator", "Email"],
				  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": null,
				  "refreshTokenExpireInSeconds": 0},
				 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}""",
				first.body(), JSONCompareMode.STRICT);

		String code = now(key);
		Response second = signIn(code, null, null);
		assertThat(second.status()).isEqualTo(200);
		assertThat((String) result(second).get("accessToken")).startsWith("ey");
		assertThat(result(second).get("twoFactorRememberClientToken")).isNull();

		Response replayed = signIn(code, null, null);
		assertThat(replayed.status()).as("a code works once").isEqualTo(401);
		assertThat(replayed.body()).contains("\"message\":\"Invalid security code!\"");

		this.clock.advance(Duration.ofSeconds(30));
		String previousStep = Totp.code(key, Totp.step(this.clock.instant()) - 1);
		assertThat(signIn(previousStep, null, null).status()).as("the step before, already used").isEqualTo(401);
		assertThat(signIn(now(key), null, null).status()).isEqualTo(200);
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(signIn(Totp.code(key, Totp.step(this.clock.instant()) + 1), null, null).status())
			.as("the next step: a clock a little ahead")
			.isEqualTo(200);
		assertThat(signIn(Totp.code(key, Totp.step(this.clock.instant()) + 2), null, null).status()).isEqualTo(401);
	}

	@Test
	void shouldRememberAClientThatAskedTo() throws Exception {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String remember = (String) result(signIn(now(key), true, null)).get("twoFactorRememberClientToken");
		assertThat(remember).matches("[A-Za-z0-9_-]{43}");
		Response remembered = signIn(null, null, remember);
		assertThat(remembered.status()).isEqualTo(200);
		assertThat((String) result(remembered).get("accessToken")).startsWith("ey");
		assertThat(result(signIn(null, null, remember + "x")).get("requiresTwoFactorVerification")).isEqualTo(true);

		this.clock.advance(Duration.ofDays(30));
		assertThat(result(signIn(null, null, remember)).get("requiresTwoFactorVerification"))
			.as("remembered for 30 days")
			.isEqualTo(true);
	}

	@Test
	void shouldSendACodeByEmailForAnOpenSecondStepOnly() throws Exception {
		setUpAuthenticator();
		Response notOpen = sendCode();
		assertThat(notOpen.status()).isEqualTo(200);
		assertThat(this.sentCodes.sent).as("no sign-in with the right password asked for it").isEmpty();

		signIn(null, null, null);
		this.http.post("/api/TokenAuth/SendTwoFactorAuthCode", "application/json", "{\"userId\": 1, \"provider\": \"Phone\"}");
		assertThat(this.sentCodes.sent).as("not a provider the user was offered").isEmpty();
		Response send = this.http.post("/api/TokenAuth/SendTwoFactorAuthCode", "application/json",
				"{\"userId\": 1, \"provider\": \"Email\"}");
		assertThat(send.status()).isEqualTo(200);
		assertThat(this.sentCodes.sent).singleElement().asString().matches("Email admin@example\\.com 1 \\d{6}");
		String code = this.sentCodes.sent.get(0).substring(this.sentCodes.sent.get(0).length() - 6);

		assertThat(signIn(code, null, null).status()).isEqualTo(200);
		assertThat(signIn(code, null, null).status()).as("a sent code works once").isEqualTo(401);
	}

	@Test
	void shouldLockTheAccountOutAfterFiveWrongCodes() throws Exception {
		String key = setUpAuthenticator();
		String wrong = now(key).equals("123456") ? "654321" : "123456";
		for (int i = 0; i < 4; i++) {
			assertThat(signIn(wrong, null, null).body()).contains("Invalid security code!");
			assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
				.as("the right password alone does not start the count again")
				.isEqualTo(true);
		}
		assertThat(signIn(wrong, null, null).body())
			.contains("The user account has been locked out. Please try again later.");
		assertThat(signIn(now(key), null, null).body()).contains("locked out");
	}

	@Test
	void shouldTurnItOffWithThePasswordAndACode() throws Exception {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String token = (String) result(signIn(now(key), null, null)).get("accessToken");
		this.clock.advance(Duration.ofSeconds(30));
		assertThat(change("Disable", token, "123qwe", "12").status()).isEqualTo(400);
		Response noPassword = this.http.post("/api/TokenAuth/TwoFactor/Disable", "application/json",
				"{\"code\": \"" + now(key) + "\"}", "Authorization", "Bearer " + token);
		assertThat(noPassword.status()).isEqualTo(400);
		assertThat(noPassword.body()).contains("The password field is required");
		Response wrongPassword = change("Disable", token, "not the password", now(key));
		assertThat(wrongPassword.status()).isEqualTo(400);
		assertThat(wrongPassword.body()).contains("The password is not right.");
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("still on: a token alone does not turn it off")
			.isEqualTo(true);

		assertThat(change("Disable", token, "123qwe", now(key)).status()).isEqualTo(200);
		Response signedIn = signIn(null, null, null);
		assertThat(result(signedIn).get("requiresTwoFactorVerification")).isEqualTo(false);
		assertThat((String) result(signedIn).get("accessToken")).startsWith("ey");
	}

	@Test
	void shouldNotTurnItOnWithoutThePassword() throws Exception {
		String token = (String) result(signIn(null, null, null)).get("accessToken");
		String key = (String) result(this.http.post("/api/TokenAuth/TwoFactor/Authenticator", "application/json", "{}",
				"Authorization", "Bearer " + token)).get("authenticatorKey");
		Response stolenToken = change("Authenticator/Enable", token, "a guess", now(key));
		assertThat(stolenToken.status()).isEqualTo(400);
		assertThat(result(signIn(null, null, null)).get("requiresTwoFactorVerification"))
			.as("whoever holds a token cannot enrol their own app")
			.isEqualTo(false);
	}

	@Test
	void shouldCountWrongCodesAndPasswordsOfTurningItOnOrOffTowardTheLockout() throws Exception {
		String key = setUpAuthenticator();
		this.clock.advance(Duration.ofSeconds(30));
		String token = (String) result(signIn(now(key), null, null)).get("accessToken");
		// the attack: guessing the code of a signed-in user's app at the disable path
		for (int i = 0; i < 2; i++) {
			assertThat(change("Disable", token, "123qwe", wrongCode(key)).body()).contains("Invalid security code!");
		}
		for (int i = 0; i < 2; i++) {
			assertThat(change("Disable", token, "wrong password", now(key)).body()).contains("The password is not right.");
		}
		Response fifth = change("Disable", token, "123qwe", wrongCode(key));
		assertThat(fifth.status()).isEqualTo(401);
		assertThat(fifth.body()).contains("The user account has been locked out. Please try again later.");
		assertThat(change("Disable", token, "123qwe", now(key)).body())
			.as("the lockout ended the token's session: it is nobody's now")
			.contains("Current user did not login to the application!");
		assertThat(signIn(now(key), null, null).body()).as("the sign-in shares the lockout").contains("locked out");
		assertThat(this.jdbc.sql("select is_two_factor_enabled from svc_users where id = 1").query(Boolean.class).single())
			.isTrue();
	}

	@Test
	void shouldSendAUserCodesNoMoreOftenThanTheCooldownAndTheHourlyCapAllow() throws Exception {
		setUpAuthenticator();
		signIn(null, null, null);
		// the attack: an anonymous flood of resends for a user whose second step is open
		List<Integer> statuses = new java.util.ArrayList<>();
		for (int i = 0; i < 40; i++) {
			statuses.add(sendCode().status());
		}
		assertThat(statuses.get(0)).isEqualTo(200);
		assertThat(statuses.subList(1, 40)).containsOnly(429);
		assertThat(this.sentCodes.sent).hasSize(1);
		Response tooSoon = sendCode();
		assertThat(tooSoon.raw().headers().firstValue("Retry-After")).contains("30");
		String first = lastCodeSent();

		for (int i = 0; i < 4; i++) {
			this.clock.advance(Duration.ofSeconds(30));
			assertThat(sendCode().status()).isEqualTo(200);
			signIn(null, null, null);
		}
		assertThat(this.sentCodes.sent).as("five in the hour").hasSize(5);
		this.clock.advance(Duration.ofSeconds(30));
		Response overTheCap = sendCode();
		assertThat(overTheCap.status()).isEqualTo(429);
		assertThat(overTheCap.raw().headers().firstValue("Retry-After")).as("until the first leaves the hour")
			.contains(String.valueOf(Duration.ofHours(1).minusSeconds(150).toSeconds()));
		assertThat(this.sentCodes.sent).hasSize(5);

		assertThat(signIn(first, null, null).status()).as("later codes leave the first one working").isEqualTo(200);
	}

	@Test
	void shouldCloseTheSecondStepAtItsEndWhateverCodesAreSent() throws Exception {
		setUpAuthenticator();
		signIn(null, null, null);
		this.clock.advance(Duration.ofMinutes(4).plusSeconds(30));
		assertThat(sendCode().status()).isEqualTo(200);
		String code = lastCodeSent();
		this.clock.advance(Duration.ofSeconds(31));
		assertThat(signIn(code, null, null).status()).as("5 minutes after the password, not after the code")
			.isEqualTo(401);
		assertThat(sendCode().status()).isEqualTo(200);
		assertThat(this.sentCodes.sent).as("no code for a closed step").hasSize(1);
	}

}
