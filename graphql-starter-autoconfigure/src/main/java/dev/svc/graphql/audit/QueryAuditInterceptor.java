package dev.svc.graphql.audit;

import java.net.InetSocketAddress;
import java.time.Clock;
import java.time.OffsetDateTime;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.UserContext;
import dev.svc.graphql.error.ErrorCode;
import reactor.core.publisher.Mono;

import org.springframework.context.SmartLifecycle;
import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;

/**
 * Writes an audit record for every executed query: caller, document, duration and first
 * error. A document named by hash or id and not found for its caller ran nothing, and
 * leaves none. Anonymous queries' records belong to the host, whatever tenant their
 * {@code Svc-TenantId} header names, keep less of the document and User-Agent, and are
 * limited per address by an {@link AuditQuota}; signed-in users', per user by a more
 * generous one. Both windows are summed up on stop.
 */
final class QueryAuditInterceptor implements WebGraphQlInterceptor, SmartLifecycle {

	static final int ANONYMOUS_DOCUMENT_LENGTH = 256;

	static final int ANONYMOUS_USER_AGENT_LENGTH = 128;

	private final AuditLogWriter writer;

	private final Clock clock;

	private final AuditQuota anonymousQuota;

	private final AuditQuota signedInQuota;

	QueryAuditInterceptor(AuditLogWriter writer, Clock clock, AuditQuota anonymousQuota, AuditQuota signedInQuota) {
		this.writer = writer;
		this.clock = clock;
		this.anonymousQuota = anonymousQuota;
		this.signedInQuota = signedInQuota;
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		OffsetDateTime start = OffsetDateTime.now(this.clock);
		long startNanos = System.nanoTime();
		return chain.next(request).doOnNext((response) -> {
			if (foundNoDocument(response)) {
				return;
			}
			UserContext user = response.getExecutionInput().getGraphQLContext().get(UserContext.class);
			InetSocketAddress remote = request.getRemoteAddress();
			// what a trusted proxy said the client's address is, if it is an address at
			// all
			String address = (remote != null) ? ClientAddress.literal(remote.getHostString()) : null;
			boolean signedIn = user != null && user.isAuthenticated();
			if (!signedIn && !this.anonymousQuota.admit(address, start.toInstant())) {
				return;
			}
			Long userId = (user != null) ? user.userId() : null;
			if (signedIn && userId != null
					&& !this.signedInQuota.admitUser(user.tenantId(), userId, start.toInstant())) {
				return;
			}
			String operation = (request.getOperationName() != null) ? request.getOperationName() : "query";
			String error = response.getErrors().isEmpty() ? null : response.getErrors().get(0).getMessage();
			// the text that ran: a persisted query's, when the request named only its
			// hash
			String document = response.getExecutionInput().getQuery();
			String userAgent = request.getHeaders().getFirst("User-Agent");
			// an anonymous caller's tenant is only what its header claims: records stay
			// the host's, so that nobody can fill a tenant's log by naming it
			this.writer.write(new AuditRecord(signedIn ? user.tenantId() : null, (user != null) ? user.userId() : null,
					"GraphQL", operation, signedIn ? document : AuditRows.storable(document, ANONYMOUS_DOCUMENT_LENGTH),
					start, (int) ((System.nanoTime() - startNanos) / 1_000_000), address,
					signedIn ? userAgent : AuditRows.storable(userAgent, ANONYMOUS_USER_AGENT_LENGTH), error));
		});
	}

	private static boolean foundNoDocument(WebGraphQlResponse response) {
		if (response.getErrors().size() != 1) {
			return false;
		}
		Object code = response.getErrors().get(0).getExtensions().get("code");
		return ErrorCode.PERSISTED_QUERY_NOT_FOUND.equals(code) || ErrorCode.PERSISTED_DOCUMENT_NOT_FOUND.equals(code);
	}

	@Override
	public void start() {
		this.anonymousQuota.start();
		this.signedInQuota.start();
	}

	@Override
	public void stop() {
		this.anonymousQuota.stop();
		this.signedInQuota.stop();
	}

	@Override
	public boolean isRunning() {
		return this.anonymousQuota.isRunning();
	}

	// after the web server (DEFAULT_PHASE - 1024) finished its requests, before the
	// writer (DEFAULT_PHASE - 2048) writes what it holds
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 1536;
	}

	long notRecordedQueries() {
		return this.anonymousQuota.notRecorded();
	}

}
