package dev.svc.graphql.web;

import java.io.UnsupportedEncodingException;
import java.net.URI;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.container.TestHandlers;
import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.test.MockMvcRequests;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.mock.web.MockHttpSession;
import org.springframework.test.context.TestPropertySource;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MockMvcTester.MockMvcRequestBuilder;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.web.util.UriUtils;

import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static dev.svc.graphql.test.MockMvcRequests.signedInSession;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The answer to an anonymous GET that names its document by id may be kept by a browser,
 * a proxy or a CDN, and a matching {@code If-None-Match} answers 304; no other answer may
 * be kept by anyone but its caller, and none of a signed-in caller's is shared or
 * revalidated.
 */
@SpringBootTest(classes = { TestHostApplication.class, TestHandlers.TreeConfiguration.class }, properties = {
		"graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/,classpath:graphql-tree/",
		"graphql.identity.demo-data=true", "graphql.sign-in.cookie.enabled=true", "graphql.sign-in.token.enabled=true",
		"graphql.sign-in.token.signing-key=cacheable-get-test-key-0123456789abcdef" })
@AutoConfigureMockMvc
class CacheableGetTests {

	private static final String TREE = "query Tree($deep: Boolean!) { tree { name child @include(if: $deep) { name } } }";

	private static final String VARY = "Accept, Svc-TenantId, Accept-Language, Authorization, Cookie";

	/**
	 * What the endpoint's security chain sends when the endpoint sets no Cache-Control of
	 * its own.
	 */
	private static final String NO_STORE = "no-cache, no-store, max-age=0, must-revalidate";

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldLetAnyCacheKeepAnAnonymousSuccessNamedByItsHash() {
		MockHttpServletResponse response = get(byHash(TREE, "{\"deep\": false}")).exchange().getResponse();
		assertThat(response.getStatus()).isEqualTo(200);
		assertThat(response.getHeader("Cache-Control")).isEqualTo("public, max-age=60");
		assertThat(response.getHeaderValues("Vary")).containsExactly(VARY);
		assertThat(response.getHeader("ETag")).matches("\"[A-Za-z0-9_-]{43}\"");
		assertThat(response.getHeaderNames()).doesNotContain("Pragma", "Expires");
		assertThat(text(response)).isEqualTo("{\"data\":{\"tree\":{\"name\":\"root\"}}}");
	}

	@Test
	void shouldAnswer304WithoutABodyWhenTheTagStillMatches() {
		URI get = byHash(TREE, "{\"deep\": false}");
		String tag = get(get).exchange().getResponse().getHeader("ETag");
		MockHttpServletResponse notModified = get(get).header("If-None-Match", tag).exchange().getResponse();
		assertThat(notModified.getStatus()).isEqualTo(304);
		assertThat(notModified.getContentAsByteArray()).isEmpty();
		assertThat(notModified.getHeader("ETag")).isEqualTo(tag);
		assertThat(notModified.getHeader("Cache-Control")).isEqualTo("public, max-age=60");
		assertThat(notModified.getHeaderValues("Vary")).containsExactly(VARY);
		assertThat(get(get).header("If-None-Match", "\"other\", " + tag).exchange()).as("one of several tags")
			.hasStatus(304);
	}

	@Test
	void shouldAnswerInFullWhenTheResultChanged() {
		String tag = get(byHash(TREE, "{\"deep\": false}")).exchange().getResponse().getHeader("ETag");
		MockHttpServletResponse deeper = get(byHash(TREE, "{\"deep\": true}")).header("If-None-Match", tag)
			.exchange()
			.getResponse();
		assertThat(deeper.getStatus()).isEqualTo(200);
		assertThat(text(deeper))
			.isEqualTo("{\"data\":{\"tree\":{\"name\":\"root\",\"child\":{\"name\":\"root/child\"}}}}");
		assertThat(deeper.getHeader("ETag")).isNotEqualTo(tag);

		// the greeting names a new handler instance each time: the same URL, another
		// result
		URI greeting = byHash("{ cacheable: greeting }", null);
		String before = get(greeting).exchange().getResponse().getHeader("ETag");
		MockHttpServletResponse changed = get(greeting).header("If-None-Match", before).exchange().getResponse();
		assertThat(changed.getStatus()).isEqualTo(200);
		assertThat(text(changed)).startsWith("{\"data\":{\"cacheable\":\"Hello world from instance ");
		assertThat(changed.getHeader("ETag")).isNotEqualTo(before);
	}

	@Test
	void shouldTagEachMediaTypeApart() {
		URI get = byHash(TREE, "{\"deep\": false}");
		MockHttpServletResponse json = get(get).header("Accept", "application/json").exchange().getResponse();
		assertThat(json.getContentType()).startsWith("application/json");
		assertThat(json.getHeader("ETag")).isNotNull()
			.isNotEqualTo(get(get).exchange().getResponse().getHeader("ETag"));
	}

	@Test
	void shouldLetNoCacheKeepAnAnswerWithErrors() {
		MockHttpServletResponse failed = get(byHash("{ failing(kind: \"friendly\") }", null)).exchange().getResponse();
		assertThat(text(failed)).contains("It is too hot");
		assertUncached(failed, "no-store");
		String unknown = "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \""
				+ PersistedQuery.sha256("{ unknown: greeting }") + "\"}}";
		MockHttpServletResponse notFound = get(URI.create("/graphql?extensions=" + encode(unknown))).exchange()
			.getResponse();
		assertThat(notFound.getStatus()).isEqualTo(400);
		assertUncached(notFound, "no-store");
		MockHttpServletResponse legacyNotFound = get(URI.create("/graphql?extensions=" + encode(unknown)))
			.header("Accept", "application/json")
			.exchange()
			.getResponse();
		assertThat(legacyNotFound.getStatus()).as("PersistedQueryNotFound as legacy JSON").isEqualTo(200);
		assertUncached(legacyNotFound, "no-store");
	}

	@Test
	void shouldNeverShareNorRevalidateASignedInCallersAnswer() {
		URI get = byHash(TREE, "{\"deep\": false}");
		String tag = get(get).exchange().getResponse().getHeader("ETag");
		String bearer = MockMvcRequests.bearerToken(this.mvc, "", "admin", "123qwe");
		MockHttpServletResponse byToken = get(get).header("Authorization", bearer)
			.header("If-None-Match", tag)
			.exchange()
			.getResponse();
		assertThat(byToken.getStatus()).isEqualTo(200);
		assertThat(text(byToken)).isEqualTo("{\"data\":{\"tree\":{\"name\":\"root\"}}}");
		assertUncached(byToken);

		MockHttpSession session = signedInSession(this.mvc, "", "admin", "123qwe");
		MockHttpServletResponse bySession = get(get).session(session)
			.header("GraphQL-Require-Preflight", "1")
			.header("If-None-Match", tag)
			.exchange()
			.getResponse();
		assertThat(bySession.getStatus()).isEqualTo(200);
		assertUncached(bySession);
		// without the preflight header the query runs anonymously, yet the caller holds a
		// session
		assertUncached(get(get).session(session).header("If-None-Match", tag).exchange().getResponse());
	}

	@Test
	void shouldKeepAQuerySentAsTextOrByPostAsItWas() {
		String variables = "{\"deep\": false}";
		assertUncached(get(URI.create("/graphql?query=" + encode(TREE) + "&variables=" + encode(variables))).exchange()
			.getResponse());
		MvcTestResult byPost = postJson(this.mvc, "/graphql",
				"{\"extensions\": " + extensions(TREE) + ", \"variables\": " + variables + "}")
			.exchange();
		assertThat(MockMvcRequests.body(byPost)).isEqualTo("{\"data\":{\"tree\":{\"name\":\"root\"}}}");
		assertUncached(byPost.getResponse());
	}

	@Test
	void shouldTagAnAnonymousCallOfATenantAsItsOwn() {
		URI get = byHash("{ tenant: greeting }", null);
		MockHttpServletResponse ofTenant = get(get).header("Svc-TenantId", "2").exchange().getResponse();
		assertThat(text(ofTenant)).endsWith(" for anonymous of tenant 2\"}}");
		assertThat(ofTenant.getHeader("Cache-Control")).isEqualTo("public, max-age=60");
		assertThat(ofTenant.getHeaderValues("Vary")).containsExactly(VARY);
		assertThat(ofTenant.getHeader("ETag")).isNotNull();
	}

	private static void assertUncached(MockHttpServletResponse response) {
		assertUncached(response, NO_STORE);
	}

	private static void assertUncached(MockHttpServletResponse response, String cacheControl) {
		assertThat(response.getHeader("Cache-Control")).isEqualTo(cacheControl);
		assertThat(response.getHeader("ETag")).isNull();
		assertThat(response.getHeaderValues("Vary")).doesNotContain(VARY);
	}

	/**
	 * A GET that names the document by its hash alone, once the server knows the
	 * document.
	 */
	private URI byHash(String document, String variables) {
		assertThat(postJson(this.mvc, "/graphql",
				"{\"query\": " + json(document) + ", \"extensions\": " + extensions(document)
						+ ((variables != null) ? ", \"variables\": " + variables : "") + "}")
			.exchange()).hasStatus2xxSuccessful();
		// already encoded: a URI template would encode it again
		return URI.create("/graphql?extensions=" + encode(extensions(document))
				+ ((variables != null) ? "&variables=" + encode(variables) : ""));
	}

	private MockMvcRequestBuilder get(URI uri) {
		return this.mvc.get().uri(uri);
	}

	private static String text(MockHttpServletResponse response) {
		try {
			return response.getContentAsString(StandardCharsets.UTF_8);
		}
		catch (UnsupportedEncodingException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static String extensions(String document) {
		return "{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(document) + "\"}}";
	}

	private static String encode(String text) {
		return UriUtils.encodeQueryParam(text, StandardCharsets.UTF_8);
	}

	@Nested
	@TestPropertySource(properties = "graphql.persisted-documents.cache-control=private, max-age=300")
	class Configured {

		@Test
		void shouldSendTheConfiguredCacheControl() {
			MockHttpServletResponse response = get(byHash(TREE, "{\"deep\": false}")).exchange().getResponse();
			assertThat(response.getHeader("Cache-Control")).isEqualTo("private, max-age=300");
			assertThat(response.getHeader("ETag")).isNotNull();
		}

	}

	@Nested
	@TestPropertySource(properties = "graphql.persisted-documents.cache-control=")
	class SwitchedOff {

		@Test
		void shouldSendNoCacheHeaders() {
			assertUncached(get(byHash(TREE, "{\"deep\": false}")).exchange().getResponse());
		}

	}

}
