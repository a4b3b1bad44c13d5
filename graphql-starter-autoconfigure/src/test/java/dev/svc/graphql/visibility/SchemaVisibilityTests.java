package dev.svc.graphql.visibility;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.TestHostApplication;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.SimplePerformantInstrumentation;
import graphql.execution.instrumentation.parameters.InstrumentationExecutionParameters;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.schema.DataFetcher;
import graphql.schema.GraphQLSchema;
import org.json.JSONException;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.core.annotation.Order;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.web.util.UriUtils;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Each caller is shown the schema it may use: over HTTP, through the application's
 * filters and security chains, in introspection and Spring Boot's schema printer alike;
 * what it sends runs under the specification's contract ({@code by-permission}), or
 * against its own schema alone ({@code by-permission-as-missing}).
 */
class SchemaVisibilityTests {

	private static final String QUERY_FIELDS = "{ __schema { queryType { name fields { name } } } }";

	/**
	 * The types of the schema, but graphql-java's own: the introspection types and the
	 * built-in scalars.
	 */
	private static final String TYPES = "{ __schema { types { name } } }";

	private static final List<String> BUILT_IN = List.of("Boolean", "String", "Int", "Float", "ID");

	/** The fields no permission guards, which every caller sees. */
	private static final String OPEN_FIELDS = """
			{"data": {"__schema": {"queryType": {"name": "Query", "fields": [
			  {"name": "failing"}, {"name": "greeting"}]}}}}""";

	private static final String ALL_FIELDS = """
			{"data": {"__schema": {"queryType": {"name": "Query", "fields": [
			  {"name": "failing"}, {"name": "greeting"}, {"name": "organizationUnits"}, {"name": "roles"},
			  {"name": "secret"}, {"name": "users"}, {"name": "usersConnection"}]}}}}""";

	private static MockMvcRequestBuilder graphQl(MockMvcTester mvc, String document, String caller) {
		MockMvcRequestBuilder request = MockMvcRequests.graphQl(mvc, "/graphql", document);
		return switch (caller) {
			case "anonymous" -> request;
			case "tenant user" ->
				request.header("Authorization", MockMvcRequests.bearerToken(mvc, "Default", "jdoe", "123qwe"));
			case "tenant admin" ->
				request.header("Authorization", MockMvcRequests.bearerToken(mvc, "Default", "admin", "123qwe"));
			case "host admin" ->
				request.header("Authorization", MockMvcRequests.bearerToken(mvc, "", "admin", "123qwe"));
			default -> throw new IllegalArgumentException(caller);
		};
	}

	private static void assertFields(MockMvcTester mvc, String caller, String expected) throws JSONException {
		// every field and nothing more, in whichever order the schema files declare them
		JSONAssert.assertEquals(caller, expected, body(graphQl(mvc, QUERY_FIELDS, caller).exchange()),
				JSONCompareMode.NON_EXTENSIBLE);
	}

	@SuppressWarnings("unchecked")
	private static List<String> typeNames(MockMvcTester mvc, String caller) {
		Map<String, Object> data = (Map<String, Object>) MockMvcRequests
			.parse(body(graphQl(mvc, TYPES, caller).exchange()))
			.get("data");
		List<Map<String, String>> types = (List<Map<String, String>>) ((Map<String, Object>) data.get("__schema"))
			.get("types");
		return types.stream()
			.map((type) -> type.get("name"))
			.filter((name) -> !name.startsWith("__") && !BUILT_IN.contains(name))
			.sorted()
			.toList();
	}

	/**
	 * What a field that does not exist answers, whether it was never declared or is
	 * hidden with {@code by-permission-as-missing}: the same JSON, for the same
	 * documents.
	 */
	static void assertAnswersAsIfNothingWereThere(MockMvcTester mvc) throws JSONException {
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "Validation error (FieldUndefined@[users]) : Field 'users' in type 'Query' is undefined",
						  "locations": [{"line": 1, "column": 3}], "path": [], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
				body(graphQl(mvc, "{ users { totalCount } }", "tenant user").exchange()), JSONCompareMode.STRICT);
		// the same over GET
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "Validation error (FieldUndefined@[users]) : Field 'users' in type 'Query' is undefined",
						  "locations": [{"line": 1, "column": 3}], "path": [], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
				body(mvc.get()
					.uri(URI.create("/graphql?query=%7B%20users%20%7B%20totalCount%20%7D%20%7D"))
					.header("Authorization", MockMvcRequests.bearerToken(mvc, "Default", "jdoe", "123qwe"))
					.exchange()),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals("""
				{"data": {"__type": null}}""",
				body(graphQl(mvc, "{ __type(name: \"UserPagedResult\") { name fields { name } } }", "tenant user")
					.exchange()),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "Validation error (UnknownType) : Unknown type 'User'",
						  "locations": [{"line": 1, "column": 19}], "path": [], "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""",
				body(graphQl(mvc, "{ greeting ... on User { id } }", "tenant user").exchange()),
				JSONCompareMode.STRICT);
	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true", "graphql.introspection=everyone" })
	@AutoConfigureMockMvc
	class ByPermission {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldShowEachCallerExactlyTheFieldsItMayUse() throws Exception {
			assertFields(this.mvc, "anonymous", OPEN_FIELDS);
			assertFields(this.mvc, "tenant user", OPEN_FIELDS);
			assertFields(this.mvc, "tenant admin", ALL_FIELDS);
			assertFields(this.mvc, "host admin", ALL_FIELDS);
		}

		@Test
		void shouldRefuseAFieldTheCallerMayNotUseAtItsPathAndAnswerTheOthers() throws JSONException {
			// a partial result: the nullable field refused is null, the other answers
			String mixed = body(graphQl(this.mvc, "{ secret greeting(name: \"Ada\") }", "tenant user").exchange());
			JSONAssert.assertEquals(
					"""
							{"data": {"secret": null}, "errors": [{
							  "message": "Error trying to resolve secret. Required permissions are not granted. At least one of these permissions must be granted: Users, Test.Secret",
							  "locations": [{"line": 1, "column": 3}], "path": ["secret"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					mixed, JSONCompareMode.LENIENT);
			assertThat(mixed).contains("\"greeting\":\"Hello Ada from instance ");
			// a non-null field refused nulls data, as GraphQL's null propagation has it,
			// with the same error
			JSONAssert.assertEquals(
					"""
							{"data": null, "errors": [{
							  "message": "Error trying to resolve users. Required permissions are not granted. At least one of these permissions must be granted: Users",
							  "locations": [{"line": 1, "column": 12}], "path": ["users"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					body(graphQl(this.mvc, "{ greeting users { totalCount } }", "tenant user").exchange()),
					JSONCompareMode.STRICT);
			JSONAssert.assertEquals(
					"""
							{"data": null, "errors": [{
							  "message": "Error trying to resolve users. Current user did not login to the application!",
							  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					body(graphQl(this.mvc, "{ users { totalCount } }", "anonymous").exchange()),
					JSONCompareMode.STRICT);
			// introspection still shows the caller its own schema only
			JSONAssert.assertEquals("""
					{"data": {"__type": null}}""", body(
					graphQl(this.mvc, "{ __type(name: \"UserPagedResult\") { name fields { name } } }", "tenant user")
						.exchange()),
					JSONCompareMode.STRICT);
			JSONAssert.assertEquals("""
					{"data": {"__type": {"name": "UserPagedResult"}}}""", body(
					graphQl(this.mvc, "{ __type(name: \"UserPagedResult\") { name } }", "tenant admin").exchange()),
					JSONCompareMode.STRICT);
		}

		@Test
		void shouldRefuseAnIntrospectionInBadFaithAsTooComplexNotAsAServerError() {
			String refused = body(
					graphQl(this.mvc, "{ __schema { queryType { fields { name type { fields { name } } } } } }",
							"tenant admin")
						.exchange());
			assertThat(refused).contains("not asking for introspection in good faith")
				.contains("\"code\":\"QUERY_TOO_COMPLEX\"");
		}

		@Test
		void shouldLeaveOutTheTypesOnlyHiddenFieldsReach() {
			assertThat(typeNames(this.mvc, "anonymous")).as("anonymous").containsExactly("Query");
			assertThat(typeNames(this.mvc, "tenant user")).as("tenant user").containsExactly("Query");
			List<String> all = List.of("DateTime", "Long", "OrganizationUnit", "PageInfo", "Query", "Role", "User",
					"UserConnection", "UserEdge", "UserPagedResult");
			assertThat(typeNames(this.mvc, "tenant admin")).as("tenant admin").containsAll(all);
			assertThat(typeNames(this.mvc, "host admin")).as("host admin")
				.isEqualTo(typeNames(this.mvc, "tenant admin"));
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"spring.graphql.schema.printer.enabled=true",
					"graphql.persisted-documents.manifests=classpath:visibility-documents/persisted-documents.json" })
	@AutoConfigureMockMvc
	class HiddenField {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldKeepOneDocumentForEveryCallerAndRefuseItsHiddenFieldsWhenTheyRun() throws JSONException {
			String document = "{ users { totalCount } }";
			JSONAssert.assertEquals("{\"data\": {\"users\": {\"totalCount\": 2}}}",
					body(graphQl(this.mvc, document, "tenant admin").exchange()), JSONCompareMode.STRICT);
			assertThat(body(graphQl(this.mvc, document, "tenant user").exchange()))
				.contains("\"code\":\"SVC_AUTHORIZATION\"");
			assertThat(body(graphQl(this.mvc, document, "host admin").exchange())).contains("\"totalCount\":");
		}

		@Test
		void shouldAnswerADocumentNamedByHashOrIdThatHidesFieldsFromTheCallerAsOneNotFound() throws JSONException {
			// the administrator has the server keep a document of its own; the user names
			// it by its hash alone
			String document = "query Mine { users { totalCount } }";
			String extensions = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \""
					+ PersistedQuery.sha256(document) + "\"}}";
			String bearer = MockMvcRequests.bearerToken(this.mvc, "Default", "admin", "123qwe");
			assertThat(body(MockMvcRequests
				.postJson(this.mvc, "/graphql", "{\"query\": \"" + document + "\", \"extensions\": " + extensions + "}")
				.header("Authorization", bearer)
				.exchange())).contains("\"totalCount\":2");
			String user = MockMvcRequests.bearerToken(this.mvc, "Default", "jdoe", "123qwe");
			String neverSent = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \""
					+ PersistedQuery.sha256("query Never { greeting }") + "\"}}";
			JSONAssert.assertEquals(
					body(MockMvcRequests.postJson(this.mvc, "/graphql", "{\"extensions\": " + neverSent + "}")
						.header("Authorization", user)
						.exchange()),
					body(MockMvcRequests.postJson(this.mvc, "/graphql", "{\"extensions\": " + extensions + "}")
						.header("Authorization", user)
						.exchange()),
					JSONCompareMode.STRICT);
			// the same over GET, where the hash alone comes in the extensions parameter
			String getByHash = "/graphql?extensions=" + UriUtils.encodeQueryParam(extensions, StandardCharsets.UTF_8);
			String getNeverSent = "/graphql?extensions=" + UriUtils.encodeQueryParam(neverSent, StandardCharsets.UTF_8);
			JSONAssert.assertEquals(
					body(this.mvc.get().uri(URI.create(getNeverSent)).header("Authorization", user).exchange()),
					body(this.mvc.get().uri(URI.create(getByHash)).header("Authorization", user).exchange()),
					JSONCompareMode.STRICT);
			assertThat(body(this.mvc.get().uri(URI.create(getByHash)).header("Authorization", bearer).exchange()))
				.as("the administrator's own document, by hash over GET")
				.contains("\"totalCount\":2");
			// a registered document, named by its id, answers the user as an id that
			// names none
			JSONAssert
				.assertEquals(
						"""
								{"errors": [{"message": "No document is registered with documentId sha256:%s.",
								  "locations": [], "path": [], "extensions": {"code": "PERSISTED_DOCUMENT_NOT_FOUND"}}]}"""
							.formatted(PersistedQuery.sha256("query Secret { secret }")),
						body(MockMvcRequests
							.postJson(this.mvc, "/graphql",
									"{\"documentId\": \"sha256:" + PersistedQuery.sha256("query Secret { secret }")
											+ "\"}")
							.header("Authorization", user)
							.exchange()),
						JSONCompareMode.STRICT);
			assertThat(body(MockMvcRequests
				.postJson(this.mvc, "/graphql",
						"{\"documentId\": \"sha256:" + PersistedQuery.sha256("query Secret { secret }") + "\"}")
				.header("Authorization", bearer)
				.exchange())).isEqualTo("{\"data\":{\"secret\":\"42\"}}");
		}

		@Test
		void shouldPrintEachCallerItsSchema() {
			String user = body(this.mvc.get()
				.uri("/graphql/schema")
				.header("Authorization", MockMvcRequests.bearerToken(this.mvc, "Default", "jdoe", "123qwe"))
				.exchange());
			assertThat(user)
				.contains("type Query {", "greeting(name: String): String!", "failing(kind: String!): String")
				.doesNotContain("users", "UserPagedResult", "secret", "roles", "Role", "organizationUnits",
						"OrganizationUnit", "DateTime", "UserConnection", "PageInfo");
			String admin = body(this.mvc.get()
				.uri("/graphql/schema")
				.header("Authorization", MockMvcRequests.bearerToken(this.mvc, "Default", "admin", "123qwe"))
				.exchange());
			assertThat(admin).contains("type Query {", "greeting(name: String): String!", "users(",
					"type UserPagedResult {", "secret: String", "type Role {", "usersConnection(",
					"type UserConnection {", "type PageInfo {");
		}

	}

	@Nested
	@SpringBootTest(classes = { TestHostApplication.class, WrappingInstrumentation.class },
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"graphql.introspection=everyone" })
	@AutoConfigureMockMvc
	class BehindAHostInstrumentation {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldStillShowEachCallerItsOwnSchema() throws JSONException {
			assertFields(this.mvc, "tenant user", OPEN_FIELDS);
			assertFields(this.mvc, "tenant admin", ALL_FIELDS);
			JSONAssert.assertEquals("""
					{"data": {"__type": null}}""",
					body(graphQl(this.mvc, "{ __type(name: \"UserPagedResult\") { name } }", "tenant user").exchange()),
					JSONCompareMode.STRICT);
		}

	}

	/**
	 * A host's instrumentation, first in the chain, that wraps every data fetcher (as
	 * tracing and metrics libraries do) and hands graphql-java the whole schema whatever
	 * it was given.
	 */
	@Configuration(proxyBeanMethods = false)
	static class WrappingInstrumentation {

		@Bean
		@Order(Ordered.HIGHEST_PRECEDENCE)
		Instrumentation hostTracing() {
			return new SimplePerformantInstrumentation() {

				@Override
				public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> dataFetcher,
						InstrumentationFieldFetchParameters parameters, InstrumentationState state) {
					return (environment) -> dataFetcher.get(environment);
				}

				@Override
				public GraphQLSchema instrumentSchema(GraphQLSchema schema,
						InstrumentationExecutionParameters parameters, InstrumentationState state) {
					return parameters.getSchema();
				}

			};
		}

	}

	@Nested
	@SpringBootTest(classes = { TestHostApplication.class, WrappingInstrumentation.class },
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"graphql.schema.visibility=by-permission-as-missing" })
	@AutoConfigureMockMvc
	class AsMissingBehindAHostInstrumentation {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldStillRunEachCallerAgainstItsOwnSchema() throws JSONException {
			assertAnswersAsIfNothingWereThere(this.mvc);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"graphql.schema.visibility=by-permission-as-missing" })
	@AutoConfigureMockMvc
	class AsMissing {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldAnswerAHiddenFieldAsAFieldThatNeverExisted() throws JSONException {
			assertAnswersAsIfNothingWereThere(this.mvc);
		}

		@Test
		void shouldValidateAKeptDocumentAnewForACallerThatSeesAnotherSchema() throws JSONException {
			String document = "{ users { totalCount } }";
			String admin = body(graphQl(this.mvc, document, "tenant admin").exchange());
			JSONAssert.assertEquals("{\"data\": {\"users\": {\"totalCount\": 2}}}", admin, JSONCompareMode.STRICT);
			assertThat(body(graphQl(this.mvc, document, "tenant user").exchange()))
				.contains("Field 'users' in type 'Query' is undefined");
			assertThat(body(graphQl(this.mvc, document, "host admin").exchange())).contains("\"totalCount\":");
			assertThat(body(graphQl(this.mvc, "{ greeting }", "tenant user").exchange())).startsWith("{\"data\":");
			assertThat(body(graphQl(this.mvc, "{ greeting }", "tenant admin").exchange())).startsWith("{\"data\":");
		}

		@Test
		void shouldShowEachCallerTheSameFieldsAsByPermission() throws JSONException {
			assertFields(this.mvc, "tenant user", OPEN_FIELDS);
			assertFields(this.mvc, "tenant admin", ALL_FIELDS);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"graphql.schema.visibility=by-permission-as-missing", "graphql.queries.users.enabled=false" })
	@AutoConfigureMockMvc
	class MissingField {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldAnswerAsAFieldHiddenAsMissing() throws JSONException {
			assertAnswersAsIfNothingWereThere(this.mvc);
		}

	}

	@Nested
	@SpringBootTest(classes = TestHostApplication.class,
			properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
					"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
					"graphql.sign-in.token.signing-key=visibility-test-key-0123456789abcdef",
					"graphql.schema.visibility=ALL" })
	@AutoConfigureMockMvc
	class All {

		@Autowired
		private MockMvcTester mvc;

		@Test
		void shouldShowEveryFieldAndRefuseItWhenItRuns() throws JSONException {
			assertFields(this.mvc, "tenant user", ALL_FIELDS);
			JSONAssert.assertEquals(
					"""
							{"data": null, "errors": [{
							  "message": "Error trying to resolve users. Required permissions are not granted. At least one of these permissions must be granted: Users",
							  "locations": [{"line": 1, "column": 3}], "path": ["users"], "extensions": {"code": "SVC_AUTHORIZATION"}}]}""",
					body(graphQl(this.mvc, "{ users { totalCount } }", "tenant user").exchange()),
					JSONCompareMode.STRICT);
		}

	}

}
