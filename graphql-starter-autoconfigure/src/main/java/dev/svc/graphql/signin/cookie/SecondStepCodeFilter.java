package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.io.Serializable;
import java.time.Duration;
import java.util.List;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.RetryAfter;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.signin.twofactor.TwoFactorService;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.jspecify.annotations.Nullable;

import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Has a two-factor code sent for the second step of a form login: a login form post with
 * {@code sendTwoFactorCode} (the provider, {@code Email} or {@code Phone}) and no
 * password sends a code to the user whose password the session's last login post gave,
 * then goes back to the login page with {@code &codeSent}, or with {@code &retryAfter=N}
 * (seconds) when a code went to the user moments ago or too many this hour.
 */
final class SecondStepCodeFilter extends OncePerRequestFilter {

	static final String PENDING_SECOND_STEP = SecondStepCodeFilter.class.getName() + ".PENDING_SECOND_STEP";

	private static final String PARAMETER = "sendTwoFactorCode";

	private final RequestMatcher loginPosts;

	private final String loginPath;

	private final @Nullable TwoFactorService twoFactor;

	SecondStepCodeFilter(RequestMatcher loginPosts, String loginPath, @Nullable TwoFactorService twoFactor) {
		this.loginPosts = loginPosts;
		this.loginPath = loginPath;
		this.twoFactor = twoFactor;
	}

	static String secondStepUrl(String loginPath, List<String> providers) {
		return loginPath + "?twoFactor&providers=" + String.join(",", providers);
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		String provider = request.getParameter(PARAMETER);
		if (provider == null || !this.loginPosts.matches(request) || JsonRequests.isJson(request)) {
			chain.doFilter(request, response);
			return;
		}
		HttpSession session = request.getSession(false);
		if (session == null || !(session.getAttribute(PENDING_SECOND_STEP) instanceof PendingSecondStep pending)) {
			response.sendRedirect(request.getContextPath() + this.loginPath);
			return;
		}
		Duration wait = (this.twoFactor != null)
				? this.twoFactor.sendTwoFactorCode(pending.userId(), provider, ClientAddress.of(request)) : null;
		response.sendRedirect(request.getContextPath() + secondStepUrl(this.loginPath, pending.providers())
				+ ((wait != null) ? "&retryAfter=" + RetryAfter.seconds(wait) : "&codeSent"));
	}

	record PendingSecondStep(long userId, List<String> providers) implements Serializable {
	}

}
