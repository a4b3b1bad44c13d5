package dev.svc.graphql.web;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint switch and path, over real HTTP.
 */
class GraphQlEndpointSwitchTests {

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.schema-locations=classpath:graphql-test/greeting.graphqls",
					"spring.flyway.locations=classpath:db/svc/migration" })
	class WhenSwitchedOffByDefault {

		@LocalServerPort
		private int port;

		@Test
		void shouldAnswer404() {
			assertThat(new HttpTestClient(this.port).graphQl("/graphql", "{ greeting }").status()).isEqualTo(404);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "GraphQL.Enabled=true", "GraphQL.Path=/mygraphql",
					"graphql.schema-locations=classpath:graphql-test/greeting.graphqls",
					"spring.flyway.locations=classpath:db/svc/migration" })
	class OnACustomPath {

		@LocalServerPort
		private int port;

		@Test
		void shouldServeTheCustomPathOnly() {
			HttpTestClient http = new HttpTestClient(this.port);
			assertThat(http.graphQl("/mygraphql", "{ greeting }").status()).isEqualTo(200);
			assertThat(http.graphQl("/graphql", "{ greeting }").status()).isEqualTo(404);
		}

	}

}
