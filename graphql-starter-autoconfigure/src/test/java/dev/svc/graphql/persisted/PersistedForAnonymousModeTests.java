package dev.svc.graphql.persisted;

import java.util.Map;

import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The persisted-for-anonymous mode: signed-in users send any document, anonymous callers
 * only registered ones or ones a holder of the arbitrary permission sent. An anonymous
 * text with its hash is no way around it, nor is a document any other signed-in user
 * sent: both are refused, the same way whether the server keeps the document or not.
 */
@SpringBootTest(classes = TestHostApplication.class,
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=persisted-anonymous-signing-key-0123456789abcdef",
				"graphql.persisted-documents.manifests=classpath:persisted-documents/persisted_queries.json",
				"graphql.persisted-documents.mode=persisted-for-anonymous",
				"graphql.persisted-documents.arbitrary-permission=Pages.Administration" })
@AutoConfigureMockMvc
class PersistedForAnonymousModeTests {

	private static final String NOT_PERSISTED = """
			{"errors": [{"message": "Anonymous callers may run only registered documents, or ones the application's authors sent (graphql.persisted-documents.mode=persisted-for-anonymous): name a registered document by its documentId, or sign in to send others.",
			  "locations": [], "path": [], "extensions": {"code": "PERSISTED_DOCUMENT_REQUIRED"}}]}""";

	@Autowired
	private MockMvcTester mvc;

	@Test
	void shouldRunRegisteredDocumentsForAnonymousCallers() {
		MvcTestResult byId = post(
				Map.of("documentId", "ef6fd4b1c38bad405f48965e620c278c", "variables", Map.of("n", "Ada")), null);
		assertThat(byId).hasStatusOk();
		assertThat(body(byId)).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
		MvcTestResult text = post(Map.of("query", "query HelloQuery($n: String) { greeting(name: $n) }"), null);
		assertThat(text).as("a registered document's text").hasStatusOk();
	}

	@Test
	void shouldRefuseAnAnonymousTextWithItsHashAndKeepNothing() throws Exception {
		String query = "{ anonymous: greeting }";
		assertNotPersisted(post(Map.of("query", query), null));
		assertNotPersisted(post(Map.of("query", query, "extensions", persistedQuery(query)), null));
		assertNotPersisted(this.mvc.get().uri("/graphql?query={query}", query).exchange());
		assertNotPersisted(post(Map.of("extensions", persistedQuery(query)), null));
	}

	@Test
	void shouldLetAnonymousCallersRunWhatAHolderOfThePermissionSentAndNothingElseAnyoneSent() throws Exception {
		// any signed-in user, even one without any permission, sends any document, which
		// the server keeps
		String byUser = "{ keptForAUser: greeting }";
		String user = bearerToken(this.mvc, "Default", "jdoe", "123qwe");
		assertThat(post(Map.of("query", byUser, "extensions", persistedQuery(byUser)), user)).hasStatusOk();
		// but anonymous callers may not run it: answered as a document never sent
		assertNotPersisted(post(Map.of("extensions", persistedQuery(byUser)), null));
		assertNotPersisted(post(Map.of("extensions", persistedQuery("{ neverSent: greeting }")), null));
		assertNotPersisted(post(Map.of("query", byUser), null));

		String byAuthor = "{ keptForAnAuthor: greeting }";
		String author = bearerToken(this.mvc, "", "admin", "123qwe");
		assertThat(post(Map.of("query", byAuthor, "extensions", persistedQuery(byAuthor)), author)).hasStatusOk();
		MvcTestResult byHash = post(Map.of("extensions", persistedQuery(byAuthor)), null);
		assertThat(byHash).as("sent by a holder of Pages.Administration").hasStatusOk();
		assertThat(body(byHash)).startsWith("{\"data\":{\"keptForAnAuthor\":\"Hello world from instance ");
	}

	private void assertNotPersisted(MvcTestResult response) throws Exception {
		assertThat(response).hasStatus(400);
		JSONAssert.assertEquals(NOT_PERSISTED, body(response), JSONCompareMode.STRICT);
	}

	private static Map<String, Object> persistedQuery(String query) {
		return Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", PersistedQuery.sha256(query)));
	}

	private MvcTestResult post(Map<String, ?> body, String authorization) {
		var request = postJson(this.mvc, "/graphql", json(body));
		return ((authorization != null) ? request.header("Authorization", authorization) : request).exchange();
	}

}
