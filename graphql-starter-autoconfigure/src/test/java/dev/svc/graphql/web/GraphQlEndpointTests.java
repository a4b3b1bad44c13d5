package dev.svc.graphql.web;

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

@SpringBootTest(classes = TestHostApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true",
				"graphql.limits.max-query-length=2000", "graphql.limits.max-query-depth=3" })
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
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "5").body())
			.endsWith(" for anonymous of tenant 5\"}}");
		assertThat(this.http.graphQl("/graphql", "{ greeting }", "Svc-TenantId", "five").body())
			.endsWith(" for anonymous\"}}");
	}

	@Test
	void shouldRefuseAQueryDeeperThanTheLimit() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ __schema { types { fields { type { name } } } } }");
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "maximum query depth exceeded 5 > 3", "locations": [], "path": [],
				  "extensions": {"code": "GRAPHQL_VALIDATION_FAILED"}}]}""", response.body(), JSONCompareMode.LENIENT);
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
				{"errors": [{"message": "The request body is not a valid GraphQL request. Send a POST with Content-Type application/json and a JSON object body: {\\"query\\": \\"...\\", \\"variables\\": {...}, \\"operationName\\": \\"...\\"} where only query is required.",
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
	void shouldRefuseGetWithMethodNotAllowed() throws Exception {
		Response response = this.http.get("/graphql?query=%7Bsecret%7D");
		assertThat(response.status()).isEqualTo(405);
		assertThat(response.header("Allow")).isEqualTo("POST");
		assertThat(response.body()).contains("Method GET is not supported");
	}

	@Test
	void shouldRefuseAQueryOverTheLengthLimitBeforeParsingIt() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting " + " ".repeat(2000) + "}");
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.body()).contains("BAD_REQUEST").contains("at most 2000 are allowed");
	}

	@Test
	void shouldRefuseAHugeBodyWithoutFailing() throws Exception {
		Response response = this.http.graphQl("/graphql", "{ greeting }" + "#".repeat(5_000_000));
		assertThat(response.status()).isBetween(400, 499);
	}

}
