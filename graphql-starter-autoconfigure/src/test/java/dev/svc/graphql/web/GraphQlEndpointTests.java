package dev.svc.graphql.web;

import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.test.HttpTestClient;
import dev.svc.graphql.test.HttpTestClient.Response;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

import static org.assertj.core.api.Assertions.assertThat;

@SpringBootTest(classes = { TestHostApplication.class, TestHandlers.TreeConfiguration.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-tree/",
				"graphql.identity.demo-data=true", "graphql.limits.max-query-length=2000",
				"graphql.limits.max-query-depth=3", "graphql.limits.max-request-size=4KB",
				"graphql.introspection=everyone" })
class GraphQlEndpointTests {

	@LocalServerPort
	private int port;

	private HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	@Test
	void shouldAnswerAQueryWithGraphQlResponseJson() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ secret }");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.header("Content-Type")).startsWith("application/graphql-response+json");
		JSONAssert.assertEquals("""
				{"data": null, "errors": [{
				  "message": "Error trying to resolve secret. Current user did not login to the application!",
				  "locations": [{"line": 1, "column": 3}],
				  "path": ["secret"],
				  "extensions": {"code": "SVC_AUTHORIZATION"}}]}""", response.body(), JSONCompareMode.STRICT);
	}

	@Test
	void shouldAnswerLegacyJsonToClientsThatAskForIt() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ nope }", "Accept", "application/json");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.header("Content-Type")).startsWith("application/json");
		assertThat(response.body()).contains("GRAPHQL_VALIDATION_FAILED");
	}

	@Test
	void shouldTakeVariables() throws Exception {
		Response response = this.http.post("/graphql", "application/json",
				"{\"query\": \"query($n: String) { greeting(name: $n) }\", \"variables\": {\"n\": \"Ada\"}}");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ")
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldRunAnonymousCallsInTheTenantTheHeaderNames() {
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "2").body())
			.endsWith(" for anonymous of tenant 2\"}}");
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", " ").body())
			.as("an empty header is no header")
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldRefuseAnAnonymousCallForATenantThatDoesNotExistOrIsNotActive() throws Exception {
		Response unknown = this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "5");
		assertThat(unknown.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "There is no active tenant with id 5.", "locations": [], "path": [],
				  "extensions": {"code": "BAD_REQUEST"}}]}""", unknown.body(), JSONCompareMode.STRICT);
		Response inactive = this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "3");
		assertThat(inactive.status()).isEqualTo(400);
		assertThat(inactive.body()).isEqualTo(unknown.body().replace("id 5.", "id 3."));
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "five").body())
			.contains("\"message\":\"The Svc-TenantId header must be a tenant's id, a whole number; it is 'five'.\"");
	}

	@Test
	void shouldNeverNameAnInactiveTenantToAnAnonymousCaller() {
		for (String accept : new String[] { "application/graphql-response+json", "application/json" }) {
			Response response = this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", " 3 ", "Accept", accept);
			assertThat(response.body()).as(accept).contains("There is no active tenant with id 3.")
				.doesNotContainIgnoringCase("Closed");
		}
	}

	@Test
	void shouldRefuseAQueryDeeperThanTheLimitBeforeItRuns() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ tree { child { child { name } } } }");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The query's depth is 4, over the limit of 3 (graphql.limits.max-query-depth).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""", response.body(),
				JSONCompareMode.STRICT);
		assertThat(this.http.graphQl("/graphql", "{ tree { child { name } } }").body())
			.isEqualTo("{\"data\":{\"tree\":{\"child\":{\"name\":\"root/child\"}}}}");
	}

	@Test
	void shouldNotCountTheIntrospectionSystemTowardsTheDepth() {
		Response response = this.http.graphQl("/graphql",
				"{ __schema { types { fields { type { ofType { ofType { name } } } } } } }");
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.body()).startsWith("{\"data\":{\"__schema\":");
	}

	@Test
	void shouldRefuseAFanOutOfFragmentsByItsExpandedSize() throws Exception {
		StringBuilder document = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 30; i++) {
			document.append(" fragment F").append(i).append(" on Query { ...F").append(i + 1).append(" ...F").append(i + 1)
				.append(" }");
		}
		document.append(" fragment F30 on Query { greeting }");
		Response response = this.http.graphQl("/graphql", document.toString());
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The query's number of fields, fragments expanded, is 1073741824, over the limit of 5000 (graphql.limits.max-fields).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""", response.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseTooManyAliases() throws Exception {
		StringBuilder document = new StringBuilder("{");
		for (int i = 0; i < 16; i++) {
			document.append(" a").append(i).append(": greeting");
		}
		Response response = this.http.graphQl("/graphql", document.append(" }").toString());
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("\"code\":\"QUERY_TOO_COMPLEX\"")
			.contains("The query's number of aliases, fragments expanded, is 16, over the limit of 15 (graphql.limits.max-aliases).");
	}

	@Test
	void shouldRefuseTooManyTokensWhileParsing() throws Exception {
		// "a:b" is three tokens in three characters: over the token limit within the length limit
		Response response = this.http.graphQl("/graphql", "{" + "a:b ".repeat(340) + "}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("\"code\":\"QUERY_TOO_LARGE\"")
			.contains("The query's number of tokens is more than 1000, over the limit of 1000 (graphql.limits.max-tokens).");
	}

	@Test
	void shouldRefuseABodyOverTheSizeLimitBeforeReadingIt() throws Exception {
		Response response = this.http.post("/graphql", "application/json",
				"{\"query\": \"{ greeting }\", \"variables\": {\"pad\": \"" + "x".repeat(5000) + "\"}}");
		assertThat(response.status()).isEqualTo(413);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The request body's size is 5051 bytes, over the limit of 4096 bytes (graphql.limits.max-request-size).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_LARGE"}}]}""", response.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseABodyOfUnknownLengthOnceItPassesTheLimit() {
		Response response = this.http.postStreaming("/graphql", "application/json",
				"{\"query\": \"{ greeting }\", \"variables\": {\"pad\": \"" + "x".repeat(50_000) + "\"}}");
		assertThat(response.status()).isEqualTo(413);
		assertThat(response.body()).contains("more than 4096 bytes");
	}

	@Test
	void shouldReportASyntaxErrorAsParseFailed() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting(");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"locations": [{"line": 1, "column": 12}], "path": [],
				  "extensions": {"code": "GRAPHQL_PARSE_FAILED"}}]}""", response.body(), JSONCompareMode.LENIENT);
		assertThat(response.body()).contains("Invalid syntax");
	}

	@Test
	void shouldReportAnUnknownFieldAsValidationFailed() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ nope }");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"locations": [{"line": 1, "column": 3}], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""", response.body(), JSONCompareMode.LENIENT);
		assertThat(response.body()).contains("Field 'nope' in type 'Query' is undefined");
	}

	@Test
	void shouldReportAWrongArgumentTypeAsValidationFailed() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting(name: 5) }");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("GRAPHQL_VALIDATION_FAILED").contains("name");
	}

	@Test
	void shouldReportAWrongVariableTypeAsValidationFailed() throws Exception {
		Response response = this.http.post("/graphql", "application/json",
				"{\"query\": \"query($n: String) { greeting(name: $n) }\", \"variables\": {\"n\": {\"a\": 1}}}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("GRAPHQL_VALIDATION_FAILED");
	}

	@Test
	void shouldRefuseMalformedJsonWithAClearMessage() throws Exception {
		Response response = this.http.post("/graphql", "application/json", "{\"query\": ");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The request body is not a valid GraphQL request. Send a POST with Content-Type application/json and a JSON object body: {\\"query\\": \\"...\\", \\"variables\\": {...}, \\"operationName\\": \\"...\\"} where only query is required, or a query as a GET with the same members as parameters.",
				  "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}""", response.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseABodyWithoutQuery() throws Exception {
		Response response = this.http.post("/graphql", "application/json", "{\"variables\": {}}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("BAD_REQUEST").contains("only query is required");
	}

	@Test
	void shouldRefuseOtherContentTypes() throws Exception {
		Response response = this.http.post("/graphql", "text/plain", "{\"query\": \"{ secret }\"}");
		assertThat(response.status()).isEqualTo(415);
		assertThat(response.body()).contains("BAD_REQUEST").contains("Content-Type text/plain").contains("is not supported");
	}

	@Test
	void shouldRunAQuerySentWithGet() throws Exception {
		Response response = this.http.get("/graphql?query=" + encode("query($n: String) { greeting(name: $n) }")
				+ "&variables=" + encode("{\"n\": \"Ada\"}"));
		assertThat(response.status()).isEqualTo(200);
		assertThat(response.header("Content-Type")).startsWith("application/graphql-response+json");
		assertThat(response.body()).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
	}

	@Test
	void shouldRefuseAMutationSentWithGet() throws Exception {
		Response response = this.http.get("/graphql?query=" + encode("mutation { greeting }"));
		assertThat(response.status()).isEqualTo(405);
		assertThat(response.header("Allow")).isEqualTo("POST");
		JSONAssert.assertEquals("""
				{"errors": [{"message": "Only queries run with GET: send mutations and subscriptions with POST.",
				  "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}""", response.body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseAGetWithoutQueryOrWithBadVariables() {
		assertThat(this.http.get("/graphql").status()).isEqualTo(400);
		Response badVariables = this.http.get("/graphql?query=%7Bgreeting%7D&variables=" + encode("[1]"));
		assertThat(badVariables.status()).isEqualTo(400);
		assertThat(badVariables.body()).contains("must be JSON objects");
	}

	@Test
	void shouldRefuseOtherMethodsWithMethodNotAllowed() {
		Response response = this.http.send("PUT", "/graphql", "application/json", "{\"query\": \"{ greeting }\"}");
		assertThat(response.status()).isEqualTo(405);
		assertThat(response.header("Allow")).isEqualTo("GET,POST");
		assertThat(response.body()).contains("Method PUT is not supported");
	}

	@Test
	void shouldRefuseABodyThatIsNotAnObject() {
		for (String body : new String[] { "null", "[]", "\"query\"", "42" }) {
			Response response = this.http.post("/graphql", "application/json", body);
			assertThat(response.status()).as(body).isEqualTo(400);
			assertThat(response.body()).as(body).contains("\"code\":\"BAD_REQUEST\"");
		}
	}

	@Test
	void shouldRefuseAContentTypeItCannotParse() {
		Response response = this.http.post("/graphql", "application/json, text/plain", "{\"query\": \"{ greeting }\"}");
		assertThat(response.status()).isEqualTo(415);
		assertThat(response.body()).contains("\"code\":\"BAD_REQUEST\"").contains("is not supported");
	}

	private static String encode(String text) {
		return java.net.URLEncoder.encode(text, java.nio.charset.StandardCharsets.UTF_8);
	}

	@Test
	void shouldRefuseAQueryOverTheLengthLimitBeforeParsingIt() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting " + " ".repeat(2000) + "}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("QUERY_TOO_LARGE")
			.contains("The query's length is 2012 characters, over the limit of 2000 (graphql.limits.max-query-length).");
	}

	@Test
	void shouldRefuseAHugeBodyWithoutFailing() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting }" + "#".repeat(5_000_000));
		assertThat(response.status()).isEqualTo(413);
	}

}
