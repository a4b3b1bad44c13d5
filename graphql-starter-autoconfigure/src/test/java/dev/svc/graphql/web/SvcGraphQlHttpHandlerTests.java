package dev.svc.graphql.web;

import java.sql.SQLTransientConnectionException;
import java.util.Map;

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
 * The module's handler on its own, in front of a GraphQL handler that answers, or fails because
 * the database cannot be reached.
 */
class SvcGraphQlHttpHandlerTests {

	private static final String UNAVAILABLE = "{\"errors\":[{\"message\":\"The database cannot be reached; try again "
			+ "later.\",\"locations\":[],\"path\":[],\"extensions\":{\"code\":\"SERVICE_UNAVAILABLE\"}}]}";

	private static final ExecutionGraphQlService GREETING = (request) -> Mono
		.just(new DefaultExecutionGraphQlResponse(request.toExecutionInput(),
				ExecutionResult.newExecutionResult().data(Map.of("greeting", "Hello")).build()));

	@ParameterizedTest
	@CsvSource(delimiter = '|', nullValues = "none", value = {
			"none                                                  | application/graphql-response+json",
			"*/*                                                   | application/graphql-response+json",
			"application/*                                         | application/graphql-response+json",
			"application/graphql-response+json; charset=utf-8, application/json; charset=utf-8 "
					+ "| application/graphql-response+json",
			"not a media type                                      | application/graphql-response+json",
			"application/json                                      | application/json",
			"text/html, application/json;charset=utf-8             | application/json" })
	void shouldAnswerGraphQlResponseJsonUnlessTheClientPrefersJson(String accept, String expected) {
		MvcTestResult result = post(WebGraphQlHandler.builder(GREETING).build(), accept);
		assertThat(result).hasStatusOk().hasContentType(expected).hasBodyTextEqualTo("{\"data\":{\"greeting\":\"Hello\"}}");
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

	private static MvcTestResult post(WebGraphQlHandler graphQl, String accept) {
		MockMvcTester.MockMvcRequestBuilder request = mvc(graphQl).post()
			.uri("/graphql")
			.contentType(MediaType.APPLICATION_JSON)
			.content("{\"query\": \"{ greeting }\"}");
		return ((accept != null) ? request.header("Accept", accept) : request).exchange();
	}

	private static MockMvcTester mvc(WebGraphQlHandler graphQl) {
		SvcGraphQlHttpHandler handler = new SvcGraphQlHttpHandler(graphQl, JsonMapper.shared());
		return MockMvcTester.create(MockMvcBuilders
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
