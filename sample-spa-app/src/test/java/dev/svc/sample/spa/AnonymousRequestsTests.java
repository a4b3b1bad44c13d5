package dev.svc.sample.spa;

import java.util.List;

import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an anonymous caller who does not sign in leaves on the server: no session (the page it was on
 * the way to is kept in a cookie), and no 500 for asking for the error page.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-anonymous-requests" })
@ActiveProfiles("test")
class AnonymousRequestsTests {

	private static final List<String> PAGES = List.of("/", "/ui/", "/ui/playground", "/ui/login", "/ui/token",
			"/ui/reset-password", "/ui/app.css", "/actuator/metrics", "/actuator/health", "/graphql/schema", "/nope",
			"/error");

	@LocalServerPort
	private int port;

	@Autowired
	private JdbcClient jdbc;

	private int sessions() {
		return this.jdbc.sql("select count(*) from spring_session").query(Integer.class).single();
	}

	@Test
	void shouldStoreNoSessionForAnonymousRequests() {
		int before = sessions();
		for (int i = 0; i < 20; i++) {
			HttpTestClient anonymous = new HttpTestClient(this.port);
			for (String page : PAGES) {
				anonymous.get(page);
			}
			anonymous.graphQl("/graphql", "{ roles { name } }");
			anonymous.get("/graphql?query=%7B__typename%7D");
			anonymous.post("/api/TokenAuth/RefreshToken", "application/json", "{\"refreshToken\": \"nothing\"}");
		}
		assertThat(sessions()).isEqualTo(before);
	}

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
		assertThat(new HttpTestClient(this.port).get("/error").status()).isEqualTo(302);
		HttpTestClient signedIn = new SpaClient(this.port).withCookie("", "admin").http();
		assertThat(signedIn.get("/error").status()).isEqualTo(403);
	}

}
