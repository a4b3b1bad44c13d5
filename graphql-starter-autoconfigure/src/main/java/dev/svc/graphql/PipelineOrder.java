package dev.svc.graphql;

import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.core.Ordered;

/**
 * The order of everything the module adds to a request's way through the host (servlet
 * filters, security filter chains, router functions, GraphQL interceptors), in one place;
 * hosts may place their own relative to these. Servlet filters run ahead of Spring
 * Security's filter chain proxy ({@code spring.security.filter.order}, -100 by default).
 * GraphQL interceptors run in ascending order, the first one outermost.
 */
public final class PipelineOrder {

	/**
	 * {@code RequestPlacesFilter}: first of all, so that a request waiting for its body
	 * holds no place a working one needs, and slow bodies are cut before anything else
	 * runs.
	 */
	public static final int REQUEST_PLACES_FILTER = Ordered.HIGHEST_PRECEDENCE;

	/** {@code RequestBodyLimitFilter}: next, so big bodies cost nothing. */
	public static final int REQUEST_BODY_LIMIT_FILTER = Ordered.HIGHEST_PRECEDENCE + 10;

	/** {@code SessionRevocationFilter}: after Spring Session, before Spring Security. */
	public static final int SESSION_REVOCATION_FILTER = SecurityFilterProperties.DEFAULT_FILTER_ORDER - 10;

	/**
	 * The module's security filter chains, each matching only its own paths: ahead of
	 * Boot's default chain and of a host's chains at the default order, so that a host's
	 * catch-all chain never takes the module's paths.
	 */
	public static final int SECURITY_FILTER_CHAIN = SecurityFilterProperties.BASIC_AUTH_ORDER - 10;

	/** The endpoint's extra routes: ahead of Boot's GraphQL routes (default order). */
	public static final int GRAPHQL_ROUTES = -1;

	/** {@code RequestErrorInterceptor}: outermost, to see every interceptor's errors. */
	public static final int REQUEST_ERROR_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE;

	/** {@code UserContextInterceptor}: resolves the caller before anything needs it. */
	public static final int USER_CONTEXT_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 100;

	/**
	 * {@code TenantHeaderInterceptor}: refuses an unknown tenant once the caller is
	 * known, before anything runs or is audited.
	 */
	public static final int TENANT_HEADER_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 110;

	/**
	 * {@code PersistedQueryInterceptor}: resolves or refuses a document named by hash or
	 * {@code documentId} once the caller is known (the mode depends on it), before
	 * anything reads or records the document.
	 */
	public static final int PERSISTED_QUERY_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 120;

	/**
	 * {@code RateLimitInterceptor}: hands the rate limits the client's address and writes
	 * the {@code RateLimit} header fields of what the operation spent.
	 */
	public static final int RATE_LIMIT_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 130;

	/**
	 * {@code IntrospectionInterceptor}: applies the introspection rule once the caller is
	 * known.
	 */
	public static final int INTROSPECTION_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 150;

	/** {@code QueryAuditInterceptor}: records what ran, inside the refusals above. */
	public static final int AUDIT_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 200;

	/**
	 * {@code QueryExceptionResolver} and the root container's wiring: last, so the host's
	 * resolvers and configurers claim their exceptions and fields first.
	 */
	public static final int LAST = Ordered.LOWEST_PRECEDENCE;

	private PipelineOrder() {
	}

}
