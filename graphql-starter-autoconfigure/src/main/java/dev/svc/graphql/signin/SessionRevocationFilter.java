package dev.svc.graphql.signin;

import java.io.IOException;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.session.ActiveSessions;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.jspecify.annotations.Nullable;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.web.context.HttpSessionSecurityContextRepository;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Ends an HTTP session whose user's module session has ended, the first time anything of
 * the request asks for it (any chain's security context, a controller, a page): so a
 * cookie is never trusted further than a token is, and a request that never looks at its
 * session costs nothing more.
 */
final class SessionRevocationFilter extends OncePerRequestFilter {

	private final ActiveSessions sessions;

	SessionRevocationFilter(ActiveSessions sessions) {
		this.sessions = sessions;
	}

	// an error page that reads the session must not see a revoked user either
	@Override
	protected boolean shouldNotFilterErrorDispatch() {
		return false;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		chain.doFilter(new CheckedSessionRequest(request), response);
	}

	private boolean isRevoked(HttpSession session) {
		Object context = session.getAttribute(HttpSessionSecurityContextRepository.SPRING_SECURITY_CONTEXT_KEY);
		Authentication authentication = (context instanceof SecurityContext securityContext)
				? securityContext.getAuthentication() : null;
		return authentication != null && authentication.getPrincipal() instanceof SignedInUser user
				&& !this.sessions.isActive(user);
	}

	private final class CheckedSessionRequest extends HttpServletRequestWrapper {

		private boolean checked;

		CheckedSessionRequest(HttpServletRequest request) {
			super(request);
		}

		@Override
		public @Nullable HttpSession getSession(boolean create) {
			HttpSession session = super.getSession(create);
			if (session != null && !this.checked) {
				this.checked = true;
				if (isRevoked(session)) {
					session.invalidate();
					session = super.getSession(create);
				}
			}
			return session;
		}

		@Override
		public HttpSession getSession() {
			HttpSession session = getSession(true);
			if (session == null) {
				throw new IllegalStateException("No session was created");
			}
			return session;
		}

	}

}
