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
 * Reads the signed-in user from the session only for requests that no page of another
 * site can send without a CORS preflight. A POST qualifies (the endpoint runs only JSON
 * bodies); a GET only with the {@value #PREFLIGHT_HEADER} header, which a cross-site page
 * cannot add without a preflight. Any other GET runs anonymously, so a link or an image
 * on another site never runs a query as the user whose cookie the browser sends along.
 * Bearer tokens are not affected: a page cannot send them without a preflight either.
 */
final class PreflightedSecurityContextRepository implements SecurityContextRepository {

	/** The header that lets a cookie-authenticated GET run as the signed-in user. */
	static final String PREFLIGHT_HEADER = "GraphQL-Require-Preflight";

	private final SecurityContextRepository sessions = new DelegatingSecurityContextRepository(
			new RequestAttributeSecurityContextRepository(), new HttpSessionSecurityContextRepository());

	private final RequestMatcher queriesWithGet;

	/**
	 * Creates the repository for the endpoint on the given path. Other paths of the
	 * chain, such as Spring Boot's schema printer, only read and change nothing, and a
	 * page of another site cannot read what they answer: they read the session as usual.
	 * @param path the endpoint's path
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
