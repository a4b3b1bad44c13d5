package dev.svc.graphql.web;

import java.util.List;
import java.util.Map;

import dev.svc.graphql.error.ErrorCode;
import graphql.ExecutionResult;
import graphql.GraphQLError;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;

/**
 * Refuses a query document longer than the configured limit before it reaches the parser.
 */
final class QueryLengthInterceptor implements WebGraphQlInterceptor {

	private final int maxQueryLength;

	QueryLengthInterceptor(int maxQueryLength) {
		this.maxQueryLength = maxQueryLength;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		int length = request.getDocument().length();
		if (length <= this.maxQueryLength) {
			return chain.next(request);
		}
		GraphQLError error = GraphQLError.newError()
			.message("The query is " + length + " characters long; at most " + this.maxQueryLength
					+ " are allowed (graphql.limits.max-query-length).")
			.locations(List.of())
			.path(List.of())
			.extensions(Map.of("code", ErrorCode.BAD_REQUEST))
			.build();
		ExecutionResult result = ExecutionResult.newExecutionResult().addError(error).build();
		return Mono.just(new WebGraphQlResponse(new DefaultExecutionGraphQlResponse(request.toExecutionInput(), result)));
	}

}
