package dev.svc.graphql.web;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpMethod;
import org.springframework.security.core.context.DeferredSecurityContext;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.web.context.DelegatingSecurityContextRepository;
import org.springframework.security.web.context.HttpRequestResponseHolder;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.security.web.context.RequestAttributeSecurityContextRepository;
import org.springframework.security.web.context.SecurityContextRepository;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Reads the session's user only for requests another site cannot send without a CORS
 * preflight: a POST (only JSON bodies run) or a GET with {@value #PREFLIGHT_HEADER}. Any
 * other GET runs anonymously, so a cross-site link or image never runs a query as the
 * cookie's user. Bearer tokens need a preflight anyway.
 */
final class PreflightedSecurityContextRepository implements SecurityContextRepository {

	static final String PREFLIGHT_HEADER = "GraphQL-Require-Preflight";

	private final SecurityContextRepository sessions = new DelegatingSecurityContextRepository(
			new RequestAttributeSecurityContextRepository(), new HttpSessionSecurityContextRepository());

	private final RequestMatcher queriesWithGet;

	/**
	 * Other paths of the chain (the schema printer) change nothing and their answers are
	 * unreadable cross-site, so they read the session as usual.
	 */
	PreflightedSecurityContextRepository(String path) {
		this.queriesWithGet = PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.GET, path);
	}

	@Override
	public SecurityContext loadContext(HttpRequestResponseHolder holder) {
		return preflighted(holder.getRequest()) ? this.sessions.loadContext(holder)
				: SecurityContextHolder.createEmptyContext();
	}

	@Override
	public DeferredSecurityContext loadDeferredContext(HttpServletRequest request) {
		if (preflighted(request)) {
			return this.sessions.loadDeferredContext(request);
		}
		return new DeferredSecurityContext() {

			@Override
			public SecurityContext get() {
				return SecurityContextHolder.createEmptyContext();
			}

			@Override
			public boolean isGenerated() {
				return true;
			}

		};
	}

	@Override
	public void saveContext(SecurityContext context, HttpServletRequest request, HttpServletResponse response) {
		this.sessions.saveContext(context, request, response);
	}

	@Override
	public boolean containsContext(HttpServletRequest request) {
		return preflighted(request) && this.sessions.containsContext(request);
	}

	private boolean preflighted(HttpServletRequest request) {
		return !this.queriesWithGet.matches(request) || request.getHeader(PREFLIGHT_HEADER) != null;
	}

}
