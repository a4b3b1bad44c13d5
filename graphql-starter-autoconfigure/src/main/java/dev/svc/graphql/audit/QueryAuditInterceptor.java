package dev.svc.graphql.audit;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.OffsetDateTime;

import dev.svc.graphql.context.UserContext;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Writes an audit record for every executed query: the caller, the query document, how long it
 * took and the first error, if any. Records of anonymous queries belong to the host, whatever
 * tenant their {@code Svc-TenantId} header names.
 */
final class QueryAuditInterceptor implements WebGraphQlInterceptor {

	private final AuditLogWriter writer;

	private final Clock clock;

	QueryAuditInterceptor(AuditLogWriter writer, Clock clock) {
		this.writer = writer;
		this.clock = clock;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		long startNanos = System.nanoTime();
		return chain.next(request).doOnNext((response) -> {
			UserContext user = response.getExecutionInput().getGraphQLContext().get(UserContext.class);
			InetSocketAddress remote = request.getRemoteAddress();
			String operation = (request.getOperationName() != null) ? request.getOperationName() : "query";
			String error = response.getErrors().isEmpty() ? null : response.getErrors().get(0).getMessage();
			// an anonymous caller's tenant is only what its header claims: its records stay with the
			// host's, so that nobody can fill a tenant's log by naming it
			boolean signedIn = user != null && user.isAuthenticated();
			this.writer.write(new AuditRecord(signedIn ? user.tenantId() : null,
					(user != null) ? user.userId() : null, "GraphQL", operation, request.getDocument(), start,
					(int) ((System.nanoTime() - startNanos) / 1_000_000),
					(remote != null) ? remote.getAddress().getHostAddress() : null,
					request.getHeaders().getFirst("User-Agent"), error));
		});
	}

}
