package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.io.Serializable;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonFormat;
import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.signin.password.SignInInput.Problem;
import dev.svc.graphql.signin.reset.PasswordResetResult;
import dev.svc.graphql.signin.reset.PasswordResetService;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Sets the new password of a user who must change it: a form post with {@code password},
 * whose user and code (its digest) the login kept in the session, or a JSON post with the
 * {@code userId} and {@code resetCode} the JSON login answered.
 */
final class PasswordResetFilter extends OncePerRequestFilter {

	static final String PENDING_RESET = PasswordResetFilter.class.getName() + ".PENDING_RESET";

	private final RequestMatcher resetPosts;

	private final PasswordResetService passwordReset;

	private final LoginResponses responses;

	PasswordResetFilter(RequestMatcher resetPosts, PasswordResetService passwordReset, LoginResponses responses) {
		this.resetPosts = resetPosts;
		this.passwordReset = passwordReset;
		this.responses = responses;
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (!this.resetPosts.matches(request)) {
			chain.doFilter(request, response);
			return;
		}
		this.responses.passwordReset(request, response,
				JsonRequests.isJson(request) ? resetFromJson(request) : resetFromForm(request));
	}

	private PasswordResetResult resetFromJson(HttpServletRequest request) throws IOException {
		ResetForm form;
		try {
			form = JsonMapper.shared().readValue(request.getInputStream(), ResetForm.class);
		}
		catch (JacksonException ex) {
			form = null;
		}
		if (form == null) {
			return PasswordResetResult.invalidInput(List.of(new Problem("", "The body must be a JSON object: "
					+ "{\"userId\": 2, \"resetCode\": \"...\", \"password\": \"...\"}.")));
		}
		if (form.userId() == null) {
			return PasswordResetResult.invalidInput(List.of(new Problem("userId", "The userId field is required.")));
		}
		return this.passwordReset.resetPassword(form.userId(), form.resetCode(), form.password(),
				ClientAddress.of(request));
	}

	private PasswordResetResult resetFromForm(HttpServletRequest request) {
		HttpSession session = request.getSession(false);
		if (session == null || !(session.getAttribute(PENDING_RESET) instanceof PendingReset pending)) {
			return PasswordResetResult.invalidCode();
		}
		PasswordResetResult result = this.passwordReset.resetPasswordWithCodeDigest(pending.userId(),
				pending.resetCodeDigest(), request.getParameter("password"), ClientAddress.of(request));
		if (result.outcome() != PasswordResetResult.Outcome.INVALID_INPUT
				&& result.outcome() != PasswordResetResult.Outcome.THROTTLED) {
			session.removeAttribute(PENDING_RESET);
		}
		return result;
	}

	// the code's digest only, as the credential store keeps it
	record PendingReset(long userId, String resetCodeDigest) implements Serializable {
	}

	@JsonFormat(with = JsonFormat.Feature.ACCEPT_CASE_INSENSITIVE_PROPERTIES)
	record ResetForm(@Nullable Long userId, @Nullable String resetCode, @Nullable String password) {
	}

}
