package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.util.Map;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.crypto.argon2.Argon2PasswordEncoder;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.parse;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user who must change its password, over HTTP: its sign-in answers a one-time code and
 * no tokens (the token endpoint and the cookie sign-in's JSON login alike), the code sets
 * a new password that meets the policy, once and only while it lasts, and then the new
 * password signs in and the old one does not.
 */
@OnEveryDatabase
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=" + TokenSignInTests.KEY, "graphql.sign-in.cookie.enabled=true" })
@AutoConfigureMockMvc
@Import(MutableClock.Bean.class)
class PasswordResetTests {

	private static final String OLD_PASSWORD = "old pass phrase";

	private static final String NEW_PASSWORD = "a new pass phrase";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MutableClock clock;

	@Autowired
	private JdbcClient jdbc;

	private String demoHash;

	@BeforeEach
	void userWhoMustChangeItsPassword() {
		this.demoHash = this.jdbc.sql("select password_hash from svc_users where id = 3").query(String.class).single();
		String oldHash = "{argon2}" + new Argon2PasswordEncoder(16, 32, 1, 64, 1).encode(OLD_PASSWORD);
		this.jdbc.sql("update svc_users set should_change_password = true, password_hash = :hash where id = 3")
			.param("hash", oldHash)
			.update();
	}

	@AfterEach
	void restoreTheDemoUser() {
		this.jdbc
			.sql("update svc_users set should_change_password = false, password_hash = :hash,"
					+ " password_reset_code = null, password_reset_code_expiry = null where id = 3")
			.param("hash", this.demoHash)
			.update();
	}

	private MvcTestResult signIn(String password) {
		return postJson(this.mvc, "/api/TokenAuth/Authenticate",
				json(Map.of("tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", password)))
			.exchange();
	}

	private MvcTestResult reset(Object userId, String resetCode, String password) {
		return postJson(this.mvc, "/api/services/app/Account/ResetPassword",
				json(Map.of("userId", userId, "resetCode", resetCode, "password", password)))
			.exchange();
	}

	private static String resetCode(MvcTestResult signIn) {
		return (String) ((Map<?, ?>) parse(body(signIn)).get("result")).get("passwordResetCode");
	}

	@Test
	void shouldAnswerACodeAndNoTokensThenSetTheNewPasswordOnce() {
		MvcTestResult signIn = signIn(OLD_PASSWORD);
		assertThat(signIn).hasStatus(200);
		String code = resetCode(signIn);
		assertThat(code).matches("[A-Za-z0-9_-]{22}");
		assertThat(signIn).bodyJson()
			.isStrictlyEqualTo("""
					{"result": {"accessToken": null, "encryptedAccessToken": null, "expireInSeconds": 0,
					  "shouldResetPassword": true, "passwordResetCode": "%s", "userId": 3,
					  "requiresTwoFactorVerification": false, "twoFactorAuthProviders": null,
					  "twoFactorRememberClientToken": null, "returnUrl": null, "refreshToken": null,
					  "refreshTokenExpireInSeconds": 0},
					 "targetUrl": null, "success": true, "error": null, "unAuthorizedRequest": false, "__svc": true}"""
				.formatted(code));
		assertThat(this.jdbc.sql("select password_reset_code from svc_users where id = 3").query(String.class).single())
			.as("only a digest is kept")
			.hasSize(64)
			.doesNotContain(code);

		MvcTestResult reset = reset(3, code, NEW_PASSWORD);
		assertThat(reset).hasStatus(200);
		assertThat(reset).bodyJson().isStrictlyEqualTo("""
				{"result": {"canLogin": true, "userName": "jdoe"}, "targetUrl": null, "success": true,
				 "error": null, "unAuthorizedRequest": false, "__svc": true}""");

		MvcTestResult again = reset(3, code, "yet another pass phrase");
		assertThat(again).hasStatus(400);
		assertThat(body(again)).contains("The password reset code is not valid, or it has been used or has expired");
		assertThat(signIn(OLD_PASSWORD)).hasStatus(401);
		MvcTestResult signedIn = signIn(NEW_PASSWORD);
		assertThat(signedIn).hasStatus(200);
		assertThat(body(signedIn)).contains("\"shouldResetPassword\":false").contains("\"accessToken\":\"ey");
	}

	@Test
	void shouldRefuseAPasswordOutsideThePolicyAndKeepTheCode() {
		String code = resetCode(signIn(OLD_PASSWORD));
		assertProblem(reset(3, code, "short"), "The password must be at least 8 characters long.");
		assertProblem(reset(3, code, "i am JDoe, me"), "The password must not contain the user name.");
		assertProblem(reset(3, code, OLD_PASSWORD), "The new password must not be the current one.");
		assertProblem(reset(3, code, "x".repeat(129)), "The password must be at most 128 characters long.");
		assertThat(reset(3, code, NEW_PASSWORD)).as("the code still works").hasStatus(200);
	}

	private static void assertProblem(MvcTestResult response, String problem) {
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("{\"message\":\"" + problem + "\",\"members\":[\"password\"]}");
	}

	@Test
	void shouldRefuseACodeOfAnotherUserOrPastItsLifetime() {
		String code = resetCode(signIn(OLD_PASSWORD));
		assertThat(reset(2, code, NEW_PASSWORD)).as("another user's id").hasStatus(400);
		assertThat(reset(3, code + "x", NEW_PASSWORD)).hasStatus(400);
		this.clock.advance(Duration.ofMinutes(10));
		MvcTestResult expired = reset(3, code, NEW_PASSWORD);
		assertThat(expired).hasStatus(400);
		assertThat(body(expired)).contains("sign in again to get a new one.");
		assertThat(resetCode(signIn(OLD_PASSWORD))).as("a new sign-in, a new code").isNotEqualTo(code);
	}

	@Test
	void shouldSayWhatAResetNeeds() {
		MvcTestResult noUser = postJson(this.mvc, "/api/services/app/Account/ResetPassword",
				"{\"resetCode\": \"x\", \"password\": \"y\"}")
			.exchange();
		assertThat(noUser).hasStatus(400);
		assertThat(body(noUser)).contains("The userId field is required.");
		MvcTestResult noCode = postJson(this.mvc, "/api/services/app/Account/ResetPassword",
				"{\"userId\": 3, \"password\": \"y\"}")
			.exchange();
		assertThat(noCode).hasStatus(400);
		assertThat(body(noCode)).contains("The resetCode field is required.");
		MvcTestResult notJson = postJson(this.mvc, "/api/services/app/Account/ResetPassword", "[1]").exchange();
		assertThat(notJson).hasStatus(400);
		assertThat(body(notJson)).contains("The body must be a JSON object");
	}

	@Test
	void shouldAnswerTheJsonLoginOfTheCookieSignInTheSameWay() {
		MvcTestResult login = postJson(this.mvc, "/Account/Login",
				json(Map.of("tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", OLD_PASSWORD)))
			.exchange();
		assertThat(login).hasStatus(200);
		// a session would be the request's, as MockMvc sets no cookie for it
		assertThat(login.getRequest().getSession(false)).as("no session").isNull();
		assertThat(login).doesNotContainHeader("Set-Cookie");
		String code = resetCode(login);
		assertThat(login).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"success": false, "targetUrl": "/Account/ResetPassword",
							 "result": {"shouldResetPassword": true, "passwordResetCode": "%s", "userId": 3},
							 "error": {"message": "You must change your password before you sign in.", "validationErrors": null}}"""
						.formatted(code));

		MvcTestResult reset = postJson(this.mvc, "/Account/ResetPassword",
				json(Map.of("userId", 3, "resetCode", code, "password", NEW_PASSWORD)))
			.exchange();
		assertThat(reset).hasStatus(200);
		assertThat(reset).bodyJson().isStrictlyEqualTo("""
				{"success": true, "targetUrl": "/Account/Login", "result": {"canLogin": true, "userName": "jdoe"}}""");
		MvcTestResult signedIn = postJson(this.mvc, "/Account/Login",
				json(Map.of("tenancyName", "Default", "userNameOrEmailAddress", "jdoe", "password", NEW_PASSWORD)))
			.exchange();
		assertThat(body(signedIn)).contains("\"success\":true");
	}

}
