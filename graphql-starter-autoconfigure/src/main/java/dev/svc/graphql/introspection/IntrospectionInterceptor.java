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
 * Applies {@code graphql.introspection} to each request: graphql-java refuses an
 * introspection query of a request that the rule shuts out ({@code __typename} keeps
 * working), and the refusal says which rule and what to do. Such a request's validation
 * errors all get one message, which names no type, field or argument and is the same for
 * every kind of failure: graphql-java's own ("Field 'nope' in type 'User' is undefined",
 * "Subselection required for type 'UserPagedResult!'") would let a caller learn the
 * schema by guessing, one query per name. Runs after the caller is known.
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
		if (!shutsOut(response)
				|| response.getErrors().stream().noneMatch((error) -> isRefusal(error) || isValidationFailure(error))) {
			return response;
		}
		return response
			.transform((builder) -> builder.errors(response.getErrors().stream().map(this::withoutSchema).toList()));
	}

	private boolean allows(@Nullable UserContext user) {
		return this.rule.allows(user != null && user.isAuthenticated());
	}

	private boolean shutsOut(WebGraphQlResponse response) {
		return !allows(response.getExecutionInput().getGraphQLContext().get(UserContext.class));
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
	 * Whether the error is one that the error interceptor reports as
	 * {@code GRAPHQL_VALIDATION_FAILED}: graphql-java's validation and variable errors,
	 * which carry no code of their own, unlike the limits' refusals.
	 */
	private boolean isValidationFailure(ResponseError error) {
		return !error.getExtensions().containsKey("code") && (error.getErrorType() == ErrorType.ValidationError
				|| error.getErrorType() == ErrorType.ExecutionAborted);
	}

	/**
	 * The error with the given message and code, where it was, and no other extension, so
	 * that nothing but its place tells one failure of the kind from another.
	 */
	private static GraphQLError rewritten(ResponseError error, String message, String code) {
		return ErrorCode.newError(code)
			.message(message)
			.locations(error.getLocations())
			.path(error.getParsedPath())
			.errorType(error.getErrorType())
			.build();
	}

}
