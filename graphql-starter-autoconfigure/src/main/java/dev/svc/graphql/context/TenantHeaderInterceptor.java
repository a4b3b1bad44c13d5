package dev.svc.graphql.context;

import java.time.Duration;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.error.ErrorCode;
import dev.svc.graphql.identity.IdentityStore;
import dev.svc.graphql.identity.Tenant;
import graphql.ExecutionResult;
import org.jspecify.annotations.Nullable;
import reactor.core.publisher.Mono;

import org.springframework.graphql.server.WebGraphQlInterceptor;
import org.springframework.graphql.server.WebGraphQlRequest;
import org.springframework.graphql.server.WebGraphQlResponse;
import org.springframework.graphql.support.DefaultExecutionGraphQlResponse;

/**
 * Refuses an anonymous request whose {@value UserContextResolver#TENANT_HEADER} header is
 * not the id of an active tenant, before any of it runs or is audited. An unknown and an
 * inactive tenant get the same message, naming no tenant: anybody may send the header,
 * and trying ids must neither list tenants' names nor tell inactive ones apart. Tenants
 * are cached (within their share of the memory budget, for {@link #CACHE_DURATION}) so a
 * flood of headers is no flood of queries.
 */
final class TenantHeaderInterceptor implements WebGraphQlInterceptor {

	/**
	 * How long a tenant read for a header is reused: the longest its deactivation takes
	 * to reach anonymous callers on each instance, as long as a session check's.
	 */
	static final Duration CACHE_DURATION = Duration.ofSeconds(5);

	/**
	 * What a kept tenant weighs on the heap besides its names: key, entry and record
	 * (about 250 bytes in all, estimated).
	 */
	private static final int ENTRY_BYTES = 224;

	private final IdentityStore store;

	private final Cache<Integer, Optional<Tenant>> tenants;

	TenantHeaderInterceptor(IdentityStore store, long cacheBytes) {
		this.store = store;
		this.tenants = Caffeine.newBuilder()
			.maximumWeight(cacheBytes)
			.<Integer, Optional<Tenant>>weigher((id, tenant) -> ENTRY_BYTES
					+ tenant.map((found) -> found.tenancyName().length() + found.name().length()).orElse(0))
			.expireAfterWrite(CACHE_DURATION)
			.executor(Runnable::run)
			.recordStats()
			.build();
	}

	@Override
	public Mono<WebGraphQlResponse> intercept(WebGraphQlRequest request, Chain chain) {
		String header = request.getHeaders().getFirst(UserContextResolver.TENANT_HEADER);
		if (header == null || header.isBlank()) {
			return chain.next(request);
		}
		String refusal = refusal(header.trim(), request);
		if (refusal == null) {
			return chain.next(request);
		}
		ExecutionResult result = ExecutionResult.newExecutionResult()
			.addError(ErrorCode.refusal(ErrorCode.BAD_REQUEST, refusal))
			.build();
		return Mono
			.just(new WebGraphQlResponse(new DefaultExecutionGraphQlResponse(request.toExecutionInput(), result)));
	}

	private @Nullable String refusal(String header, WebGraphQlRequest request) {
		// as the interceptor before this one resolved it
		UserContext caller = request.toExecutionInput().getGraphQLContext().get(UserContext.class);
		if (caller != null && caller.isAuthenticated()) {
			// a signed-in user's tenant is its own; the header means nothing
			return null;
		}
		int id;
		try {
			id = Integer.parseInt(header);
		}
		catch (NumberFormatException ex) {
			return "The " + UserContextResolver.TENANT_HEADER + " header must be a tenant's id, a whole number; it is '"
					+ shortened(header) + "'.";
		}
		return tenant(id).filter(Tenant::isActive).isPresent() ? null : "There is no active tenant with id " + id + ".";
	}

	private Optional<Tenant> tenant(int id) {
		return this.tenants.get(id, this.store::findTenant);
	}

	Cache<?, ?> cache() {
		return this.tenants;
	}

	private static String shortened(String header) {
		String printable = header.replaceAll("\\p{Cntrl}", "?");
		return (printable.length() > 20) ? printable.substring(0, 20) + "…" : printable;
	}

}
