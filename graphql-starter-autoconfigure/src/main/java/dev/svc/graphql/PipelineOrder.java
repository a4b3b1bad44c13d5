package dev.svc.graphql;

import org.springframework.boot.security.autoconfigure.web.servlet.SecurityFilterProperties;
import org.springframework.core.Ordered;

/**
 * The order of everything the module adds to a request's way through the host: servlet
 * filters, Spring Security filter chains, router functions and GraphQL interceptors, in
 * one place, so that how they follow each other reads top to bottom here. A host that
 * places its own interceptor or filter chain relative to the module's can use these
 * values too.
 *
 * <p>
 * Servlet filters run ahead of Spring Security's filter chain proxy
 * ({@code spring.security.filter.order}, -100 by default). GraphQL interceptors run in
 * ascending order, the first one outermost.
 */
public final class PipelineOrder {

	/**
	 * {@code RequestBodyLimitFilter}: ahead of every other filter, Spring Session's and
	 * Spring Security's included, so that an oversized or slow body costs nothing.
	 */
	public static final int REQUEST_BODY_LIMIT_FILTER = Ordered.HIGHEST_PRECEDENCE + 10;

	/**
	 * {@code SessionRevocationFilter}: after Spring Session (whose session it checks) and
	 * before Spring Security's filter chain proxy (whose context it guards).
	 */
	public static final int SESSION_REVOCATION_FILTER = SecurityFilterProperties.DEFAULT_FILTER_ORDER - 10;

	/**
	 * The module's security filter chains (GraphQL endpoint, playground, token and cookie
	 * sign-in): each matches only its own paths, ahead of Spring Boot's default chain
	 * ({@code SecurityFilterProperties.BASIC_AUTH_ORDER}) and of a host's chains at the
	 * default order, so that a host's catch-all chain never takes the module's paths.
	 */
	public static final int SECURITY_FILTER_CHAIN = SecurityFilterProperties.BASIC_AUTH_ORDER - 10;

	/**
	 * The GraphQL endpoint's extra routes (GET queries, GraphQL-shaped refusals): ahead
	 * of Spring Boot's GraphQL routes, which are at the default order.
	 */
	public static final int GRAPHQL_ROUTES = -1;

	/**
	 * {@code RequestErrorInterceptor}: outermost, so that it sees the errors every other
	 * interceptor produces.
	 */
	public static final int REQUEST_ERROR_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE;

	/**
	 * {@code UserContextInterceptor}: resolves the caller before anything that depends on
	 * it.
	 */
	public static final int USER_CONTEXT_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 100;

	/**
	 * {@code TenantHeaderInterceptor}: refuses an unknown tenant after the caller is
	 * known, before anything runs or is audited.
	 */
	public static final int TENANT_HEADER_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 110;

	/**
	 * {@code PersistedQueryInterceptor}: puts the text of a document named by its hash or
	 * its {@code documentId} into the request, or refuses the request (unknown, or not
	 * allowed by {@code graphql.persisted-documents.mode} for the caller, which is known
	 * by then), before anything that reads the document runs or records it.
	 */
	public static final int PERSISTED_QUERY_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 120;

	/**
	 * {@code IntrospectionInterceptor}: applies the introspection rule once the caller is
	 * known.
	 */
	public static final int INTROSPECTION_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 150;

	/**
	 * {@code QueryAuditInterceptor}: records what ran, inside the refusals above.
	 */
	public static final int AUDIT_INTERCEPTOR = Ordered.HIGHEST_PRECEDENCE + 200;

	/**
	 * {@code QueryExceptionResolver} and the root container's wiring: last, after any
	 * resolver or configurer of the host's, which may claim its own exceptions and fields
	 * first.
	 */
	public static final int LAST = Ordered.LOWEST_PRECEDENCE;

	private PipelineOrder() {
	}

}
