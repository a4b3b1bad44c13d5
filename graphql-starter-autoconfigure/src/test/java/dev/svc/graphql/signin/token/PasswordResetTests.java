package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.util.Map;

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
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user who must change its password, over real HTTP: its sign-in answers a one-time code and no
 * tokens (the token endpoint and the cookie sign-in's JSON login alike), the code sets a new
 * password that meets the policy, once and only while it lasts, and then the new password signs
 * in and the old one does not.
 */
@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY, "graphql.sign-in.cookie.enabled=true" })
@Import(MutableClock.Bean.class)
class PasswordResetTests {

	private static final String OLD_PASSWORD = "old pass phrase";

	private static final String NEW_PASSWORD = "a new pass phrase";

	@LocalServerPort
	private int port;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	private HttpTestClient http;

	private String demoHash;

	@BeforeEach
	void userWhoMustChangeItsPassword() {
		this.http = new HttpTestClient(this.port);
		this.demoHash = this.jdbc.sql("select password_hash from svc_users where id = 3").query(String.class).single();
		String oldHash = "{argon2}" + new Argon2PasswordEncoder(16, 32, 1, 64, 1).encode(OLD_PASSWORD);
		this.jdbc.sql("update svc_users set should_change_password = true, password_hash = :hash where id = 3")
			.param("hash", oldHash)
			.update();
	}

	@AfterEach
	void restoreTheDemoUser() {
		this.jdbc.sql("update svc_users set should_change_password = false, password_hash = :hash,"
				+ " password_reset_code = null, password_reset_code_expiry = null where id = 3")
			.param("hash", this.demoHash)
			.update();
	}

	private Response signIn(String password) {
		return this.http.post("/api/TokenAuth/Authenticate", "application/json", HttpTestClient.json(Map.of(
				"tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", password)));
	}

	private Response reset(Object userId, String resetCode, String password) {
		return this.http.post("/api/services/app/Account/ResetPassword", "application/json",
				HttpTestClient.json(Map.of("userId", userId, "resetCode", resetCode, "password", password)));
	}

	private static String resetCode(Response signIn) {
		return (String) ((Map<?, ?>) HttpTestClient.parse(signIn.body()).get("result")).get("passwordResetCode");
	}

	@Test
	void shouldAnswerACodeAndNoTokensThenSetTheNewPasswordOnce() throws Exception {
		Response signIn = signIn(OLD_PASSWORD);
		assertThat(signIn.status()).isEqualTo(200);
		String code = resetCode(signIn);
		assertThat(code).matches("[A-Za-z0-9_-]{22}");
		JSONAssert.assertEquals("""
				{"result": {"accessToken": null, "encryptedAccessToken": null, "expireInSeconds": 0,
				  "shouldResetPassword": true, "passwordResetCode": "%s", "userId": 3,
				  "requiresTwoFactorVerification": false, "twoFactorAuthProviders": null,
				  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": null,
				  "refreshTokenExpireInSeconds": 0},
				 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}"""
			.formatted(code), signIn.body(), JSONCompareMode.STRICT);
		assertThat(this.jdbc.sql("select password_reset_code from svc_users where id = 3").query(String.class).single())
			.as("only a digest is kept")
			.hasSize(64)
			.doesNotContain(code);

		Response reset = reset(3, code, NEW_PASSWORD);
		assertThat(reset.status()).isEqualTo(200);
		JSONAssert.assertEquals("""
				{"result": {"canLogin": true, "userName": "jdoe"}, "targetUrl": null, "success": true,
				 "error": null, "unAuthorizedRequest": false, "__svc": true}""", reset.body(), JSONCompareMode.STRICT);

		Response again = reset(3, code, "yet another pass phrase");
		assertThat(again.status()).isEqualTo(400);
		assertThat(again.body()).contains("The password reset code is not valid, or it has been used or has expired");
		assertThat(signIn(OLD_PASSWORD).status()).isEqualTo(401);
		Response signedIn = signIn(NEW_PASSWORD);
		assertThat(signedIn.status()).isEqualTo(200);
		assertThat(signedIn.body()).contains("\"shouldResetPassword\":false").contains("\"accessToken\":\"ey");
	}

	@Test
	void shouldRefuseAPasswordOutsideThePolicyAndKeepTheCode() {
		String code = resetCode(signIn(OLD_PASSWORD));
		assertProblem(reset(3, code, "short"), "The password must be at least 8 characters long.");
		assertProblem(reset(3, code, "i am JDoe, me"), "The password must not contain the user name.");
		assertProblem(reset(3, code, OLD_PASSWORD), "The new password must not be the current one.");
		assertProblem(reset(3, code, "x".repeat(129)), "The password must be at most 128 characters long.");
		assertThat(reset(3, code, NEW_PASSWORD).status()).as("the code still works").isEqualTo(200);
	}

	private static void assertProblem(Response response, String problem) {
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("{\"message\":\"" + problem + "\",\"members\":[\"password\"]}");
	}

	@Test
	void shouldRefuseACodeOfAnotherUserOrPastItsLifetime() {
		String code = resetCode(signIn(OLD_PASSWORD));
		assertThat(reset(2, code, NEW_PASSWORD).status()).as("another user's id").isEqualTo(400);
		assertThat(reset(3, code + "x", NEW_PASSWORD).status()).isEqualTo(400);
		this.clock.advance(Duration.ofMinutes(10));
		Response expired = reset(3, code, NEW_PASSWORD);
		assertThat(expired.status()).isEqualTo(400);
		assertThat(expired.body()).contains("sign in again to get a new one.");
		assertThat(resetCode(signIn(OLD_PASSWORD))).as("a new sign-in, a new code").isNotEqualTo(code);
	}

	@Test
	void shouldSayWhatAResetNeeds() {
		Response noUser = this.http.post("/api/services/app/Account/ResetPassword", "application/json",
				"{\"resetCode\": \"x\", \"password\": \"y\"}");
		assertThat(noUser.status()).isEqualTo(400);
		assertThat(noUser.body()).contains("The userId field is required.");
		Response noCode = this.http.post("/api/services/app/Account/ResetPassword", "application/json",
				"{\"userId\": 3, \"password\": \"y\"}");
		assertThat(noCode.status()).isEqualTo(400);
		assertThat(noCode.body()).contains("The resetCode field is required.");
		Response notJson = this.http.post("/api/services/app/Account/ResetPassword", "application/json", "[1]");
		assertThat(notJson.status()).isEqualTo(400);
		assertThat(notJson.body()).contains("The body must be a JSON object");
	}

	@Test
	void shouldAnswerTheJsonLoginOfTheCookieSignInTheSameWay() throws Exception {
		Response login = this.http.post("/Account/Login", "application/json", HttpTestClient.json(Map.of(
				"tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", OLD_PASSWORD)));
		assertThat(login.status()).isEqualTo(200);
		assertThat(login.header("Set-Cookie")).as("no session").isNull();
		String code = resetCode(login);
		JSONAssert.assertEquals("""
				{"success": false, "targetUrl": "/Account/ResetPassword",
				 "result": {"shouldResetPassword": true, "passwordResetCode": "%s", "userId": 3},
				 "error": {"message": "You must change your password before you sign in.", "validationErrors": null}}"""
			.formatted(code), login.body(), JSONCompareMode.STRICT);

		Response reset = this.http.post("/Account/ResetPassword", "application/json",
				HttpTestClient.json(Map.of("userId", 3, "resetCode", code, "password", NEW_PASSWORD)));
		assertThat(reset.status()).isEqualTo(200);
		JSONAssert.assertEquals("""
				{"success": true, "targetUrl": "/Account/Login", "result": {"canLogin": true, "userName": "jdoe"}}""",
				reset.body(), JSONCompareMode.STRICT);
		Response signedIn = this.http.post("/Account/Login", "application/json", HttpTestClient.json(Map.of(
				"tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", NEW_PASSWORD)));
		assertThat(signedIn.body()).contains("\"success\":true");
	}

}
