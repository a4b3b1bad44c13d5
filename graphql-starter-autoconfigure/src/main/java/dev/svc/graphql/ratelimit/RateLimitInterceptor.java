package dev.svc.graphql.ratelimit;

import java.net.InetSocketAddress;

import dev.svc.graphql.context.ClientAddress;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Hands the rate limits the client's address (what a trusted proxy said it is, if it is
 * an address at all) and writes what the operation spent into the response's header
 * fields.
 */
final class RateLimitInterceptor implements WebGraphQlInterceptor {

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		InetSocketAddress remote = request.getRemoteAddress();
		RateLimitStatus status = new RateLimitStatus(
				(remote != null) ? ClientAddress.literal(remote.getHostString()) : null);
		request.configureExecutionInput((input,
				builder) -> builder.graphQLContext((context) -> context.put(RateLimitStatus.class, status)).build());
		return chain.next(request).doOnNext((response) -> status.writeTo(response.getResponseHeaders()));
	}

}
