package dev.svc.sample.spa;

import java.util.List;

import dev.svc.graphql.test.AnonymousVisitors;
import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an anonymous caller who does not sign in leaves on the server when it asks for
 * this host's pages: no session (the page it was on the way to is kept in a cookie), and
 * no 500 for asking for the error page; and where a visitor lands after signing in. The
 * module's own paths are the module's {@code AnonymousRequestsTests}.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-anonymous-requests" })
@ActiveProfiles("test")
class AnonymousRequestsTests {

	private static final List<String> PAGES = List.of("/", "/ui/", "/ui/login", "/ui/token", "/ui/reset-password",
			"/ui/app.css", "/actuator/metrics", "/actuator/health", "/nope", "/error");

	@LocalServerPort
	private int port;

	@Test
	void shouldTakeTheVisitorToThePageItWasOnTheWayToAfterSigningIn() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(browser.get("/ui/", "Accept", "text/html").header("Location")).endsWith("/ui/login");
		HttpTestClient.Response login = browser.post("/ui/login", "application/json",
				"{\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"admin\", \"password\": \"123qwe\"}");
		assertThat(login.body()).contains("\"targetUrl\":\"http://localhost:" + this.port + "/ui/\"");
	}

	@Test
	void shouldNotAnswer500ToARequestForTheErrorPage() {
		AnonymousVisitors.assertErrorPageRefused(this.port, new SpaClient(this.port).withCookie("", "admin").http());
	}

	@Test
	void shouldStoreNoSessionForAnonymousRequests(@Autowired JdbcClient jdbc) {
		AnonymousVisitors.assertLeaveNoSession(this.port, AnonymousVisitors.springSessions(jdbc),
				(anonymous) -> PAGES.forEach(anonymous::get));
	}

}
