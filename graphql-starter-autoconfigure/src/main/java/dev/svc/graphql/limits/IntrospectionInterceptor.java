package dev.svc.graphql.limits;

import java.util.Map;

import dev.svc.graphql.SvcGraphQlProperties.Introspection;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import graphql.GraphQLError;
import graphql.GraphqlErrorBuilder;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.graphql.ResponseError;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Applies {@code graphql.introspection} to each request: graphql-java refuses an introspection
 * query of a request that the rule shuts out ({@code __typename} keeps working), and the refusal
 * says which rule and what to do. Runs after the caller is known.
 */
final class IntrospectionInterceptor implements WebGraphQlInterceptor {


	private final Introspection rule;

	IntrospectionInterceptor(Introspection rule) {
		this.rule = rule;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		request.configureExecutionInput((input, builder) -> allows(input.getGraphQLContext().get(UserContext.class))
				? input : builder
					.graphQLContext((context) -> context.put(graphql.introspection.Introspection.INTROSPECTION_DISABLED, true))
					.build());
		return chain.next(request).map((response) -> response.getErrors().stream().anyMatch(this::isRefusal)
				? response.transform((builder) -> builder.errors(response.getErrors()
					.stream()
					.map(this::asGraphQlError)
					.toList()))
				: response);
	}

	private boolean allows(@Nullable UserContext user) {
		return switch (this.rule) {
			case EVERYONE -> true;
			case SIGNED_IN -> user != null && user.isAuthenticated();
			case NEVER -> false;
		};
	}

	private boolean isRefusal(ResponseError error) {
		return "IntrospectionDisabled".equals(String.valueOf(error.getErrorType()));
	}

	private GraphQLError asGraphQlError(ResponseError error) {
		boolean refusal = isRefusal(error);
		String message = !refusal ? error.getMessage() : (this.rule == Introspection.NEVER)
				? "Introspection is switched off (graphql.introspection=never)."
				: "Introspection is open to signed-in users only (graphql.introspection=signed-in): sign in first.";
		return GraphqlErrorBuilder.newError()
			.message(message)
			.locations(error.getLocations())
			.path(error.getParsedPath())
			.errorType(error.getErrorType())
			.extensions(refusal ? Map.of("code", ErrorCode.INTROSPECTION_DISABLED) : error.getExtensions())
			.build();
	}

}
