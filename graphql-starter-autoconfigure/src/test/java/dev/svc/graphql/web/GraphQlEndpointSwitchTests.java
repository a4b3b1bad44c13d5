package dev.svc.graphql.web;

import java.net.URI;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;

import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint switch and path, through the application's filters and security chains, on
 * a host that keeps Spring Boot's default security (every path needs a signed-in user,
 * HTTP Basic with the configured user).
 */
class GraphQlEndpointSwitchTests {

	/** HTTP Basic for Spring Boot's default user {@code user} / {@code pw}. */
	private static final String HOST_USER = "Basic dXNlcjpwdw==";

	private static int status(MockMvcTester mvc, String path) {
		return graphQl(mvc, path, "{ greeting }").exchange().getResponse().getStatus();
	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "spring.graphql.schema.locations=classpath:graphql-test/",
					"spring.security.user.password=pw" })
	@AutoConfigureMockMvc
	class WhenSwitchedOffByDefault {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldAnswer404EvenWithSchemaFilesOnTheClasspath() {
			// a GET: the host's CSRF protection would refuse a POST before it got
			// anywhere
			assertThat(
					this.mvc.get().uri(URI.create("/graphql?query=%7Bgreeting%7D")).header("Authorization", HOST_USER))
				.hasStatus(404);
			assertThat(status(this.mvc, "/graphql")).isEqualTo(status(this.mvc, "/no-such-path"));
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "GraphQL.Enabled=true", "GraphQL.Path=/mygraphql",
					"spring.graphql.schema.locations=classpath:graphql-test/" })
	@AutoConfigureMockMvc
	class OnACustomPath {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldServeTheCustomPathOnly() {
			assertThat(status(this.mvc, "/mygraphql")).isEqualTo(200);
			assertThat(status(this.mvc, "/graphql")).isEqualTo(status(this.mvc, "/no-such-path"));
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.http.path=/boot-path",
					"spring.graphql.schema.locations=classpath:graphql-test/" })
	@AutoConfigureMockMvc
	class OnSpringBootsPath {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldServeSpringBootsPathWhenTheProductsPathIsNotSet() {
			assertThat(status(this.mvc, "/boot-path")).isEqualTo(200);
		}

	}

}
