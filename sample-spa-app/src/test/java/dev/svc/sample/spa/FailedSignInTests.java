package dev.svc.sample.spa;

import dev.svc.graphql.test.AnonymousVisitors;
import dev.svc.graphql.test.FailedSignIns;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.OnEveryDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The SPA sample's sign-ins as shipped (the sign-in throttle at its default, Spring
 * Session JDBC) on PostgreSQL, posted from outside: its login path takes forms too (with
 * a CSRF token a client may make for itself), and every failed one is sent to the login
 * page; JSON and the token endpoint answer 4xx with the message; the log has no ERROR
 * line and the session table does not grow.
 */
@OnEveryDatabase
@EnabledIfSystemProperty(named = "svc.test.database", matches = "postgresql")
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = "graphql.sign-in.throttle.max-attempts=30")
@ActiveProfiles("test")
@ExtendWith(OutputCaptureExtension.class)
class FailedSignInTests {

	private static final String LOGIN = "/ui/login";

	private static final String RESET = "/ui/reset-password";

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	@Test
	void shouldSendEveryFailedSignInToTheLoginPageOrRefuseItWithItsMessageAndKeepNothing(CapturedOutput output) {
		int sessionsBefore = AnonymousVisitors.springSessions(this.jdbc).getAsInt();
		for (String form : FailedSignIns.FORMS) {
			FailedSignIns.assertSentToPage(FailedSignIns.postForm(this.port, LOGIN, form, true), LOGIN);
			FailedSignIns.assertSentToPage(FailedSignIns.postForm(this.port, RESET, form, true), LOGIN, RESET);
			assertThat(FailedSignIns.postForm(this.port, LOGIN, form, false).response().status()).isEqualTo(403);
		}
		for (String json : FailedSignIns.JSON) {
			for (String path : new String[] { LOGIN, RESET, "/api/TokenAuth/Authenticate",
					"/api/services/app/Account/ResetPassword" }) {
				FailedSignIns
					.assertRefusedWithMessage(new HttpTestClient(this.port).post(path, "application/json", json));
			}
		}
		assertThat(AnonymousVisitors.springSessions(this.jdbc).getAsInt()).isEqualTo(sessionsBefore);
		FailedSignIns.assertNoErrorLogged(output);
	}

	@Test
	void shouldKeepNoSessionForAFloodOfWrongPasswordsThrottledOrNot(CapturedOutput output) {
		FailedSignIns.assertAFloodLeavesFewSessions(this.port, LOGIN, AnonymousVisitors.springSessions(this.jdbc));
		FailedSignIns.assertNoErrorLogged(output);
	}

}
