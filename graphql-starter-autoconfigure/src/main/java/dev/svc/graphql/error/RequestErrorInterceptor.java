package dev.svc.graphql.error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import graphql.ErrorClassification;
import graphql.ErrorType;
import graphql.GraphQLError;
import reactor.core.publisher.Mono;

import org.springframework.graphql.ResponseError;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Gives every error the shape clients rely on; request errors get their
 * {@code extensions.code} here from graphql-java's classification.
 */
final class RequestErrorInterceptor implements WebGraphQlInterceptor {

	/** Of graphql-java's {@code GoodFaithIntrospection.BadFaithIntrospectionError}. */
	private static final String BAD_FAITH_INTROSPECTION = "BadFaithIntrospection";

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		return chain.next(request).map((response) -> {
			if (response.getErrors().isEmpty()) {
				return response;
			}
			return response.transform((builder) -> builder
				.errors(response.getErrors().stream().map(RequestErrorInterceptor::complete).toList()));
		});
	}

	private static GraphQLError complete(ResponseError error) {
		Map<String, Object> extensions = new LinkedHashMap<>(
				(error.getExtensions() != null) ? error.getExtensions() : Map.of());
		extensions.remove("classification");
		extensions.putIfAbsent("code", codeOf(error.getErrorType()));
		return new ShapedError(Objects.requireNonNullElse(error.getMessage(), ""),
				(error.getLocations() != null) ? error.getLocations() : List.of(), error.getParsedPath(),
				error.getErrorType(), extensions);
	}

	private static String codeOf(ErrorClassification classification) {
		if (classification == ErrorType.InvalidSyntax) {
			return ErrorCode.PARSE_FAILED;
		}
		// ExecutionAborted: a limit (depth) refused the document before it ran
		if (classification == ErrorType.ValidationError || classification == ErrorType.ExecutionAborted) {
			return ErrorCode.VALIDATION_FAILED;
		}
		// an introspection too big or repetitive: a shape limit, the client's to mend
		if (BAD_FAITH_INTROSPECTION.equals(classification.toString())) {
			return ErrorCode.QUERY_TOO_COMPLEX;
		}
		return ErrorCode.INTERNAL_SERVER_ERROR;
	}

}
