package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
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
 * {@code graphql.introspection} over real HTTP, for introspection queries, validation messages and
 * Spring Boot's schema printer alike.
 */
class IntrospectionRuleTests {

	private static final String INTROSPECTION = "{ __schema { queryType { name } } }";

	private static final String SIGN_IN_FOR_DETAILS = "The query does not fit the schema. What does not fit is shown to"
			+ " signed-in users only (graphql.introspection=signed-in): sign in to see it.";

	/**
	 * Queries that do not fit the schema in different ways, each naming a type, a field or an
	 * argument in graphql-java's message: what exists answers as what does not.
	 */
	private static final List<String> MISFITS = List.of("{ users { nope } }", "{ users { items } }",
			"{ users(nope: 1) { totalCount } }", "{ users(maxResultCount: \"ten\") { totalCount } }",
			"{ users { totalCount { id } } }", "{ nope }", "{ users }");

	private static String withoutLocations(String body) {
		return body.replaceAll("\"locations\":\\[[^\\]]*\\]", "");
	}

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
		void shouldNameNothingOfTheSchemaInAnonymousValidationErrors() throws Exception {
			HttpTestClient http = new HttpTestClient(this.port);
			Response unknownField = http.graphQl("/graphql", "{ users { nope } }");
			assertThat(unknownField.status()).isEqualTo(400);
			JSONAssert.assertEquals("""
					{"errors": [{"message": "%s",
					  "locations": [{"line": 1, "column": 11}], "path": [], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}"""
				.formatted(SIGN_IN_FOR_DETAILS), unknownField.body(), JSONCompareMode.STRICT);
			Response missingSelection = http.graphQl("/graphql", "{ users }");
			assertThat(missingSelection.status()).isEqualTo(400);
			assertThat(missingSelection.body()).isNotEqualTo(unknownField.body());
			assertThat(withoutLocations(missingSelection.body())).isEqualTo(withoutLocations(unknownField.body()));
			for (String misfit : MISFITS) {
				assertThat(withoutLocations(http.graphQl("/graphql", misfit).body())).as(misfit)
					.isEqualTo(withoutLocations(unknownField.body()));
			}
			Response wrongVariable = http.post("/graphql", "application/json", HttpTestClient.json(Map.of("query",
					"query($size: Int) { users(maxResultCount: $size) { totalCount } }", "variables", Map.of("size", "ten"))));
			assertThat(withoutLocations(wrongVariable.body())).isEqualTo(withoutLocations(unknownField.body()));
		}

		@Test
		void shouldLeaveParseErrorsAndLimitsWordedForAnonymousCallers() {
			HttpTestClient http = new HttpTestClient(this.port);
			assertThat(http.graphQl("/graphql", "{ users(").body()).contains("Invalid syntax")
				.contains("\"code\":\"GRAPHQL_PARSE_FAILED\"");
			assertThat(http.graphQl("/graphql", "{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }")
				.body()).contains("The query's cost is 5001, over the limit of 5000");
		}

		@Test
		void shouldShowSignedInUsersWhatDoesNotFit() {
			HttpTestClient http = new HttpTestClient(this.port);
			String token = signedIn(http);
			assertThat(http.graphQl("/graphql", "{ users { nope } }", "Authorization", token).body())
				.contains("Field 'nope' in type 'UserPagedResult' is undefined")
				.contains("\"code\":\"GRAPHQL_VALIDATION_FAILED\"");
			assertThat(http.graphQl("/graphql", "{ users }", "Authorization", token).body())
				.contains("Subselection required for type 'UserPagedResult!' of field 'users'");
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

		@Test
		void shouldShowNobodyWhatDoesNotFit() {
			HttpTestClient http = new HttpTestClient(this.port);
			String signedIn = http.graphQl("/graphql", "{ users { nope } }", "Authorization", signedIn(http)).body();
			assertThat(signedIn).contains("The query does not fit the schema. What does not fit is not shown"
					+ " (graphql.introspection=never): check the query against the schema you were given.")
				.doesNotContain("nope").doesNotContain("UserPagedResult");
			assertThat(http.graphQl("/graphql", "{ users { nope } }").body()).isEqualTo(signedIn);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.introspection=everyone" })
	class ForEveryone {

		@LocalServerPort
		private int port;

		@Test
		void shouldShowAnonymousCallersWhatDoesNotFit() {
			HttpTestClient http = new HttpTestClient(this.port);
			assertThat(http.graphQl("/graphql", "{ users { nope } }").body())
				.contains("Field 'nope' in type 'UserPagedResult' is undefined");
			assertThat(http.graphQl("/graphql", "{ users }").body())
				.contains("Subselection required for type 'UserPagedResult!' of field 'users'");
		}

	}

}
