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
 * Writes an audit record for every executed query: the caller, the query document, how
 * long it took and the first error, if any. A request for a document by its hash or id
 * that found none for its caller ran nothing, and leaves no record. Records of anonymous
 * queries belong to the host, whatever tenant their {@code Svc-TenantId} header names,
 * keep less of the document and the User-Agent, and are limited per client address by an
 * {@link AuditQuota}; those of each signed-in user are limited per user by another, more
 * generous one. The open windows of both are summed up when the application stops.
 */
final class QueryAuditInterceptor implements WebGraphQlInterceptor, SmartLifecycle {

	/** How much of an anonymous query's document its record keeps. */
	static final int ANONYMOUS_DOCUMENT_LENGTH = 256;

	/** How much of an anonymous caller's User-Agent its record keeps. */
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
			// an anonymous caller's tenant is only what its header claims: its records
			// stay with the host's, so that nobody can fill a tenant's log by naming it
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

	/**
	 * Sums up the open window after the web server (whose phase is
	 * {@code DEFAULT_PHASE - 1024}) has finished its requests, and before the writer (at
	 * {@code DEFAULT_PHASE - 2048}) writes what it holds.
	 */
	@Override
	public int getPhase() {
		return SmartLifecycle.DEFAULT_PHASE - 1536;
	}

	/**
	 * How many anonymous queries got no record of their own.
	 * @return the count since start
	 */
	long notRecordedQueries() {
		return this.anonymousQuota.notRecorded();
	}

}
