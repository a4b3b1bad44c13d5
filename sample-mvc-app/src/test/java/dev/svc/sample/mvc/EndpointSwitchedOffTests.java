package dev.svc.sample.mvc;

import dev.svc.graphql.test.HttpTestClient;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code graphql.enabled=false} takes away the GraphQL endpoint and nothing else: the app
 * starts and its users still sign in.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=false", "graphql.audit.enabled=false" })
class EndpointSwitchedOffTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldSignInButServeNoEndpoint() {
		HttpTestClient browser = new HttpTestClient(this.port);
		assertThat(LoginForm.logIn(browser, "", "admin", "123qwe").header("Location")).endsWith("/");
		assertThat(browser.get("/").body()).contains("Welcome, <span>admin</span>");
		assertThat(browser.get("/graphql?query=%7Broles%7Bid%7D%7D").status()).isEqualTo(404);
	}

}
