package dev.svc.graphql.persisted;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

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

/**
 * Automatic persisted queries over real HTTP, POST and GET, as Apollo Client's
 * persisted-queries link and urql's persisted exchange send them: a hash the server does
 * not know answers {@code PersistedQueryNotFound}, the client sends the text with the
 * hash, and from then on the hash alone runs the text. (The same application as
 * {@code GraphQlEndpointTests}'.)
 */
@SpringBootTest(classes = { TestHostApplication.class, TestHandlers.TreeConfiguration.class },
		webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "graphql.enabled=true",
				"spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-tree/",
				"graphql.identity.demo-data=true", "graphql.limits.max-query-depth=3",
				"graphql.limits.max-request-size=4KB", "graphql.introspection=everyone" })
class PersistedQueriesTests {

	private static final String NOT_FOUND = """
			{"errors": [{"message": "PersistedQueryNotFound", "locations": [], "path": [],
			  "extensions": {"code": "PERSISTED_QUERY_NOT_FOUND"}}]}""";

	@LocalServerPort
	private int port;

	private HttpTestClient http;

	@BeforeEach
	void client() {
		this.http = new HttpTestClient(this.port);
	}

	@Test
	void shouldRunADocumentNamedByItsHashOnceItsTextCameWithItOverPost() throws Exception {
		String query = "query Post($n: String) { greeting(name: $n) }";
		String variables = "{\"n\": \"Ada\"}";
		assertNotFound(post(null, extensions(PersistedQuery.sha256(query)), variables));

		Response withText = post(query, extensions(PersistedQuery.sha256(query)), variables);
		assertThat(withText.status()).isEqualTo(200);
		assertThat(withText.body()).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
		Response byHash = post(null, extensions(PersistedQuery.sha256(query)), variables);
		assertThat(byHash.status()).isEqualTo(200);
		assertThat(anyInstance(byHash.body())).isEqualTo(anyInstance(withText.body()));
		assertThat(anyInstance(
				post(null, extensions(PersistedQuery.sha256(query).toUpperCase()), "{\"n\": \"Bob\"}").body()))
			.as("the hash in capitals, other variables")
			.isEqualTo(anyInstance(withText.body()).replace("Ada", "Bob"));
	}

	@Test
	void shouldRunADocumentNamedByItsHashOverGet() throws Exception {
		String query = "query Get($n: String) { greeting(name: $n) }";
		String hash = PersistedQuery.sha256(query);
		String get = "/graphql?extensions=" + encode(extensions(hash)) + "&variables=" + encode("{\"n\": \"Ada\"}");
		assertNotFound(this.http.get(get));

		Response withText = post(query, extensions(hash), "{\"n\": \"Ada\"}");
		assertThat(withText.status()).isEqualTo(200);
		Response byHash = this.http.get(get);
		assertThat(byHash.status()).isEqualTo(200);
		assertThat(byHash.header("Content-Type")).startsWith("application/graphql-response+json");
		assertThat(anyInstance(byHash.body())).isEqualTo(anyInstance(withText.body()));
		assertThat(anyInstance(this.http.get(get + "&operationName=Get").body()))
			.isEqualTo(anyInstance(withText.body()));
	}

	@Test
	void shouldLetCachesKeepAnAnonymousAnswerOverGetAndRevalidateIt() {
		String query = "{ cached: tree { name } }";
		assertThat(post(query, extensions(PersistedQuery.sha256(query)), null).status()).isEqualTo(200);
		String get = "/graphql?extensions=" + encode(extensions(PersistedQuery.sha256(query)));
		Response cacheable = this.http.get(get);
		assertThat(cacheable.status()).isEqualTo(200);
		assertThat(cacheable.body()).isEqualTo("{\"data\":{\"cached\":{\"name\":\"root\"}}}");
		assertThat(cacheable.header("Cache-Control")).isEqualTo("public, max-age=60");
		assertThat(cacheable.raw().headers().firstValue("Pragma")).isEmpty();
		assertThat(cacheable.raw().headers().firstValue("Expires")).isEmpty();
		Response notModified = this.http.get(get, "If-None-Match", cacheable.header("ETag"));
		assertThat(notModified.status()).isEqualTo(304);
		assertThat(notModified.body()).isEmpty();
		assertThat(notModified.header("ETag")).isEqualTo(cacheable.header("ETag"));
	}

	@Test
	void shouldAnswerAnUnknownHashWith200ToClientsThatAskForLegacyJson() throws Exception {
		Response unknown = this.http.post("/graphql", "application/json",
				"{\"extensions\": " + extensions(PersistedQuery.sha256("{ legacy: greeting }")) + "}", "Accept",
				"application/json");
		assertThat(unknown.status()).isEqualTo(200);
		assertThat(unknown.header("Content-Type")).startsWith("application/json");
		JSONAssert.assertEquals(NOT_FOUND, unknown.body(), JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseATextThatIsNotTheOneItsHashNamesAndKeepNeither() throws Exception {
		String claimed = "{ claimed: greeting }";
		String sent = "{ sent: greeting }";
		Response mismatch = post(sent, extensions(PersistedQuery.sha256(claimed)), null);
		assertThat(mismatch.status()).isEqualTo(400);
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "extensions.persistedQuery.sha256Hash %s is not the SHA-256 hash of the query's text (UTF-8).",
						  "locations": [], "path": [], "extensions": {"code": "PERSISTED_QUERY_HASH_MISMATCH"}}]}"""
					.formatted(PersistedQuery.sha256(claimed)),
				mismatch.body(), JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, post(null, extensions(PersistedQuery.sha256(claimed)), null).body(),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, post(null, extensions(PersistedQuery.sha256(sent)), null).body(),
				JSONCompareMode.STRICT);
	}

	@Test
	void shouldPutATextThatComesWithItsHashThroughEveryLimitAndKeepOnlyWhatPassed() throws Exception {
		String tooDeep = "{ tree { child { child { name } } } }";
		Response refused = post(tooDeep, extensions(PersistedQuery.sha256(tooDeep)), null);
		assertThat(refused.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "The query's depth is 4, over the limit of 3 (graphql.limits.max-query-depth).",
				  "locations": [], "path": [], "extensions": {"code": "QUERY_TOO_COMPLEX"}}]}""", refused.body(),
				JSONCompareMode.STRICT);
		JSONAssert.assertEquals(NOT_FOUND, post(null, extensions(PersistedQuery.sha256(tooDeep)), null).body(),
				JSONCompareMode.STRICT);

		String invalid = "{ persistedNope }";
		Response notValid = post(invalid, extensions(PersistedQuery.sha256(invalid)), null);
		assertThat(notValid.status()).isEqualTo(400);
		assertThat(notValid.body()).contains("GRAPHQL_VALIDATION_FAILED");
		JSONAssert.assertEquals(NOT_FOUND, post(null, extensions(PersistedQuery.sha256(invalid)), null).body(),
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
				this.http.get("/graphql?extensions="
						+ encode("{\"persistedQuery\": {\"version\": 2, \"sha256Hash\": \"" + hash + "\"}}")),
				"extensions.persistedQuery.version must be 1, the only version of automatic persisted queries.");
	}

	@Test
	void shouldTakeTheMembersAClientAddsToAPersistedQuery() {
		String query = "{ urql: greeting }";
		String retry = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(query)
				+ "\", \"miss\": true}}";
		assertThat(post(query, retry, null).body()).startsWith("{\"data\":{\"urql\":\"Hello ");
	}

	private void assertNotFound(Response response) throws Exception {
		assertThat(response.status()).isEqualTo(400);
		assertThat(response.header("Content-Type")).startsWith("application/graphql-response+json");
		JSONAssert.assertEquals(NOT_FOUND, response.body(), JSONCompareMode.STRICT);
	}

	private void assertBadRequest(Response response, String message) throws Exception {
		assertThat(response.status()).isEqualTo(400);
		JSONAssert.assertEquals("""
				{"errors": [{"message": %s, "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}"""
			.formatted(HttpTestClient.json(message)), response.body(), JSONCompareMode.STRICT);
	}

	private Response post(String query, String extensions, String variables) {
		StringBuilder body = new StringBuilder("{\"extensions\": ").append(extensions);
		if (query != null) {
			body.append(", \"query\": ").append(HttpTestClient.json(query));
		}
		if (variables != null) {
			body.append(", \"variables\": ").append(variables);
		}
		return this.http.post("/graphql", "application/json", body.append("}").toString());
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

	private static String encode(String text) {
		return URLEncoder.encode(text, StandardCharsets.UTF_8);
	}

}
