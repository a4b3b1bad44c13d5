package dev.svc.graphql.context;

import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/** Resolves the caller once, on the request's thread, into the GraphQL context. */
final class UserContextInterceptor implements WebGraphQlInterceptor {

	private final UserContextResolver resolver;

	UserContextInterceptor(UserContextResolver resolver) {
		this.resolver = resolver;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		UserContext user = this.resolver.resolve(request);
		request.configureExecutionInput(
				(input, builder) -> builder.graphQLContext((context) -> context.put(UserContext.class, user)).build());
		return chain.next(request);
	}

}
