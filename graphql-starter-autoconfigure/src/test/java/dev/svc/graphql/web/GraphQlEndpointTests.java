package dev.svc.graphql.web;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.util.UriUtils;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The endpoint's answers over HTTP, through the application's filters and security
 * chains.
 */
@SpringBootTest(classes = { TestHostApplication.class, TestHandlers.TreeConfiguration.class },
		properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-tree/",
				"graphql.identity.demo-data=true", "graphql.limits.max-query-depth=3",
				"graphql.limits.max-request-size=4KB", "graphql.introspection=everyone" })
@AutoConfigureMockMvc
class GraphQlEndpointTests {

	@Autowired
	private MockMvcTester mvc;

	private MockMvcRequestBuilder graphQl(String document) {
		return MockMvcRequests.graphQl(this.mvc, "/graphql", document);
	}

	private MockMvcRequestBuilder post(String contentType, String body) {
		return this.mvc.post().uri("/graphql").header("Content-Type", contentType).content(body);
	}

	@Test
	void shouldAnswerAQueryWithGraphQlResponseJson() {
		MvcTestResult response = graphQl("{ failing(kind: \"friendly\") }").exchange();
		assertThat(response).hasStatus(200);
		assertThat(response.getResponse().getContentType()).startsWith("application/graphql-response+json");
		assertThat(response).bodyJson().isStrictlyEqualTo("""
				{"data": {"failing": null}, "errors": [{
				  "message": "Error trying to resolve failing. It is too hot, come back at 20 degrees or less.",
				  "locations": [{"line": 1, "column": 3}],
				  "path": ["failing"],
				  "extensions": {"code": "TEMPERATURE_TOO_HIGH"}}]}""");
	}

	@Test
	void shouldAnswerLegacyJsonToClientsThatAskForIt() {
		MvcTestResult response = graphQl("{ nope }").header("Accept", "application/json").exchange();
		assertThat(response).hasStatus(200);
		assertThat(response.getResponse().getContentType()).startsWith("application/json");
		assertThat(response).bodyText().contains("GRAPHQL_VALIDATION_FAILED");
	}

	@Test
	void shouldTakeVariables() {
		MvcTestResult response = post("application/json",
				"{\"query\": \"query($n: String) { greeting(name: $n) }\", \"variables\": {\"n\": \"Ada\"}}")
			.exchange();
		assertThat(response).hasStatus(200);
		assertThat(body(response)).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ")
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldRunAnonymousCallsInTheTenantTheHeaderNames() {
		assertThat(body(graphQl("{ greeting }").header("Svc-TenantId", "2").exchange()))
			.endsWith(" for anonymous of tenant 2\"}}");
		assertThat(body(graphQl("{ greeting }").header("Svc-TenantId", " ").exchange()))
			.as("an empty header is no header")
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldRefuseAnAnonymousCallForATenantThatDoesNotExistOrIsNotActive() {
		MvcTestResult unknown = graphQl("{ greeting }").header("Svc-TenantId", "5").exchange();
		assertThat(unknown).hasStatus(400);
		assertThat(unknown).bodyJson().isStrictlyEqualTo("""
				{"errors": [{"message": "There is no active tenant with id 5.", "locations": [], "path": [],
				  "extensions": {"code": "BAD_REQUEST"}}]}""");
		MvcTestResult inactive = graphQl("{ greeting }").header("Svc-TenantId", "3").exchange();
		assertThat(inactive).hasStatus(400);
		assertThat(body(inactive)).isEqualTo(body(unknown).replace("id 5.", "id 3."));
		assertThat(body(graphQl("{ greeting }").header("Svc-TenantId", "five").exchange()))
			.contains("\"message\":\"The Svc-TenantId header must be a tenant's id, a whole number; it is 'five'.\"");
	}

	@Test
	void shouldNeverNameAnInactiveTenantToAnAnonymousCaller() {
		for (String accept : new String[] { "application/graphql-response+json", "application/json" }) {
			MvcTestResult response = graphQl("{ greeting }").header("Svc-TenantId", " 3 ")
				.header("Accept", accept)
				.exchange();
			assertThat(body(response)).as(accept)
				.contains("There is no active tenant with id 3.")
				.doesNotContainIgnoringCase("Closed");
		}
	}

	@Test
	void shouldRefuseAQueryDeeperThanTheLimitBeforeItRuns() {
		MvcTestResult response = graphQl("{ tree { child { child { name } } } }").exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson().isStrictlyEqualTo("""
				{"errors": [{"message": "The query's depth is 4, over the limit of 3 (graphql.limits.max-query-depth).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""");
		assertThat(body(graphQl("{ tree { child { name } } }").exchange()))
			.isEqualTo("{\"data\":{\"tree\":{\"child\":{\"name\":\"root/child\"}}}}");
	}

	@Test
	void shouldNotCountTheIntrospectionSystemTowardsTheDepth() {
		MvcTestResult response = graphQl("{ __schema { types { fields { type { ofType { ofType { name } } } } } } }")
			.exchange();
		assertThat(response).hasStatus(200);
		assertThat(body(response)).startsWith("{\"data\":{\"__schema\":");
	}

	@Test
	void shouldRefuseAFanOutOfFragmentsByItsExpandedSize() {
		StringBuilder document = new StringBuilder("{ ...F0 }");
		for (int i = 0; i < 30; i++) {
			document.append(" fragment F")
				.append(i)
				.append(" on Query { ...F")
				.append(i + 1)
				.append(" ...F")
				.append(i + 1)
				.append(" }");
		}
		document.append(" fragment F30 on Query { greeting }");
		MvcTestResult response = graphQl(document.toString()).exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"errors": [{"message": "The query's number of fields, fragments expanded, is 1073741824, over the limit of 5000 (graphql.limits.max-cost).",
							  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""");
	}

	@Test
	void shouldRefuseTooManyAliases() {
		StringBuilder document = new StringBuilder("{");
		for (int i = 0; i < 16; i++) {
			document.append(" a").append(i).append(": greeting");
		}
		MvcTestResult response = graphQl(document.append(" }").toString()).exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("\"code\":\"QUERY_TOO_COMPLEX\"")
			.contains("The query's number of aliases, fragments expanded, is 16, over the limit of 15.");
	}

	@Test
	void shouldRefuseTooManyTokensWhileParsing() {
		// "a:b" is three tokens in three characters: over the token limit within the
		// length limit
		MvcTestResult response = graphQl("{" + "a:b ".repeat(340) + "}").exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("\"code\":\"QUERY_TOO_LARGE\"")
			.contains(
					"The query's number of tokens is more than 1000, over the limit of 1000 (graphql.limits.max-tokens).");
	}

	@Test
	void shouldRefuseABodyOverTheSizeLimitBeforeReadingIt() {
		MvcTestResult response = post("application/json",
				"{\"query\": \"{ greeting }\", \"variables\": {\"pad\": \"" + "x".repeat(5000) + "\"}}")
			.exchange();
		assertThat(response).hasStatus(413);
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"errors": [{"message": "The request body's size is 5051 bytes, over the limit of 4096 bytes (graphql.limits.max-request-size).",
							  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_LARGE"}}]}""");
	}

	@Test
	void shouldReportASyntaxErrorAsParseFailed() {
		MvcTestResult response = graphQl("{ greeting(").exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson().isLenientlyEqualTo("""
				{"errors": [{"locations": [{"line": 1, "column": 12}], "path": [],
				  "extensions": {"code": "GRAPHQL_PARSE_FAILED"}}]}""");
		assertThat(body(response)).contains("Invalid syntax");
	}

	@Test
	void shouldReportAnUnknownFieldAsValidationFailed() {
		MvcTestResult response = graphQl("{ nope }").exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson().isLenientlyEqualTo("""
				{"errors": [{"locations": [{"line": 1, "column": 3}], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""");
		assertThat(body(response)).contains("Field 'nope' in type 'Query' is undefined");
	}

	@Test
	void shouldReportAWrongArgumentTypeAsValidationFailed() {
		MvcTestResult response = graphQl("{ greeting(name: 5) }").exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("GRAPHQL_VALIDATION_FAILED").contains("name");
	}

	@Test
	void shouldReportAWrongVariableTypeAsValidationFailed() {
		MvcTestResult response = post("application/json",
				"{\"query\": \"query($n: String) { greeting(name: $n) }\", \"variables\": {\"n\": {\"a\": 1}}}")
			.exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("GRAPHQL_VALIDATION_FAILED");
	}

	@Test
	void shouldRefuseMalformedJsonWithAClearMessage() {
		MvcTestResult response = post("application/json", "{\"query\": ").exchange();
		assertThat(response).hasStatus(400);
		assertThat(response).bodyJson()
			.isStrictlyEqualTo(
					"""
							{"errors": [{"message": "The request body is not a valid GraphQL request. Send a POST with Content-Type application/json and a JSON object body: {\\"query\\": \\"...\\", \\"variables\\": {...}, \\"operationName\\": \\"...\\"} where only query is required, or a query as a GET with the same members as parameters.",
							  "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}""");
	}

	@Test
	void shouldRefuseABodyWithoutQuery() {
		MvcTestResult response = post("application/json", "{\"variables\": {}}").exchange();
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("BAD_REQUEST").contains("only query is required");
	}

	@Test
	void shouldRefuseOtherContentTypes() {
		MvcTestResult response = post("text/plain", "{\"query\": \"{ secret }\"}").exchange();
		assertThat(response).hasStatus(415);
		assertThat(body(response)).contains("BAD_REQUEST")
			.contains("Content-Type text/plain")
			.contains("is not supported");
	}

	@Test
	void shouldRunAQuerySentWithGet() {
		MvcTestResult response = get("/graphql?query=" + encode("query($n: String) { greeting(name: $n) }")
				+ "&variables=" + encode("{\"n\": \"Ada\"}"));
		assertThat(response).hasStatus(200);
		assertThat(response.getResponse().getContentType()).startsWith("application/graphql-response+json");
		assertThat(body(response)).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
	}

	@Test
	void shouldRefuseAMutationSentWithGet() {
		MvcTestResult response = get("/graphql?query=" + encode("mutation { greeting }"));
		assertThat(response).hasStatus(405);
		assertThat(response.getResponse().getHeader("Allow")).isEqualTo("POST");
		assertThat(response).bodyJson().isStrictlyEqualTo("""
				{"errors": [{"message": "Only queries run with GET: send mutations and subscriptions with POST.",
				  "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}""");
	}

	@Test
	void shouldRefuseAGetWithoutQueryOrWithBadVariables() {
		assertThat(get("/graphql")).hasStatus(400);
		MvcTestResult badVariables = get("/graphql?query=%7Bgreeting%7D&variables=" + encode("[1]"));
		assertThat(badVariables).hasStatus(400);
		assertThat(body(badVariables)).contains("must be JSON objects");
	}

	@Test
	void shouldRefuseOtherMethodsWithMethodNotAllowed() {
		MvcTestResult response = this.mvc.put()
			.uri("/graphql")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"query\": \"{ greeting }\"}")
			.exchange();
		assertThat(response).hasStatus(405);
		assertThat(response.getResponse().getHeader("Allow")).isEqualTo("GET,POST");
		assertThat(body(response)).contains("Method PUT is not supported");
	}

	@Test
	void shouldRefuseABodyThatIsNotAnObject() {
		for (String body : new String[] { "null", "[]", "\"query\"", "42" }) {
			MvcTestResult response = post("application/json", body).exchange();
			assertThat(response).as(body).hasStatus(400);
			assertThat(body(response)).as(body).contains("\"code\":\"BAD_REQUEST\"");
		}
	}

	@Test
	void shouldRefuseAContentTypeItCannotParse() {
		MvcTestResult response = post("application/json, text/plain", "{\"query\": \"{ greeting }\"}").exchange();
		assertThat(response).hasStatus(415);
		assertThat(body(response)).contains("\"code\":\"BAD_REQUEST\"").contains("is not supported");
	}

	@Test
	void shouldRefuseAQueryOverTheLengthLimitBeforeParsingIt() {
		// by GET: a body this long is refused before it is read (413)
		MvcTestResult response = get("/graphql?query=" + encode("{ greeting " + " ".repeat(4096) + "}"));
		assertThat(response).hasStatus(400);
		assertThat(body(response)).contains("QUERY_TOO_LARGE")
			.contains(
					"The query's length is 4108 characters, over the limit of 4096 (graphql.limits.max-request-size).");
	}

	@Test
	void shouldRefuseAHugeBodyWithoutFailing() {
		assertThat(graphQl("{ greeting }" + "#".repeat(5_000_000)).exchange()).hasStatus(413);
	}

	// already encoded: a URI template would encode it again
	private MvcTestResult get(String pathAndQuery) {
		return this.mvc.get().uri(URI.create(pathAndQuery)).exchange();
	}

	private static String encode(String text) {
		return UriUtils.encode(text, StandardCharsets.UTF_8);
	}

}
