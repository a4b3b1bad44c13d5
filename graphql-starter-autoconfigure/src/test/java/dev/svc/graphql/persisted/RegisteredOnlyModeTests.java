package dev.svc.graphql.persisted;

import java.util.Map;

import dev.svc.graphql.test.TestHostApplication;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;
import org.skyscreamer.jsonassert.JSONAssert;
import org.skyscreamer.jsonassert.JSONCompareMode;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.webmvc.test.autoconfigure.AutoConfigureMockMvc;
import org.springframework.context.annotation.Bean;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;

import static dev.svc.graphql.test.MockMvcRequests.bearerToken;
import static dev.svc.graphql.test.MockMvcRequests.body;
import static dev.svc.graphql.test.MockMvcRequests.graphQl;
import static dev.svc.graphql.test.MockMvcRequests.json;
import static dev.svc.graphql.test.MockMvcRequests.postJson;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Trusted documents in the registered-only mode: a registered document runs for anyone,
 * named by its {@code documentId} (over POST and GET) or by its hash as an automatic
 * persisted query, and nothing else runs, however it comes, but for the holders of the
 * permission the host names. Each refusal is counted.
 */
@SpringBootTest(classes = { TestHostApplication.class, RegisteredOnlyModeTests.Meters.class },
		properties = { "graphql.enabled=true", "spring.graphql.schema.locations=classpath:graphql-test/",
				"graphql.identity.demo-data=true", "graphql.introspection=everyone",
				"graphql.sign-in.token.enabled=true",
				"graphql.sign-in.token.signing-key=registered-only-signing-key-0123456789abcdef",
				"graphql.persisted-documents.manifests=classpath:persisted-documents/*.json",
				"graphql.persisted-documents.mode=registered-only",
				"graphql.persisted-documents.arbitrary-permission=Pages.Administration",
				"spring.graphql.schema.printer.enabled=true" })
@AutoConfigureMockMvc
class RegisteredOnlyModeTests {

	private static final String GREETING = "query Greeting { greeting }";

	private static final String HELLO = "query HelloQuery($n: String) { greeting(name: $n) }";

	private static final String RELAY_MD5 = "ef6fd4b1c38bad405f48965e620c278c";

	private static final String NOT_REGISTERED = """
			{"errors": [{"message": "Only registered documents run here (graphql.persisted-documents.mode=registered-only): name one by its documentId (sha256:<hash of its text>), or by its hash as an automatic persisted query.",
			  "locations": [], "path": [], "extensions": {"code": "PERSISTED_DOCUMENT_REQUIRED"}}]}""";

	@Autowired
	private MockMvcTester mvc;

	@Autowired
	private MeterRegistry meters;

	@Test
	void shouldRunARegisteredDocumentNamedByItsDocumentIdOverPost() {
		MvcTestResult bySha256 = post(Map.of("documentId", "sha256:" + PersistedQuery.sha256(GREETING)));
		assertThat(bySha256).hasStatusOk();
		assertThat(body(bySha256)).startsWith("{\"data\":{\"greeting\":\"Hello world from instance ");
		MvcTestResult byRelayId = post(Map.of("documentId", RELAY_MD5, "variables", Map.of("n", "Ada")));
		assertThat(byRelayId).hasStatusOk();
		assertThat(body(byRelayId)).startsWith("{\"data\":{\"greeting\":\"Hello Ada from instance ");
	}

	@Test
	void shouldRunARegisteredDocumentNamedByItsDocumentIdOverGet() {
		MvcTestResult byId = this.mvc.get()
			.uri("/graphql?documentId={id}&variables={variables}", RELAY_MD5, "{\"n\": \"Bob\"}")
			.exchange();
		assertThat(byId).hasStatusOk().hasContentType("application/graphql-response+json");
		assertThat(body(byId)).startsWith("{\"data\":{\"greeting\":\"Hello Bob from instance ");
	}

	@Test
	void shouldRunARegisteredDocumentNamedByItsHashAsAnAutomaticPersistedQuery() {
		Map<String, Object> hashOnly = Map.of("extensions",
				Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", PersistedQuery.sha256(GREETING))));
		MvcTestResult post = post(hashOnly);
		assertThat(post).hasStatusOk();
		assertThat(body(post)).startsWith("{\"data\":{\"greeting\":\"Hello world from instance ");
		MvcTestResult get = this.mvc.get()
			.uri("/graphql?extensions={extensions}", json(hashOnly.get("extensions")))
			.exchange();
		assertThat(get).hasStatusOk();
		assertThat(body(get)).startsWith("{\"data\":{\"greeting\":\"Hello world from instance ");
		MvcTestResult withText = post(Map.of("query", GREETING, "extensions", hashOnly.get("extensions")));
		assertThat(body(withText)).as("its text, with its hash").startsWith("{\"data\":{\"greeting\":\"Hello world");
	}

	@Test
	void shouldAnswerAnUnknownDocumentIdWithAClearError() throws Exception {
		MvcTestResult unknown = post(Map.of("documentId", "sha256:" + PersistedQuery.sha256("{ greeting }")));
		assertThat(unknown).hasStatus(400).hasContentType("application/graphql-response+json");
		JSONAssert.assertEquals("""
				{"errors": [{"message": "No document is registered with documentId sha256:%s.",
				  "locations": [], "path": [], "extensions": {"code": "PERSISTED_DOCUMENT_NOT_FOUND"}}]}"""
			.formatted(PersistedQuery.sha256("{ greeting }")), body(unknown), JSONCompareMode.STRICT);
		JSONAssert.assertEquals("""
				{"errors": [{"message": "No document is registered with documentId 0123.",
				  "locations": [], "path": [], "extensions": {"code": "PERSISTED_DOCUMENT_NOT_FOUND"}}]}""",
				body(this.mvc.get().uri("/graphql?documentId=0123").exchange()), JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseARequestThatNamesItsDocumentTwice() throws Exception {
		MvcTestResult both = post(Map.of("documentId", RELAY_MD5, "query", HELLO));
		assertThat(both).hasStatus(400);
		JSONAssert.assertEquals(
				"""
						{"errors": [{"message": "A request names its document once: by documentId, by query, or by extensions.persistedQuery alone (a query may come with its persisted query).",
						  "locations": [], "path": [], "extensions": {"code": "BAD_REQUEST"}}]}""",
				body(both), JSONCompareMode.STRICT);
	}

	@Test
	void shouldRefuseEveryUnregisteredDocumentHoweverItComes() throws Exception {
		double before = refusals("not-registered");
		String text = "{ greeting }";
		assertNotRegistered(graphQl(this.mvc, "/graphql", text).exchange());
		assertNotRegistered(post(Map.of("query", text, "extensions",
				Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", PersistedQuery.sha256(text))))));
		assertNotRegistered(this.mvc.get().uri("/graphql?query={query}", text).exchange());
		assertNotRegistered(this.mvc.post()
			.uri("/graphql")
			.contentType("application/json; charset=utf-8")
			.content(json(Map.of("query", text, "operationName", "")))
			.exchange());
		assertNotRegistered(this.mvc.post()
			.uri("/graphql")
			.contentType("application/json")
			.header("Accept", "application/json")
			.content(json(Map.of("query", text)))
			.exchange(), 200);
		String auditor = bearerToken(this.mvc, "", "auditor", "123qwe");
		assertNotRegistered(graphQl(this.mvc, "/graphql", text).header("Authorization", auditor).exchange());
		assertThat(refusals("not-registered") - before).as("every refusal counted").isEqualTo(6);
	}

	@Test
	void shouldLetTheHoldersOfTheNamedPermissionSendAnyDocument() {
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		MvcTestResult text = graphQl(this.mvc, "/graphql", "{ any: greeting(name: \"Admin\") }")
			.header("Authorization", admin)
			.exchange();
		assertThat(text).hasStatusOk();
		assertThat(body(text)).startsWith("{\"data\":{\"any\":\"Hello Admin from instance ");
		MvcTestResult introspection = graphQl(this.mvc, "/graphql",
				"query IntrospectionQuery { __schema { queryType { name } types { name } } }")
			.header("Authorization", admin)
			.exchange();
		assertThat(introspection).as("the playground's introspection").hasStatusOk();
		assertThat(body(introspection)).startsWith("{\"data\":{\"__schema\":{\"queryType\":{\"name\":\"Query\"}");
	}

	@Test
	void shouldPrintTheSchemaOnlyForTheCallersWhoMaySendAnyDocument() throws Exception {
		MvcTestResult anonymous = this.mvc.get().uri("/graphql/schema").exchange();
		assertThat(anonymous).hasStatus(403);
		JSONAssert.assertEquals(NOT_REGISTERED, body(anonymous), JSONCompareMode.STRICT);
		MvcTestResult user = this.mvc.get()
			.uri("/graphql/schema")
			.header("Authorization", bearerToken(this.mvc, "Default", "jdoe", "123qwe"))
			.exchange();
		assertThat(user).hasStatus(403);
		JSONAssert.assertEquals(NOT_REGISTERED, body(user), JSONCompareMode.STRICT);
		MvcTestResult admin = this.mvc.get()
			.uri("/graphql/schema")
			.header("Authorization", bearerToken(this.mvc, "", "admin", "123qwe"))
			.exchange();
		assertThat(admin).hasStatusOk();
		assertThat(body(admin)).contains("type Query {", "users(");
	}

	@Test
	void shouldNotTellACallerItRefusesWhetherOthersSentADocument() throws Exception {
		String text = "{ sentByTheAdmin: greeting(name: \"secret\") }";
		Map<String, ?> hashOnly = Map.of("extensions",
				Map.of("persistedQuery", Map.of("version", 1, "sha256Hash", PersistedQuery.sha256(text))));
		assertNotRegistered(post(hashOnly));
		String admin = bearerToken(this.mvc, "", "admin", "123qwe");
		assertThat(graphQl(this.mvc, "/graphql", text).header("Authorization", admin).exchange()).hasStatusOk();
		assertThat(postJson(this.mvc, "/graphql", json(hashOnly)).header("Authorization", admin).exchange())
			.as("the admin's text is kept by its hash")
			.hasStatusOk();
		assertNotRegistered(post(hashOnly));
	}

	@Test
	void shouldCountUnknownDocumentIds() {
		double before = refusals("unknown-id");
		post(Map.of("documentId", "sha256:" + PersistedQuery.sha256("{ counted: greeting }")));
		assertThat(refusals("unknown-id") - before).isEqualTo(1);
	}

	private void assertNotRegistered(MvcTestResult response) throws Exception {
		assertNotRegistered(response, 400);
	}

	private void assertNotRegistered(MvcTestResult response, int status) throws Exception {
		assertThat(response).hasStatus(status);
		JSONAssert.assertEquals(NOT_REGISTERED, body(response), JSONCompareMode.STRICT);
	}

	private double refusals(String reason) {
		var counter = this.meters.find("svc.persisted-documents.refused").tag("reason", reason).counter();
		return (counter != null) ? counter.count() : 0;
	}

	private MvcTestResult post(Map<String, ?> body) {
		return postJson(this.mvc, "/graphql", json(body)).exchange();
	}

	@TestConfiguration(proxyBeanMethods = false)
	static class Meters {

		@Bean
		SimpleMeterRegistry meterRegistry() {
			return new SimpleMeterRegistry();
		}

	}

}
