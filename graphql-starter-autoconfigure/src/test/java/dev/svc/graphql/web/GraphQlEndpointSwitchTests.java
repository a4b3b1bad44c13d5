package dev.svc.graphql.web;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint switch and path, over real HTTP, on a host that keeps Spring Boot's default
 * security (every path needs a signed-in user, HTTP Basic with the configured user).
 */
class GraphQlEndpointSwitchTests {

	/** HTTP Basic for Spring Boot's default user {@code user} / {@code pw}. */
	private static final String[] HOST_USER = { "Authorization", "Basic dXNlcjpwdw==" };

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "spring.graphql.schema.locations=classpath:graphql-test/", "spring.security.user.password=pw" })
	class WhenSwitchedOffByDefault {

		@LocalServerPort
		private int port;

		@Test
		void shouldAnswer404EvenWithSchemaFilesOnTheClasspath() {
			HttpTestClient http = new HttpTestClient(this.port);
			// a GET: the host's CSRF protection would refuse a POST before it got anywhere
			assertThat(http.get("/graphql?query=%7Bgreeting%7D", HOST_USER).status()).isEqualTo(404);
			assertThat(http.graphQl("/graphql", "{ greeting }").status())
				.isEqualTo(http.graphQl("/no-such-path", "{ greeting }").status());
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "GraphQL.Enabled=true", "GraphQL.Path=/mygraphql",
					"spring.graphql.schema.locations=classpath:graphql-test/" })
	class OnACustomPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeTheCustomPathOnly() {
			HttpTestClient http = new HttpTestClient(this.port);
			assertThat(http.graphQl("/mygraphql", "{ greeting }").status()).isEqualTo(200);
			assertThat(http.graphQl("/graphql", "{ greeting }").status())
				.isEqualTo(http.graphQl("/no-such-path", "{ greeting }").status());
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.http.path=/boot-path",
					"spring.graphql.schema.locations=classpath:graphql-test/" })
	class OnSpringBootsPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeSpringBootsPathWhenTheProductsPathIsNotSet() {
			assertThat(new HttpTestClient(this.port).graphQl("/boot-path", "{ greeting }").status()).isEqualTo(200);
		}

	}

}
