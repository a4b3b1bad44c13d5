package dev.svc.graphql.persisted;

import java.net.URI;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.util.UriUtils;

import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Automatic persisted queries over HTTP, POST and GET, through the application's filters
 * and security chains, as Apollo Client's persisted-queries link and urql's persisted
 * exchange send them: a hash the server does not know answers
 * {@code PersistedQueryNotFound}, the client sends the text with the hash, and from then
 * on the hash alone runs the text. (The same application as
 * {@code GraphQlEndpointTests}'.)
 */
@SpringBootTest(classes = { TestHostApplication.class, TestHandlers.TreeConfiguration.class },
		properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-tree/",
				"graphql.identity.demo-data=true", "graphql.limits.max-query-depth=3",
				"graphql.limits.max-request-size=4KB", "graphql.introspection=everyone" })
@AutoConfigureMockMvc
class PersistedQueriesTests {

	private static final String NOT_FOUND = """
			{"errors": [{"message": "PersistedQueryNotFound", "locations": [], "path": [],
			  "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]}""";

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldRunADocumentNamedByItsHashOnceItsTextCameWithItOverPost() throws Exception {
		String query = "query Post($n: String) { greeting(name: $n) }";
		String variables = "{\"n\": \"Ada\"}";
		assertNotFound(post(null, extensions(PersistedQuery.sha256(query)), variables));

		MvcTestResult withText = post(query, extensions(PersistedQuery.sha256(query)), variables);
		assertThat(withText).hasStatus(200);
		assertThat(body(withText)).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
		MvcTestResult byHash = post(null, extensions(PersistedQuery.sha256(query)), variables);
		assertThat(byHash).hasStatus(200);
		assertThat(anyInstance(body(byHash))).isEqualTo(anyInstance(body(withText)));
		assertThat(anyInstance(
				body(post(null, extensions(PersistedQuery.sha256(query).toUpperCase()), "{\"n\": \"Bob\"}"))))
			.as("the hash in capitals, other variables")
			.isEqualTo(anyInstance(body(withText)).replace("Ada", "Bob"));
	}

	@Test
	void shouldRunADocumentNamedByItsHashOverGet() throws Exception {
		String query = "query Get($n: String) { greeting(name: $n) }";
		String hash = PersistedQuery.sha256(query);
		String get = "/graphql?extensions=" + encode(extensions(hash)) + "&variables=" + encode("{\"n\": \"Ada\"}");
		assertNotFound(get(get));

		MvcTestResult withText = post(query, extensions(hash), "{\"n\": \"Ada\"}");
		assertThat(withText).hasStatus(200);
		MvcTestResult byHash = get(get);
		assertThat(byHash).hasStatus(200);
		assertThat(byHash.getResponse().getContentType()).startsWith("application/graphql-response+json");
		assertThat(anyInstance(body(byHash))).isEqualTo(anyInstance(body(withText)));
		assertThat(anyInstance(body(get(get + "&operationName=Get")))).isEqualTo(anyInstance(body(withText)));
	}

	@Test
	void shouldLetCachesKeepAnAnonymousAnswerOverGetAndRevalidateIt() {
		String query = "{ cached: tree { name } }";
		assertThat(post(query, extensions(PersistedQuery.sha256(query)), null)).hasStatus(200);
		String get = "/graphql?extensions=" + encode(extensions(PersistedQuery.sha256(query)));
		MvcTestResult cacheable = get(get);
		assertThat(cacheable).hasStatus(200).bodyText().isEqualTo("{\"data\":{\"cached\":{\"name\":\"root\"}}}");
		assertThat(cacheable).headers()
			.hasValue("Cache-Control", "public, max-age=60")
			.doesNotContainHeader("Pragma")
			.doesNotContainHeader("Expires");
		String etag = cacheable.getResponse().getHeader("ETag");
		MvcTestResult notModified = get(get, "If-None-Match", etag);
		assertThat(notModified).hasStatus(304).bodyText().isEmpty();
		assertThat(notModified).headers().hasValue("ETag", etag);
	}

	@Test
	void shouldAnswerAnUnknownHashWith200ToClientsThatAskForLegacyJson() throws Exception {
		MvcTestResult unknown = postJson(this.mvc, "/graphql",
				"{\"extensions\": " + extensions(PersistedQuery.sha256("{ legacy: greeting }")) + "}")
			.header("Accept", "application/json")
			.exchange();
		assertThat(unknown).hasStatus(200);
		assertThat(unknown.getResponse().getContentType()).startsWith("application/json");
		JSONAssert.assertEquals(NOT_FOUND, body(unknown), JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseATextThatIsNotTheOneItsHashNamesAndKeepNeither() throws Exception {
		String claimed = "{ claimed: greeting }";
		String sent = "{ sent: greeting }";
		MvcTestResult mismatch = post(sent, extensions(PersistedQuery.sha256(claimed)), null);
		assertThat(mismatch).hasStatus(400);
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "extensions.persistedQuery.sha256Hash %s is not the SHA-256 hash of the query's text (UTF-8).",
						  "locations": [], "path": [], "extensions": {"code": "PERSISTED_QUERY_HASH_MISMATCH"}}]}"""
					.formatted(PersistedQuery.sha256(claimed)),
				body(mismatch), JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, body(post(null, extensions(PersistedQuery.sha256(claimed)), null)),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, body(post(null, extensions(PersistedQuery.sha256(sent)), null)),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldPutATextThatComesWithItsHashThroughEveryLimitAndKeepOnlyWhatPassed() throws Exception {
		String tooDeep = "{ tree { child { child { name } } } }";
		MvcTestResult refused = post(tooDeep, extensions(PersistedQuery.sha256(tooDeep)), null);
		assertThat(refused).hasStatus(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The query's depth is 4, over the limit of 3 (graphql.limits.max-query-depth).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""", body(refused),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, body(post(null, extensions(PersistedQuery.sha256(tooDeep)), null)),
				JSONCompareMode.STRICT);

		String invalid = "{ persistedNope }";
		MvcTestResult notValid = post(invalid, extensions(PersistedQuery.sha256(invalid)), null);
		assertThat(notValid).hasStatus(400).bodyText().contains("GRAPHQL_VALIDATION_FAILED");
		JSONAssert.assertEquals(NOT_FOUND, body(post(null, extensions(PersistedQuery.sha256(invalid)), null)),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseAPersistedQueryOfAnotherVersionOrWithoutAHash() throws Exception {
		String hash = PersistedQuery.sha256("{ greeting }");
		assertBadRequest(post(null, "{\"persistedQuery\": {\"version\": 2, \"sha256Hash\": \"" + hash + "\"}}", null),
				"extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.");
		assertBadRequest(post("{ greeting }", "{\"persistedQuery\": {\"sha256Hash\": \"" + hash + "\"}}", null),
				"extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.");
		String noHash = "extensions.persistedQuery.sha256Hash must be the SHA-256 hash of the query's text (UTF-8), "
				+ "64 hexadecimal digits, with or without the prefix sha256:.";
		assertBadRequest(post(null, "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"<script>\"}}", null),
				noHash);
		assertBadRequest(post(null, "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": 42}}", null), noHash);
		assertBadRequest(post(null, "{\"persistedQuery\": \"" + hash + "\"}", null),
				"extensions.persistedQuery must be an object: {\"version\": 1, \"sha256Hash\": \"...\"}.");
		assertBadRequest(
				get("/graphql?extensions="
						+ encode("{\"persistedQuery\": {\"version\": 2, \"sha256Hash\": \"" + hash + "\"}}")),
				"extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.");
	}

	@Test
	void shouldTakeTheMembersAClientAddsToAPersistedQuery() {
		String query = "{ urql: greeting }";
		String retry = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(query)
				+ "\", \"miss\": true}}";
		assertThat(body(post(query, retry, null))).startsWith("{\"data\":{\"urql\":\"Hello ");
	}

	private void assertNotFound(MvcTestResult response) throws Exception {
		assertThat(response).hasStatus(400);
		assertThat(response.getResponse().getContentType()).startsWith("application/graphql-response+json");
		JSONAssert.assertEquals(NOT_FOUND, body(response), JSONCompareMode.STRICT);
	}

	private void assertBadRequest(MvcTestResult response, String message) throws Exception {
		assertThat(response).hasStatus(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": %s, "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}"""
			.formatted(json(message)), body(response), JSONCompareMode.STRICT);
	}

	private MvcTestResult get(String pathAndQuery, String... headers) {
		MockMvcRequestBuilder request = this.mvc.get().uri(URI.create(pathAndQuery));
		for (int i = 0; i < headers.length; i += 2) {
			request.header(headers[i], headers[i + 1]);
		}
		return request.exchange();
	}

	private MvcTestResult post(String query, String extensions, String variables) {
		StringBuilder body = new StringBuilder("{\"extensions\": ").append(extensions);
		if (query != null) {
			body.append(", \"query\": ").append(json(query));
		}
		if (variables != null) {
			body.append(", \"variables\": ").append(variables);
		}
		return postJson(this.mvc, "/graphql", body.append("}").toString()).exchange();
	}

	private static String extensions(String sha256Hash) {
		return "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + sha256Hash + "\"}}";
	}

	/**
	 * The greeting names the instance of its handler, a new one for each use.
	 */
	private static String anyInstance(String body) {
		return body.replaceAll("from instance \\d+ ", "from instance N ");
	}

	/**
	 * A query parameter's value, encoded as browsers' {@code encodeURIComponent} does.
	 */
	private static String encode(String text) {
		return UriUtils.encode(text, StandardCharsets.UTF_8);
	}

}
