package dev.svc.sample.mvc;

import java.util.List;

import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What an anonymous caller who does not sign in leaves on the server: no session (the login form's
 * CSRF token and the page it was on the way to are kept in cookies), and no 500 for asking for the
 * error page.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.audit.enabled=false", "spring.datasource.url=jdbc:h2:mem:svc-mvc-anonymous-requests" })
class AnonymousRequestsTests {

	private static final List<String> PAGES = List.of("/", "/Account/Login", "/Account/TwoFactor",
			"/Account/ResetPassword", "/ui/playground", "/actuator/metrics", "/graphql/schema", "/nope", "/error");

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
		}
		assertThat(sessions()).isEqualTo(before);
	}

	@Test
	void shouldNotAnswer500ToARequestForTheErrorPage() {
		assertThat(new HttpTestClient(this.port).get("/error").status()).isEqualTo(302);
		HttpTestClient signedIn = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(signedIn, "", "admin", "123qwe").status()).isEqualTo(302);
		assertThat(signedIn.get("/error").status()).isEqualTo(403);
	}

}
