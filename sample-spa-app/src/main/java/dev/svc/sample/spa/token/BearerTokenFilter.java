package dev.svc.sample.spa.token;

import java.io.IOException;
import java.util.List;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.http.HttpHeaders;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.context.SecurityContext;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Signs the request in as the user of a valid {@code Authorization: Bearer} access token, for this
 * request only. A missing, invalid or expired token leaves the request anonymous.
 */
public class BearerTokenFilter extends OncePerRequestFilter {

	private static final String PREFIX = "Bearer ";

	private final TokenService tokens;

	private final SecurityContextHolderStrategy contexts = SecurityContextHolder.getContextHolderStrategy();

	public BearerTokenFilter(TokenService tokens) {
		this.tokens = tokens;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String header = request.getHeader(HttpHeaders.AUTHORIZATION);
		if (header != null && header.regionMatches(true, 0, PREFIX, 0, PREFIX.length())) {
			this.tokens.readAccessToken(header.substring(PREFIX.length()).trim()).ifPresent((user) -> {
				SecurityContext context = this.contexts.createEmptyContext();
				context.setAuthentication(UsernamePasswordAuthenticationToken.authenticated(user, null, List.of()));
				this.contexts.setContext(context);
			});
		}
		chain.doFilter(request, response);
	}

}
