package dev.svc.sample.mvc;

import java.util.List;

import dev.svc.graphql.test.AnonymousVisitors;
import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an anonymous caller who does not sign in leaves on the server when it asks for
 * this host's pages: no session (the login form's CSRF token and the page it was on the
 * way to are kept in cookies), and no 500 for asking for the error page. The module's own
 * paths are the module's {@code AnonymousRequestsTests}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-mvc-anonymous-requests" })
class AnonymousRequestsTests {

	private static final List<String> PAGES = List.of("/", "/Account/Login", "/Account/TwoFactor",
			"/Account/ResetPassword", "/actuator/metrics", "/nope", "/error");

	@LocalServerPort
	private int port;

	@Test
	void shouldStoreNoSessionForAnonymousRequests(@Autowired JdbcClient jdbc) {
		AnonymousVisitors.assertLeaveNoSession(this.port, AnonymousVisitors.springSessions(jdbc),
				(anonymous) -> PAGES.forEach(anonymous::get));
	}

	@Test
	void shouldNotAnswer500ToARequestForTheErrorPage() {
		HttpTestClient signedIn = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(signedIn, "", "admin", "123qwe").status()).isEqualTo(302);
		AnonymousVisitors.assertErrorPageRefused(this.port, signedIn);
	}

}
