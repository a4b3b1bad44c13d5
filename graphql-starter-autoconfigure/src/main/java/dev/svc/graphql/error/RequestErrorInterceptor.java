package dev.svc.graphql.error;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import graphql.ErrorClassification;
import graphql.ErrorType;
import graphql.GraphQLError;
import reactor.core.publisher.Mono;

import org.springframework.graphql.ResponseError;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Gives every error entry the shape clients rely on: {@code message}, {@code locations},
 * {@code path} and {@code extensions.code}. Field errors already carry a code; request errors
 * (parse and validation failures) get theirs here from graphql-java's classification.
 */
final class RequestErrorInterceptor implements WebGraphQlInterceptor {

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		return chain.next(request).map((response) -> {
			if (response.getErrors().isEmpty()) {
				return response;
			}
			return response.transform((builder) -> builder.errors(response.getErrors()
				.stream()
				.map(RequestErrorInterceptor::complete)
				.toList()));
		});
	}

	private static GraphQLError complete(ResponseError error) {
		Map<String, Object> extensions = new LinkedHashMap<>((error.getExtensions() != null) ? error.getExtensions() : Map.of());
		extensions.putIfAbsent("code", codeOf(error.getErrorType()));
		return GraphQLError.newError()
			.message(error.getMessage())
			.locations((error.getLocations() != null) ? error.getLocations() : List.of())
			.path(error.getParsedPath())
			.errorType(error.getErrorType())
			.extensions(extensions)
			.build();
	}

	private static String codeOf(ErrorClassification classification) {
		if (classification == ErrorType.InvalidSyntax) {
			return ErrorCode.PARSE_FAILED;
		}
		if (classification == ErrorType.ValidationError) {
			return ErrorCode.VALIDATION_FAILED;
		}
		return ErrorCode.INTERNAL_SERVER_ERROR;
	}

}
