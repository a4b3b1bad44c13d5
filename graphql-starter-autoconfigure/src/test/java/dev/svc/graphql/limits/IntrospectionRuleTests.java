package dev.svc.graphql.limits;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.TestHostApplication;
import graphql.introspection.IntrospectionQuery;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code graphql.introspection} over HTTP, through the application's filters and security
 * chains, for introspection queries, validation messages and Spring Boot's schema printer
 * alike. Every caller sees every field here ({@code graphql.schema.visibility=all}), so
 * that what the rule hides of fields that exist for the caller shows;
 * {@code SchemaVisibilityTests} has the fields a caller may not use, which do not exist
 * for it.
 */
class IntrospectionRuleTests {

	private static final String INTROSPECTION = "{ __schema { queryType { name } } }";

	private static final String SIGN_IN_FOR_DETAILS = "The query does not fit the schema. What does not fit is shown to"
			+ " signed-in users only (graphql.introspection=signed-in): sign in to see it.";

	/**
	 * Queries that do not fit the schema in different ways, each naming a type, a field
	 * or an argument in graphql-java's message: what exists answers as what does not.
	 */
	private static final List<String> MISFITS = List.of("{ users { nope } }", "{ users { items } }",
			"{ users(nope: 1) { totalCount } }", "{ users(maxResultCount: \"ten\") { totalCount } }",
			"{ users { totalCount { id } } }", "{ nope }", "{ users }");

	private static String withoutLocations(String body) {
		return body.replaceAll("\"locations\":\\[[^\\]]*\\]", "");
	}

	private static String signedIn(MockMvcTester mvc) {
		return MockMvcRequests.bearerToken(mvc, "", "admin", "123qwe");
	}

	private static MockMvcRequestBuilder graphQl(MockMvcTester mvc, String document) {
		return MockMvcRequests.graphQl(mvc, "/graphql", document);
	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.schema.visibility=all",
					"graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=introspection-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true" })
	@AutoConfigureMockMvc
	class ByDefault {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldShowAnonymousCallersNothing() {
			assertThat(graphQl(this.mvc, INTROSPECTION)).bodyJson()
				.isStrictlyEqualTo(
						"""
								{"errors": [{"message": "Introspection is open to signed-in users only (graphql.introspection=signed-in): sign in first.",
								  "locations": [{"line": 1, "column": 3}], "path": [], "extensions": {"code": "INTROSPECTION_DISABLED"}}]}""");
			// not signed in: the bearer-token entry point asks for a token
			assertThat(this.mvc.get().uri("/graphql/schema")).hasStatus(401);
		}

		@Test
		void shouldNameNothingOfTheSchemaInAnonymousValidationErrors() {
			MvcTestResult unknownField = graphQl(this.mvc, "{ users { nope } }").exchange();
			assertThat(unknownField).hasStatus(400);
			assertThat(unknownField).bodyJson()
				.isStrictlyEqualTo(
						"""
								{"errors": [{"message": "%s",
								  "locations": [{"line": 1, "column": 11}], "path": [], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}"""
							.formatted(SIGN_IN_FOR_DETAILS));
			MvcTestResult missingSelection = graphQl(this.mvc, "{ users }").exchange();
			assertThat(missingSelection).hasStatus(400);
			assertThat(body(missingSelection)).isNotEqualTo(body(unknownField));
			assertThat(withoutLocations(body(missingSelection))).isEqualTo(withoutLocations(body(unknownField)));
			for (String misfit : MISFITS) {
				assertThat(withoutLocations(body(graphQl(this.mvc, misfit).exchange()))).as(misfit)
					.isEqualTo(withoutLocations(body(unknownField)));
			}
			MvcTestResult wrongVariable = postJson(this.mvc, "/graphql",
					json(Map.of("query", "query($size: Int) { users(maxResultCount: $size) { totalCount } }",
							"variables", Map.of("size", "ten"))))
				.exchange();
			assertThat(withoutLocations(body(wrongVariable))).isEqualTo(withoutLocations(body(unknownField)));
		}

		@Test
		void shouldLeaveParseErrorsAndLimitsWordedForAnonymousCallers() {
			assertThat(body(graphQl(this.mvc, "{ users(").exchange())).contains("Invalid syntax")
				.contains("\"code\":\"GRAPHQL_PARSE_FAILED\"");
			assertThat(body(graphQl(this.mvc,
					"{ users(maxResultCount: 1000) { items { roles { id } organizationUnits { id } } } }")
				.exchange())).contains("The query's cost is 5001, over the limit of 5000");
		}

		@Test
		void shouldShowSignedInUsersWhatDoesNotFit() {
			String token = signedIn(this.mvc);
			assertThat(body(graphQl(this.mvc, "{ users { nope } }").header("Authorization", token).exchange()))
				.contains("Field 'nope' in type 'UserPagedResult' is undefined")
				.contains("\"code\":\"GRAPHQL_VALIDATION_FAILED\"");
			assertThat(body(graphQl(this.mvc, "{ users }").header("Authorization", token).exchange()))
				.contains("Subselection required for type 'UserPagedResult!' of field 'users'");
		}

		@Test
		void shouldLeaveTypeNamesToAnonymousCallers() {
			assertThat(body(graphQl(this.mvc, "{ __typename greeting }").exchange()))
				.startsWith("{\"data\":{\"__typename\":\"Query\",\"greeting\":");
		}

		@Test
		void shouldShowSignedInUsersTheSchema() {
			String token = signedIn(this.mvc);
			assertThat(body(graphQl(this.mvc, INTROSPECTION).header("Authorization", token).exchange()))
				.isEqualTo("{\"data\":{\"__schema\":{\"queryType\":{\"name\":\"Query\"}}}}");
			assertThat(body(this.mvc.get().uri("/graphql/schema").header("Authorization", token).exchange()))
				.contains("type Query {");
		}

		@Test
		void shouldAnswerTheIntrospectionQueryOfAnIdeWithinTheDefaultLimits() {
			String body = body(graphQl(this.mvc, IntrospectionQuery.INTROSPECTION_QUERY)
				.header("Authorization", signedIn(this.mvc))
				.exchange());
			assertThat(body).startsWith("{\"data\":{\"__schema\":").doesNotContain("\"errors\"");
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.schema.visibility=all",
					"graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=introspection-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true", "graphql.introspection=never" })
	@AutoConfigureMockMvc
	class WhenNever {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldShowNobodyTheSchema() {
			String token = signedIn(this.mvc);
			assertThat(body(graphQl(this.mvc, INTROSPECTION).header("Authorization", token).exchange()))
				.contains("Introspection is switched off (graphql.introspection=never).")
				.contains("\"code\":\"INTROSPECTION_DISABLED\"");
			assertThat(this.mvc.get().uri("/graphql/schema").header("Authorization", token)).hasStatus(403);
		}

		@Test
		void shouldShowNobodyWhatDoesNotFit() {
			String signedIn = body(
					graphQl(this.mvc, "{ users { nope } }").header("Authorization", signedIn(this.mvc)).exchange());
			assertThat(signedIn)
				.contains("The query does not fit the schema. What does not fit is not shown"
						+ " (graphql.introspection=never): check the query against the schema you were given.")
				.doesNotContain("nope")
				.doesNotContain("UserPagedResult");
			assertThat(body(graphQl(this.mvc, "{ users { nope } }").exchange())).isEqualTo(signedIn);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.schema.visibility=all",
					"graphql.introspection=everyone" })
	@AutoConfigureMockMvc
	class ForEveryone {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldShowAnonymousCallersWhatDoesNotFit() {
			assertThat(body(graphQl(this.mvc, "{ users { nope } }").exchange()))
				.contains("Field 'nope' in type 'UserPagedResult' is undefined");
			assertThat(body(graphQl(this.mvc, "{ users }").exchange()))
				.contains("Subselection required for type 'UserPagedResult!' of field 'users'");
		}

	}

}
