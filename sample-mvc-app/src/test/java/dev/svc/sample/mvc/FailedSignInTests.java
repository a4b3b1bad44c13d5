package dev.svc.sample.mvc;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.svc.graphql.test.AnonymousVisitors;
import dev.svc.graphql.test.FailedSignIns;
import dev.svc.graphql.test.FailedSignIns.Sent;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.OnEveryDatabase;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The login form as shipped (release mode, the sign-in throttle at its default, Spring
 * Session JDBC) on PostgreSQL, posted from outside: every failed sign-in is sent to the
 * login page with its message, the log has no ERROR line, the session table does not
 * grow, and the session of a user who must change its password holds no reset code.
 */
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "postgresql")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "graphql.sign-in.throttle.max-attempts=30")
@ExtendWith(OutputCaptureExtension.class)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class FailedSignInTests {

	private static final String LOGIN = "/Account/Login";

	private static final String RESET = "/Account/ResetPassword";

	// a reset code: 16 random bytes, URL-safe Base64
	private static final Pattern CODE = Pattern.compile("[A-Za-z0-9_-]{22}");

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	// first: the throttle lets these sign-ins through before the fuzz spends the
	// address's budget
	@Test
	@Order(1)
	void shouldKeepNoResetCodeInClearInTheSession() {
		String demoHash = this.jdbc.sql("select password_hash from svc_users where id = 3")
			.query(String.class)
			.single();
		this.jdbc.sql("update svc_users set should_change_password = true where id = 3").update();
		try {
			HttpTestClient browser = new HttpTestClient(this.port);
			assertThat(LoginForm.logIn(browser, "Default", "jdoe", "123qwe").header("Location")).endsWith(RESET);
			String digest = this.jdbc.sql("select password_reset_code from svc_users where id = 3")
				.query(String.class)
				.single();
			List<byte[]> attributes = this.jdbc
				.sql("select attribute_bytes from spring_session_attributes where attribute_name like '%PENDING_RESET'")
				.query((row, i) -> row.getBytes(1))
				.list();
			assertThat(attributes).as("the reset is pending in a session").hasSize(1);
			Matcher candidates = CODE.matcher(new String(attributes.get(0), StandardCharsets.ISO_8859_1));
			while (candidates.find()) {
				assertThat(HttpTestClient.sha256(candidates.group())).as("the reset code in clear")
					.isNotEqualTo(digest);
			}
			Response changed = browser.post(RESET, "application/x-www-form-urlencoded",
					"_csrf=" + LoginForm.csrfToken(browser) + "&password=a+new+pass+phrase");
			assertThat(changed.header("Location")).as("the session's digest sets the password")
				.endsWith(LOGIN + "?passwordChanged");
		}
		finally {
			this.jdbc.sql("update svc_users set should_change_password = false, password_hash = :hash where id = 3")
				.param("hash", demoHash)
				.update();
		}
	}

	@Test
	@Order(2)
	void shouldSendEveryFailedSignInToTheLoginPageWithItsMessageAndKeepNothing(CapturedOutput output) {
		int sessionsBefore = AnonymousVisitors.springSessions(this.jdbc).getAsInt();
		assertThat(FailedSignIns.assertSentToPage(
				FailedSignIns.postForm(this.port, LOGIN, "tenancyName=&userNameOrEmailAddress=admin&password=", true),
				LOGIN))
			.contains("The password field is required.");
		assertThat(FailedSignIns.assertSentToPage(
				FailedSignIns.postForm(this.port, LOGIN,
						"tenancyName=" + "t".repeat(65) + "&userNameOrEmailAddress=admin&password=123qwe", true),
				LOGIN))
			.contains("The tenancyName field must be at most 64 characters long.");
		assertThat(FailedSignIns.assertSentToPage(FailedSignIns.postForm(this.port, RESET, "password=x", true), LOGIN))
			.contains("The password reset code is not valid");
		for (String form : FailedSignIns.FORMS) {
			String page = FailedSignIns.assertSentToPage(FailedSignIns.postForm(this.port, LOGIN, form, true), LOGIN);
			if (!form.startsWith("sendTwoFactorCode")) {
				assertThat(page).as(form).contains("class=\"error\"");
			}
			FailedSignIns.assertSentToPage(FailedSignIns.postForm(this.port, RESET, form, true), LOGIN, RESET);
			assertThat(FailedSignIns.postForm(this.port, LOGIN, form, false).response().status()).isEqualTo(403);
			assertThat(FailedSignIns.postForm(this.port, RESET, form, false).response().status()).isEqualTo(403);
		}
		for (String json : FailedSignIns.JSON) {
			FailedSignIns.assertRefusedWithMessage(new HttpTestClient(this.port).post(LOGIN, "application/json", json));
			FailedSignIns.assertRefusedWithMessage(new HttpTestClient(this.port).post(RESET, "application/json", json));
		}
		assertThat(AnonymousVisitors.springSessions(this.jdbc).getAsInt()).isEqualTo(sessionsBefore);
		FailedSignIns.assertNoErrorLogged(output);
	}

	@Test
	@Order(3)
	void shouldKeepNoSessionForAFloodOfWrongPasswordsThrottledOrNot(CapturedOutput output) {
		FailedSignIns.assertAFloodLeavesFewSessions(this.port, LOGIN, AnonymousVisitors.springSessions(this.jdbc));
		Sent throttled = FailedSignIns.postForm(this.port, LOGIN,
				"tenancyName=&userNameOrEmailAddress=admin&password=123qwe", true);
		assertThat(FailedSignIns.assertSentToPage(throttled, LOGIN)).contains("Too many sign-in attempts");
		FailedSignIns.assertNoErrorLogged(output);
	}

}
