package dev.svc.sample.mvc;

import java.time.Instant;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.AttackShapes.Attack;
import dev.svc.graphql.test.AuthenticatorApp;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The server-rendered host: sign in on {@code /Account/Login}, then query with the
 * session cookie. Audit writing is off so the audit log holds only the demo records.
 */
@OnEveryDatabase
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT, properties = "graphql.audit.enabled=false")
@ExtendWith(OutputCaptureExtension.class)
class CookieSignInTests {

	// an anonymous caller's answer to { roles ... }: the specification's error at the
	// field's path
	private static final String NOT_LOGGED_IN = """
			{"data": null, "errors": [{
			  "message": "Error trying to resolve roles. Current user did not login to the application!",
			  "locations": [{"line": 1, "column": 3}], "path": ["roles"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""";

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	private HttpTestClient browser;

	@BeforeEach
	void browser() {
		this.browser = new HttpTestClient(this.port);
	}

	private Response logIn(String tenancyName, String user, String password) {
		return LoginForm.logIn(this.browser, tenancyName, user, password);
	}

	@Test
	void shouldKeepTheSessionCookieHttpOnlyAndNotBelieveAClientThatSaysItCameOverTls() {
		String form = "_csrf=" + LoginForm.csrfToken(this.browser)
				+ "&tenancyName=&userNameOrEmailAddress=admin&password=123qwe";
		Response claimed = this.browser.post("/Account/Login", "application/x-www-form-urlencoded", form,
				"X-Forwarded-Proto", "https");
		assertThat(claimed.raw().headers().allValues("Set-Cookie"))
			.filteredOn((cookie) -> cookie.startsWith("SESSION="))
			.singleElement()
			.asString()
			.contains("; HttpOnly")
			.contains("; SameSite=Lax")
			.as("no proxy is trusted by default: the client's own claim is not believed")
			.doesNotContain("Secure");
	}

	@Test
	void shouldEndTheSessionAtLogOutWithTheCsrfTokenOnly() throws Exception {
		assertThat(logIn("", "admin", "123qwe").status()).isEqualTo(302);
		assertThat(this.browser.graphQl("/graphql", "{ roles { name } }").body()).contains("\"name\":\"Admin\"");
		// a page of another site can post a form, but not with this page's token
		assertThat(this.browser.post("/Account/Logout", "application/x-www-form-urlencoded", "").status())
			.isEqualTo(403);
		String csrf = LoginForm.csrfToken(this.browser);
		Response logOut = this.browser.post("/Account/Logout", "application/x-www-form-urlencoded", "_csrf=" + csrf);
		assertThat(logOut.status()).isEqualTo(302);
		assertThat(logOut.header("Location")).endsWith("/Account/Login?logout");
		assertThat(this.browser.get("/Account/Login?logout").body()).contains("You have logged out.");
		JSONAssert.assertEquals(NOT_LOGGED_IN, this.browser.graphQl("/graphql", "{ roles { name } }").body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRenderTheLoginForm() {
		String page = this.browser.get("/Account/Login").body();
		assertThat(page).contains("name=\"tenancyName\"", "name=\"userNameOrEmailAddress\"", "name=\"password\"",
				"name=\"_csrf\"");
	}

	@Test
	void shouldSignInAndLandOnAPageLinkingThePlayground() throws Exception {
		Response login = logIn("", "admin", "123qwe");
		assertThat(login.status()).isEqualTo(302);
		assertThat(login.header("Location")).endsWith("/");
		assertThat(login.header("Set-Cookie")).startsWith("SESSION=").contains("HttpOnly");
		String home = this.browser.get("/").body();
		assertThat(home).contains("href=\"/ui/playground\"");

		JSONAssert.assertEquals(
				"""
						{"data": {"roles": [{"id": 1, "name": "Admin", "displayName": "Admin", "tenantId": null}],
						  "auditLogs": [{"id": 3, "serviceName": "Authentication", "tenantId": null, "userId": 4, "executionTime": "2024-02-01T10:00:00.000Z"},
						                {"id": 2, "serviceName": "GraphQL", "tenantId": null, "userId": 1, "executionTime": "2024-02-01T09:01:00.000Z"},
						                {"id": 1, "serviceName": "Authentication", "tenantId": null, "userId": 1, "executionTime": "2024-02-01T09:00:00.000Z"}]}}""",
				this.browser
					.graphQl("/graphql",
							"{ roles { id name displayName tenantId } "
									+ "auditLogs { id serviceName tenantId userId executionTime } }")
					.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldSignInToATenant() throws Exception {
		assertThat(logIn("Default", "admin@defaulttenant.com", "123qwe").status()).isEqualTo(302);
		JSONAssert.assertEquals("""
				{"data": {"users": {"totalCount": 2, "items": [
				  {"name": "admin", "surname": "admin", "roles": [{"id": 2, "name": "Admin", "displayName": "Admin"}],
				   "organizationUnits": [{"id": 1, "code": "00001", "displayName": "OU1"}]},
				  {"name": "John", "surname": "Doe", "roles": [{"id": 3, "name": "User", "displayName": "User"}],
				   "organizationUnits": [{"id": 2, "code": "00001.00001", "displayName": "OU11"},
				                         {"id": 7, "code": "00002.00001", "displayName": "OU21"}]}]}}}""",
				this.browser
					.graphQl("/graphql",
							"{ users { totalCount items { name surname roles { id name displayName } "
									+ "organizationUnits { id code displayName } } } }")
					.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldShowWhyASignInFailed() {
		Response login = logIn("", "admin", "wrong");
		assertThat(login.status()).isEqualTo(302);
		assertThat(login.header("Location")).endsWith("/Account/Login?error");
		assertThat(this.browser.get("/Account/Login?error").body()).contains("Invalid user name or password");
		assertThat(logIn("", "nobody", "123qwe").header("Location")).endsWith("/Account/Login?error");
		assertThat(this.browser.get("/Account/Login?error").body()).contains("Invalid user name or password");
	}

	@Test
	void shouldRefuseALoginPostWithoutCsrfToken() {
		Response login = this.browser.post("/Account/Login", "application/x-www-form-urlencoded",
				"tenancyName=&userNameOrEmailAddress=admin&password=123qwe");
		assertThat(login.status()).isEqualTo(403);
	}

	@ParameterizedTest(name = "{0}")
	@MethodSource("dev.svc.graphql.test.AttackShapes#all")
	void shouldRefuseEveryAttackShapeOfTheRequestLimits(Attack attack) {
		logIn("", "admin", "123qwe");
		Response response = this.browser.graphQl("/graphql", attack.document());
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("\"code\":\"" + attack.code() + "\"");
	}

	@Test
	void shouldIgnoreBearerTokens() throws Exception {
		Response response = this.browser.graphQl("/graphql", "{ roles { id name displayName tenantId } }",
				"Authorization", "Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl");
		JSONAssert.assertEquals(NOT_LOGGED_IN, response.body(), JSONCompareMode.STRICT);
	}

	@Test
	void shouldSendPagesOfAnonymousVisitorsToTheLoginForm() {
		Response home = this.browser.get("/");
		assertThat(home.status()).isEqualTo(302);
		assertThat(home.header("Location")).endsWith("/Account/Login");
	}

	@Test
	void shouldSendAUserWhoMustChangeItsPasswordToTheResetPageThenSignItInWithTheNewOne() {
		String demoHash = this.jdbc.sql("select password_hash from svc_users where id = 3")
			.query(String.class)
			.single();
		this.jdbc.sql("update svc_users set should_change_password = true where id = 3").update();
		try {
			Response login = logIn("Default", "jdoe", "123qwe");
			assertThat(login.status()).isEqualTo(302);
			assertThat(login.header("Location")).endsWith("/Account/ResetPassword");
			assertThat(this.browser.get("/").status()).as("not signed in").isEqualTo(302);

			String page = this.browser.get("/Account/ResetPassword").body();
			assertThat(page).contains("name=\"password\"", "minlength=\"8\"", "name=\"_csrf\"")
				.as("the code stays in the session")
				.doesNotContain("resetCode");
			String csrf = LoginForm.csrfToken(this.browser);
			assertThat(resetPassword("", "a new pass phrase").status()).as("no CSRF token").isEqualTo(403);
			Response tooShort = resetPassword(csrf, "short");
			assertThat(tooShort.status()).isEqualTo(302);
			assertThat(tooShort.header("Location")).endsWith("/Account/ResetPassword?error");
			assertThat(this.browser.get("/Account/ResetPassword?error").body())
				.contains("The password must be at least 8 characters long.");

			Response changed = resetPassword(csrf, "a new pass phrase");
			assertThat(changed.status()).isEqualTo(302);
			assertThat(changed.header("Location")).endsWith("/Account/Login?passwordChanged");
			assertThat(this.browser.get("/Account/Login?passwordChanged").body())
				.contains("Your password has been changed. Log in with the new one.");
			assertThat(resetPassword(csrf, "another pass phrase").header("Location")).as("the code worked once")
				.endsWith("/Account/Login?error");

			assertThat(logIn("Default", "jdoe", "123qwe").header("Location")).endsWith("/Account/Login?error");
			assertThat(logIn("Default", "jdoe", "a+new+pass+phrase").header("Location")).doesNotContain("error");
			assertThat(this.browser.get("/").status()).as("signed in").isEqualTo(200);
		}
		finally {
			this.jdbc.sql("update svc_users set should_change_password = false, password_hash = :hash where id = 3")
				.param("hash", demoHash)
				.update();
		}
	}

	private Response resetPassword(String csrf, String password) {
		return this.browser.post("/Account/ResetPassword", "application/x-www-form-urlencoded",
				"_csrf=" + csrf + "&password=" + password.replace(' ', '+'));
	}

	@Test
	void shouldAskForTheAuthenticatorCodeOnTheLoginPageWhenTwoFactorSignInIsOn() {
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true, authenticator_key = :key where id = 2")
			.param("key", AuthenticatorApp.SECRET)
			.update();
		try {
			Response first = logIn("Default", "admin", "123qwe");
			assertThat(first.status()).isEqualTo(302);
			assertThat(first.header("Location"))
				.endsWith("/Account/Login?twoFactor&providers=GoogleAuthenticator,Email");
			assertThat(this.browser.get("/").status()).as("not signed in yet").isEqualTo(302);
			assertThat(this.browser.get("/Account/Login?twoFactor&providers=GoogleAuthenticator,Email").body())
				.contains("name=\"twoFactorVerificationCode\"", "name=\"rememberClient\"",
						"name=\"sendTwoFactorCode\"");

			String csrf = LoginForm.csrfToken(this.browser);
			Response wrong = this.browser.post("/Account/Login", "application/x-www-form-urlencoded", "_csrf=" + csrf
					+ "&tenancyName=Default&userNameOrEmailAddress=admin&password=123qwe&twoFactorVerificationCode=12345");
			assertThat(wrong.header("Location")).endsWith("/Account/Login?error");
			assertThat(this.browser.get("/Account/Login").body()).contains("Invalid security code!");

			Response signedIn = this.browser.post("/Account/Login", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser) + "&tenancyName=Default&userNameOrEmailAddress=admin"
							+ "&password=123qwe&rememberClient=on&twoFactorVerificationCode="
							+ AuthenticatorApp.code(Instant.now()));
			assertThat(signedIn.status()).isEqualTo(302);
			assertThat(signedIn.header("Location")).doesNotContain("Login");
			assertThat(signedIn.raw().headers().allValues("Set-Cookie"))
				.anySatisfy((cookie) -> assertThat(cookie).startsWith("SVC_TWO_FACTOR_CLIENT=")
					.contains("HttpOnly")
					.contains("SameSite=Lax"));
			assertThat(this.browser.graphQl("/graphql", "{ roles { name } }").body()).contains("\"name\":\"Admin\"");
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null where id = 2")
				.update();
		}
	}

	@Test
	void shouldListTheRememberedBrowsersOnTheTwoFactorPageAndForgetOne() {
		// the browsers another test remembered
		this.jdbc.sql("delete from svc_two_factor_clients").update();
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true, authenticator_key = :key where id = 2")
			.param("key", AuthenticatorApp.SECRET)
			.update();
		try {
			logIn("Default", "admin", "123qwe");
			Response signedIn = this.browser.post("/Account/Login", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser) + "&tenancyName=Default&userNameOrEmailAddress=admin"
							+ "&password=123qwe&rememberClient=on&twoFactorVerificationCode="
							+ AuthenticatorApp.code(Instant.now()));
			assertThat(signedIn.header("Location")).doesNotContain("Login");

			String page = this.browser.get("/Account/TwoFactor").body();
			Matcher forget = Pattern.compile("name=\"forget\" value=\"(\\d+)\"").matcher(page);
			assertThat(forget.find()).as(page).isTrue();
			String id = forget.group(1);
			assertThat(forget.find()).as("one browser remembered").isFalse();
			Response forgotten = this.browser.post("/Account/TwoFactor", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser) + "&forget=" + id);
			assertThat(forgotten.status()).isEqualTo(302);
			assertThat(this.browser.get("/Account/TwoFactor").body())
				.contains("That browser takes the second step again.")
				.contains("id=\"no-remembered-clients\"");

			this.browser.post("/Account/Logout", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser));
			assertThat(logIn("Default", "admin", "123qwe").header("Location"))
				.as("the browser's cookie no longer skips the code")
				.endsWith("/Account/Login?twoFactor&providers=GoogleAuthenticator,Email");
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null where id = 2")
				.update();
			this.jdbc.sql("delete from svc_two_factor_clients").update();
		}
	}

	@Test
	void shouldSetUpAnAuthenticatorAppOnTheTwoFactorPage() {
		assertThat(this.browser.get("/Account/TwoFactor").status()).as("signed-in users only").isEqualTo(302);
		assertThat(logIn("Second", "admin", "123qwe").status()).isEqualTo(302);
		try {
			String csrf = LoginForm.csrfToken(this.browser);
			String setup = this.browser
				.post("/Account/TwoFactor", "application/x-www-form-urlencoded", "_csrf=" + csrf + "&setup=true")
				.body();
			Matcher key = Pattern.compile("id=\"authenticator-key\">([A-Z2-7]{32})<").matcher(setup);
			assertThat(key.find()).as(setup).isTrue();
			assertThat(setup).contains("otpauth://totp/sample-mvc-app:admin?secret=" + key.group(1));
			String code = AuthenticatorApp.code(key.group(1), Instant.now());
			assertThat(this.browser
				.post("/Account/TwoFactor", "application/x-www-form-urlencoded",
						"_csrf=" + csrf + "&enable=true&password=123qwe&code="
								+ ("000000".equals(code) ? "111111" : "000000"))
				.body()).contains("Invalid security code!");
			assertThat(this.browser
				.post("/Account/TwoFactor", "application/x-www-form-urlencoded",
						"_csrf=" + csrf + "&enable=true&password=wrong&code=" + code)
				.body()).as("the password again").contains("The password is not right.");
			assertThat(this.browser
				.post("/Account/TwoFactor", "application/x-www-form-urlencoded",
						"_csrf=" + csrf + "&enable=true&password=123qwe&code=" + code)
				.body()).contains("Two-factor sign-in is on.");

			HttpTestClient other = new HttpTestClient(this.port);
			assertThat(LoginForm.logIn(other, "Second", "admin", "123qwe").header("Location"))
				.endsWith("/Account/Login?twoFactor&providers=GoogleAuthenticator,Email");
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null, access_failed_count = 0 where id = 5")
				.update();
		}
	}

	@Test
	void shouldSendACodeByEmailForTheSecondStepOfTheLoginForm(CapturedOutput output) {
		this.jdbc.sql("update svc_users set is_two_factor_enabled = true, authenticator_key = :key where id = 2")
			.param("key", AuthenticatorApp.SECRET)
			.update();
		try {
			String csrf = LoginForm.csrfToken(this.browser);
			assertThat(this.browser
				.post("/Account/Login", "application/x-www-form-urlencoded",
						"_csrf=" + csrf + "&sendTwoFactorCode=Email")
				.header("Location")).as("no login post gave the password: nothing to send").endsWith("/Account/Login");
			logIn("Default", "admin", "123qwe");
			Response send = this.browser.post("/Account/Login", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser) + "&sendTwoFactorCode=Email");
			assertThat(send.header("Location")).endsWith("?twoFactor&providers=GoogleAuthenticator,Email&codeSent");
			Matcher sent = Pattern.compile("Two-factor code for user 2 by Email to admin@defaulttenant\\.com: (\\d{6})")
				.matcher(output.getOut());
			assertThat(sent.find()).as("the sample's sender logged the code").isTrue();

			Response signedIn = this.browser.post("/Account/Login", "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(this.browser) + "&tenancyName=Default&userNameOrEmailAddress=admin"
							+ "&password=123qwe&twoFactorVerificationCode=" + sent.group(1));
			assertThat(signedIn.header("Location")).doesNotContain("Login");
			assertThat(this.browser.get("/").status()).isEqualTo(200);
		}
		finally {
			this.jdbc
				.sql("update svc_users set is_two_factor_enabled = false, authenticator_key = null,"
						+ " authenticator_last_step = null where id = 2")
				.update();
		}
	}

}
