package dev.svc.graphql.introspection;

import dev.svc.graphql.Introspection;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import graphql.ErrorType;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.graphql.ResponseError;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Applies {@code graphql.introspection} to each request ({@code __typename} keeps
 * working). A shut-out request's validation errors all get one message naming nothing,
 * since graphql-java's own ("Field 'nope' in type 'User' is undefined") would let a
 * caller learn the schema by guessing.
 */
final class IntrospectionInterceptor implements WebGraphQlInterceptor {

	private final Introspection rule;

	IntrospectionInterceptor(Introspection rule) {
		this.rule = rule;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		request.configureExecutionInput((input, builder) -> {
			if (allows(input.getGraphQLContext().get(UserContext.class))) {
				return input;
			}
			return builder
				.graphQLContext(
						(context) -> context.put(graphql.introspection.Introspection.INTROSPECTION_DISABLED, true))
				.build();
		});
		return chain.next(request).map(this::withoutSchemaIfShutOut);
	}

	private WebGraphQlResponse withoutSchemaIfShutOut(WebGraphQlResponse response) {
		if (allows(response.getExecutionInput().getGraphQLContext().get(UserContext.class))
				|| response.getErrors().stream().noneMatch((error) -> isRefusal(error) || isValidationFailure(error))) {
			return response;
		}
		return response
			.transform((builder) -> builder.errors(response.getErrors().stream().map(this::withoutSchema).toList()));
	}

	private boolean allows(@Nullable UserContext user) {
		return this.rule.allows(user != null && user.isAuthenticated());
	}

	private GraphQLError withoutSchema(ResponseError error) {
		if (isRefusal(error)) {
			return rewritten(error, (this.rule == Introspection.NEVER)
					? "Introspection is switched off (graphql.introspection=never)."
					: "Introspection is open to signed-in users only (graphql.introspection=signed-in): sign in first.",
					ErrorCode.INTROSPECTION_DISABLED);
		}
		if (isValidationFailure(error)) {
			return rewritten(error, (this.rule == Introspection.NEVER)
					? "The query does not fit the schema. What does not fit is not shown (graphql.introspection=never): check the query against the schema you were given."
					: "The query does not fit the schema. What does not fit is shown to signed-in users only (graphql.introspection=signed-in): sign in to see it.",
					ErrorCode.VALIDATION_FAILED);
		}
		return GraphqlErrorBuilder.newError()
			.message(error.getMessage())
			.locations(error.getLocations())
			.path(error.getParsedPath())
			.errorType(error.getErrorType())
			.extensions(error.getExtensions())
			.build();
	}

	private boolean isRefusal(ResponseError error) {
		return "IntrospectionDisabled".equals(String.valueOf(error.getErrorType()));
	}

	/**
	 * Validation and variable errors carry no code of their own, unlike limits' refusals.
	 */
	private boolean isValidationFailure(ResponseError error) {
		return !error.getExtensions().containsKey("code") && (error.getErrorType() == ErrorType.ValidationError
				|| error.getErrorType() == ErrorType.ExecutionAborted);
	}

	/** No other extension, so only its place tells one failure from another. */
	private static GraphQLError rewritten(ResponseError error, String message, String code) {
		return ErrorCode.newError(code)
			.message(message)
			.locations(error.getLocations())
			.path(error.getParsedPath())
			.errorType(error.getErrorType())
			.build();
	}

}
