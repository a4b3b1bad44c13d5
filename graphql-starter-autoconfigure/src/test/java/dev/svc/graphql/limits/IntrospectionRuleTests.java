package dev.svc.graphql.limits;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.TestHostApplication;
import graphql.introspection.IntrospectionQuery;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code graphql.introspection} over real HTTP, for introspection queries and Spring Boot's schema
 * printer alike.
 */
class IntrospectionRuleTests {

	private static final String INTROSPECTION = "{ __schema { queryType { name } } }";

	private static String signedIn(HttpTestClient http) {
		return http.bearerToken("", "admin", "123qwe");
	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=introspection-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true" })
	class ByDefault {

		@LocalServerPort
		private int port;

		@Test
		void shouldShowAnonymousCallersNothing() throws Exception {
			HttpTestClient http = new HttpTestClient(this.port);
			JSONAssert.assertEquals("""
					{"errors": [{"message": "Introspection is open to signed-in users only (graphql.introspection=signed-in): sign in first.",
					  "locations": [{"line": 1, "column": 3}], "path": [], "extensions": {"code": "INTROSPECTION_DISABLED"}}]}""",
					http.graphQl("/graphql", INTROSPECTION).body(), JSONCompareMode.STRICT);
			// not signed in: the bearer-token entry point asks for a token
			assertThat(http.get("/graphql/schema").status()).isEqualTo(401);
		}

		@Test
		void shouldLeaveTypeNamesToAnonymousCallers() {
			assertThat(new HttpTestClient(this.port).graphQl("/graphql", "{ __typename greeting }").body())
				.startsWith("{\"data\":{\"__typename\":\"Query\",\"greeting\":");
		}

		@Test
		void shouldShowSignedInUsersTheSchema() {
			HttpTestClient http = new HttpTestClient(this.port);
			String token = signedIn(http);
			assertThat(http.graphQl("/graphql", INTROSPECTION, "Authorization", token).body())
				.isEqualTo("{\"data\":{\"__schema\":{\"queryType\":{\"name\":\"Query\"}}}}");
			assertThat(http.get("/graphql/schema", "Authorization", token).body()).contains("type Query {");
		}

		@Test
		void shouldAnswerTheIntrospectionQueryOfAnIdeWithinTheDefaultLimits() {
			HttpTestClient http = new HttpTestClient(this.port);
			String body = http.graphQl("/graphql", IntrospectionQuery.INTROSPECTION_QUERY, "Authorization", signedIn(http))
				.body();
			assertThat(body).startsWith("{\"data\":{\"__schema\":").doesNotContain("\"errors\"");
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=introspection-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true", "graphql.introspection=never" })
	class WhenNever {

		@LocalServerPort
		private int port;

		@Test
		void shouldShowNobodyTheSchema() {
			HttpTestClient http = new HttpTestClient(this.port);
			String token = signedIn(http);
			assertThat(http.graphQl("/graphql", INTROSPECTION, "Authorization", token).body())
				.contains("Introspection is switched off (graphql.introspection=never).")
				.contains("\"code\":\"INTROSPECTION_DISABLED\"");
			assertThat(http.get("/graphql/schema", "Authorization", token).status()).isEqualTo(403);
		}

	}

}
