package dev.svc.sample.spa;

import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.ActiveProfiles;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code graphql.enabled=false} takes away the GraphQL endpoint and nothing else: the app
 * starts, the token endpoint and the login page still sign users in.
 */
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=false", "graphql.audit.enabled=false" })
@ActiveProfiles("test")
class EndpointSwitchedOffTests {

	@LocalServerPort
	private int port;

	@Test
	void shouldSignInButServeNoEndpoint() {
		assertThat(new SpaClient(this.port).withToken("Default", "admin").accessToken()).isNotBlank();
		SpaClient cookieClient = new SpaClient(this.port).withCookie("", "admin");
		assertThat(cookieClient.http().get("/ui/").status()).isEqualTo(200);
		assertThat(cookieClient.http().get("/graphql?query=%7Broles%7Bid%7D%7D").status()).isEqualTo(404);
	}

}
