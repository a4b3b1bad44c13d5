package dev.svc.graphql.web;

import java.sql.SQLTransientConnectionException;
import java.util.List;
import java.util.Map;

import dev.svc.graphql.persisted.PersistedDocuments;
import dev.svc.graphql.persisted.PersistedQuery;
import dev.svc.graphql.persisted.RegisteredDocument;
import dev.svc.graphql.persisted.RegisteredDocuments;
import graphql.ExecutionResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.graphql.ExecutionGraphQlService;
import org.springframework.graphql.MediaTypes;
import org.springframework.graphql.server.WebGraphQlHandler;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.assertj.MockMvcTester;
import org.springframework.test.web.servlet.assertj.MvcTestResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.servlet.function.RouterFunctions;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The module's handler on its own, in front of a GraphQL handler that answers, or fails
 * because the database cannot be reached.
 */
class SvcGraphQlHttpHandlerTests {

	private static final String UNAVAILABLE = "{\"errors\":[{\"message\":\"The database cannot be reached; try again "
			+ "later.\",\"locations\":[],\"path\":[],\"extensions\":{\"code\":\"SERVICE_UNAVAILABLE\"}}]}";

	private static final ExecutionGraphQlService GREETING = (request) -> Mono
		.just(new DefaultExecutionGraphQlResponse(request.toExecutionInput(),
				ExecutionResult.newExecutionResult().data(Map.of("greeting", "Hello")).build()));

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "none",
			value = { "none                                                  | application/graphql-response+json",
					"*/*                                                   | application/graphql-response+json",
					"application/*                                         | application/graphql-response+json",
					"application/graphql-response+json; charset=utf-8, application/json; charset=utf-8 "
							+ "| application/graphql-response+json",
					"not a media type                                      | application/graphql-response+json",
					"application/json                                      | application/json",
					"text/html, application/json;charset=utf-8             | application/json" })
	void shouldAnswerGraphQlResponseJsonUnlessTheClientPrefersJson(String accept, String expected) {
		MvcTestResult result = post(WebGraphQlHandler.builder(GREETING).build(), accept);
		assertThat(result).hasStatusOk()
			.hasContentType(expected)
			.hasBodyTextEqualTo("{\"data\":{\"greeting\":\"Hello\"}}");
	}

	@Test
	void shouldAnswer503WhenTheDatabaseFailsTheResponse() {
		WebGraphQlHandler graphQl = WebGraphQlHandler.builder((request) -> Mono.error(databaseUnavailable())).build();
		assertThat(post(graphQl, null)).hasStatus(503)
			.hasHeader("Retry-After", "5")
			.hasContentType(MediaTypes.APPLICATION_GRAPHQL_RESPONSE)
			.hasBodyTextEqualTo(UNAVAILABLE);
	}

	@Test
	void shouldAnswer503WhenTheDatabaseFailsBeforeTheResponse() {
		WebGraphQlInterceptor readingTheCaller = (request, chain) -> {
			throw databaseUnavailable();
		};
		WebGraphQlHandler graphQl = WebGraphQlHandler.builder(GREETING).interceptor(readingTheCaller).build();
		assertThat(post(graphQl, "application/json")).hasStatus(503)
			.hasHeader("Retry-After", "5")
			.hasContentType(MediaType.APPLICATION_JSON)
			.hasBodyTextEqualTo(UNAVAILABLE);
		assertThat(mvc(graphQl).get().uri("/graphql?query={query}", "{ greeting }").exchange()).hasStatus(503)
			.hasHeader("Retry-After", "5")
			.hasBodyTextEqualTo(UNAVAILABLE);
	}

	@Test
	void shouldRefuseAMutationNamedByItsHashOverGetAsItRefusesItsText() throws Exception {
		String mutation = "mutation { greeting }";
		PersistedDocuments documents = (hash) -> hash.equals(PersistedQuery.sha256(mutation)) ? mutation : null;
		MockMvcTester mvc = mvc(WebGraphQlHandler.builder(GREETING).build(), documents);
		MvcTestResult byText = mvc.get().uri("/graphql?query={query}", mutation).exchange();
		assertThat(byText).hasStatus(405).hasHeader("Allow", "POST");
		MvcTestResult byHash = mvc.get()
			.uri("/graphql?extensions={extensions}",
					"{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(mutation)
							+ "\"}}")
			.exchange();
		assertThat(byHash).hasStatus(405)
			.hasHeader("Allow", "POST")
			.hasBodyTextEqualTo(byText.getResponse().getContentAsString());
		assertThat(mvc.get()
			.uri("/graphql?extensions={extensions}&operationName=Q",
					"{\"persistedQuery\": {\"version\": 1, " + "\"sha256Hash\": \""
							+ PersistedQuery.sha256("query Q { greeting } mutation M { greeting }") + "\"}}")
			.exchange()).as("a hash not known goes on, for the persisted queries to answer").hasStatusOk();
	}

	@Test
	void shouldRefuseTheStandInForANamedDocumentAsTheTextOfAGet() {
		String mutation = "mutation Change { greeting }";
		RegisteredDocuments registered = RegisteredDocuments
			.of(List.of(new RegisteredDocument("change", PersistedQuery.sha256(mutation), "Change", mutation, "test")));
		PersistedDocuments documents = (hash) -> hash.equals(PersistedQuery.sha256(mutation)) ? mutation : null;
		MockMvcTester mvc = mvc(WebGraphQlHandler.builder(GREETING).build(), documents, registered);
		// the endpoint's error shape, with what is wrong and what is allowed
		String refusal = EndpointRoutes.body("The 'query' parameter must be a document's text; name a persisted"
				+ " document by 'documentId' or by a persisted query in 'extensions'. " + EndpointRoutes.ACCEPTED);
		for (String extensions : List.of(
				"{\"persistedQuery\": {\"version\": 1, \"sha256Hash\": \"" + PersistedQuery.sha256(mutation) + "\"}}",
				"{\"documentId\": \"change\"}", "{}")) {
			assertThat(mvc.get()
				.uri("/graphql?query={query}&extensions={extensions}", PersistedQuery.MARKER, extensions)
				.exchange()).as(extensions).hasStatus(400).bodyJson().isStrictlyEqualTo(refusal);
		}
		assertThat(mvc.get().uri("/graphql?extensions={extensions}", "{\"documentId\": \"change\"}").exchange())
			.as("an id in the extensions of a GET, not its parameter")
			.hasStatus(400);
	}

	@Test
	void shouldRefuseARegisteredMutationNamedByItsIdOverGet() {
		String mutation = "mutation Change { greeting }";
		RegisteredDocuments registered = RegisteredDocuments
			.of(List.of(new RegisteredDocument("change", PersistedQuery.sha256(mutation), "Change", mutation, "test")));
		MockMvcTester mvc = mvc(WebGraphQlHandler.builder(GREETING).build(), (hash) -> null, registered);
		assertThat(mvc.get().uri("/graphql?documentId=change").exchange()).hasStatus(405).hasHeader("Allow", "POST");
		assertThat(mvc.get().uri("/graphql?documentId=unknown").exchange())
			.as("an id not known goes on, for the persisted documents to answer")
			.hasStatusOk();
	}

	@Test
	void shouldHandTheDocumentIdOfAPostOrAGetOnInTheExtensions() {
		ExecutionGraphQlService echo = (request) -> Mono
			.just(new DefaultExecutionGraphQlResponse(request.toExecutionInput(),
					ExecutionResult.newExecutionResult()
						.data(Map.of("document", request.getDocument(), "extensions", request.getExtensions()))
						.build()));
		MockMvcTester mvc = mvc(WebGraphQlHandler.builder(echo).build());
		String expected = "{\"data\":{\"document\":\"PersistedQueryMarker\",\"extensions\":{\"documentId\":\"sha256:abc\"}}}";
		assertThat(mvc.post()
			.uri("/graphql")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"documentId\": \"sha256:abc\"}")
			.exchange()).hasStatusOk().bodyJson().isStrictlyEqualTo(expected);
		assertThat(mvc.get().uri("/graphql?documentId=sha256:abc").exchange()).hasStatusOk()
			.bodyJson()
			.isStrictlyEqualTo(expected);
		assertThat(mvc.post()
			.uri("/graphql")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"query\": \"{ greeting }\"}")
			.exchange()).as("no documentId, extensions as they came")
			.hasStatusOk()
			.bodyJson()
			.isStrictlyEqualTo("{\"data\":{\"document\":\"{ greeting }\",\"extensions\":{}}}");
	}

	@Test
	void shouldRefuseExtensionsThatAreNotAJsonObjectOverGet() {
		assertThat(mvc(WebGraphQlHandler.builder(GREETING).build()).get()
			.uri("/graphql?extensions={extensions}", "{\"persistedQuery\": ")
			.exchange()).hasStatus(400)
			.hasBodyTextEqualTo(EndpointRoutes
				.body("The 'variables' and 'extensions' parameters must be JSON objects. " + EndpointRoutes.ACCEPTED));
	}

	private static MvcTestResult post(WebGraphQlHandler graphQl, String accept) {
		MockMvcTester.MockMvcRequestBuilder request = mvc(graphQl).post()
			.uri("/graphql")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"query\": \"{ greeting }\"}");
		return ((accept != null) ? request.header("Accept", accept) : request).exchange();
	}

	private static MockMvcTester mvc(WebGraphQlHandler graphQl) {
		return mvc(graphQl, (hash) -> null);
	}

	private static MockMvcTester mvc(WebGraphQlHandler graphQl, PersistedDocuments documents) {
		return mvc(graphQl, documents, RegisteredDocuments.of(List.of()));
	}

	private static MockMvcTester mvc(WebGraphQlHandler graphQl, PersistedDocuments documents,
			RegisteredDocuments registered) {
		SvcGraphQlHttpHandler handler = new SvcGraphQlHttpHandler(graphQl, JsonMapper.shared(), documents, registered,
				new CacheableGets("public, max-age=60"));
		return MockMvcTester.create(
				MockMvcBuilders
					.routerFunctions(RouterFunctions.route()
						.POST("/graphql", handler::handleRequest)
						.GET("/graphql", handler::handleGet)
						.build())
					.build());
	}

	private static RuntimeException databaseUnavailable() {
		return new IllegalStateException("Failed to obtain JDBC Connection",
				new SQLTransientConnectionException("Connection is not available, request timed out after 1500ms"));
	}

}
