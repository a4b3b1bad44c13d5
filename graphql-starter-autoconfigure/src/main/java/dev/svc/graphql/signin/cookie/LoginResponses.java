package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Objects;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.Sha256;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.cookie.LoginBodies.Failed;
import dev.svc.graphql.signin.cookie.LoginBodies.ResetDone;
import dev.svc.graphql.signin.cookie.LoginBodies.ResetRequired;
import dev.svc.graphql.signin.cookie.LoginBodies.SecondStep;
import dev.svc.graphql.signin.cookie.LoginBodies.Succeeded;
import dev.svc.graphql.signin.cookie.TenancyLoginFilter.InvalidLoginRequestException;
import dev.svc.graphql.signin.password.SignInInput.ValidationError;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.TenancyAuthenticationDetails;
import dev.svc.graphql.signin.reset.PasswordResetResult;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseCookie;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.logout.LogoutSuccessHandler;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;

/**
 * A form post is redirected as Spring Security's form login does; a JSON post gets JSON,
 * for the page's script to act on.
 */
final class LoginResponses implements AuthenticationSuccessHandler, AuthenticationFailureHandler, LogoutSuccessHandler {

	private final RequestCache requestCache;

	private final String loginPath;

	private final String successUrl;

	private final String passwordResetPath;

	private final Duration rememberClientLifetime;

	private final SavedRequestAwareAuthenticationSuccessHandler formSuccess;

	static final String REMEMBERED_CLIENT_COOKIE = "SVC_TWO_FACTOR_CLIENT";

	LoginResponses(String loginPath, String successUrl, String passwordResetPath, Duration rememberClientLifetime,
			RequestCache requestCache) {
		this.requestCache = requestCache;
		this.rememberClientLifetime = rememberClientLifetime;
		this.loginPath = loginPath;
		this.successUrl = successUrl;
		this.passwordResetPath = passwordResetPath;
		this.formSuccess = new SavedRequestAwareAuthenticationSuccessHandler();
		this.formSuccess.setDefaultTargetUrl(successUrl);
		this.formSuccess.setRequestCache(this.requestCache);
	}

	@Override
	public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
			Authentication authentication) throws IOException, ServletException {
		if (authentication.getDetails() instanceof TenancyAuthenticationDetails details
				&& details.twoFactorRememberClientToken() != null) {
			// this browser skips the second step a while; no page script may read it
			ResponseCookie remembered = ResponseCookie
				.from(REMEMBERED_CLIENT_COOKIE, details.twoFactorRememberClientToken())
				.path(request.getContextPath().isEmpty() ? "/" : request.getContextPath())
				.httpOnly(true)
				.secure(request.isSecure())
				.sameSite("Lax")
				.maxAge(this.rememberClientLifetime)
				.build();
			response.addHeader(HttpHeaders.SET_COOKIE, remembered.toString());
		}
		if (!JsonRequests.isJson(request)) {
			this.formSuccess.onAuthenticationSuccess(request, response, authentication);
			return;
		}
		SavedRequest saved = this.requestCache.getRequest(request, response);
		if (saved != null) {
			this.requestCache.removeRequest(request, response);
		}
		LoginBodies.write(response, HttpStatus.OK,
				new Succeeded(true, (saved != null) ? saved.getRedirectUrl() : this.successUrl));
	}

	@Override
	public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
			AuthenticationException exception) throws IOException, ServletException {
		SignInResult result = (exception instanceof SignInResult.Refused refused) ? refused.getResult() : null;
		SignedInUser user = (result != null) ? result.user() : null;
		if (result != null && user != null) {
			String resetCode = result.passwordResetCode();
			List<String> providers = result.twoFactorAuthProviders();
			if (resetCode != null) {
				passwordChangeRequired(request, response, result, user.userId(), resetCode);
				return;
			}
			if (providers != null) {
				twoFactorRequired(request, response, result, user.userId(), providers);
				return;
			}
		}
		if (!JsonRequests.isJson(request)) {
			// the message in a cookie of the page: no session for an attempt that failed
			FailureMessages.redirect(request, response, this.loginPath + "?error", messageOf(exception));
			return;
		}
		HttpStatus status = HttpStatus.UNAUTHORIZED;
		List<ValidationError> validationErrors = null;
		if (exception instanceof InvalidLoginRequestException invalid) {
			status = HttpStatus.BAD_REQUEST;
			validationErrors = ValidationError.of(invalid.getProblems());
		}
		else if (result != null && result.outcome() == SignInResult.Outcome.THROTTLED) {
			status = HttpStatus.TOO_MANY_REQUESTS;
			response.setHeader(HttpHeaders.RETRY_AFTER,
					String.valueOf(Objects.requireNonNull(result.retryAfter(), "throttled").toSeconds()));
		}
		LoginBodies.write(response, status,
				new Failed(false, new Failed.Error(messageOf(exception), validationErrors)));
	}

	// nobody signed in yet: a form post's code goes in the session as the store keeps it
	// (its digest), never in a URL
	private void passwordChangeRequired(HttpServletRequest request, HttpServletResponse response, SignInResult required,
			long userId, String resetCode) throws IOException {
		if (!JsonRequests.isJson(request)) {
			request.getSession()
				.setAttribute(PasswordResetFilter.PENDING_RESET,
						new PasswordResetFilter.PendingReset(userId, Sha256.hex(resetCode)));
			response.sendRedirect(request.getContextPath() + this.passwordResetPath);
			return;
		}
		LoginBodies.write(response, HttpStatus.OK, new ResetRequired(false, this.passwordResetPath,
				new ResetRequired.Result(true, resetCode, userId), new Failed.Error(required.failureMessage(), null)));
	}

	// the user is kept in the session for SecondStepCodeFilter to send a code
	private void twoFactorRequired(HttpServletRequest request, HttpServletResponse response, SignInResult required,
			long userId, List<String> providers) throws IOException {
		if (!JsonRequests.isJson(request)) {
			request.getSession()
				.setAttribute(SecondStepCodeFilter.PENDING_SECOND_STEP,
						new SecondStepCodeFilter.PendingSecondStep(userId, providers));
			response
				.sendRedirect(request.getContextPath() + SecondStepCodeFilter.secondStepUrl(this.loginPath, providers));
			return;
		}
		LoginBodies.write(response, HttpStatus.OK, new SecondStep(false, new SecondStep.Result(true, providers, userId),
				new Failed.Error(required.failureMessage(), null)));
	}

	/** When the code no longer works, a form post goes to the login page. */
	void passwordReset(HttpServletRequest request, HttpServletResponse response, PasswordResetResult result)
			throws IOException {
		boolean reset = result.outcome() == PasswordResetResult.Outcome.RESET;
		if (!JsonRequests.isJson(request)) {
			if (reset) {
				response.sendRedirect(request.getContextPath() + this.loginPath + "?passwordChanged");
				return;
			}
			FailureMessages.redirect(request, response, (result.outcome() == PasswordResetResult.Outcome.INVALID_INPUT)
					? this.passwordResetPath + "?error" : this.loginPath + "?error", result.failureMessage());
			return;
		}
		if (reset) {
			LoginBodies.write(response, HttpStatus.OK, new ResetDone(true, this.loginPath,
					new ResetDone.Result(true, Objects.requireNonNull(result.userName(), "a reset names its user"))));
			return;
		}
		HttpStatus status = HttpStatus.BAD_REQUEST;
		if (result.outcome() == PasswordResetResult.Outcome.THROTTLED) {
			status = HttpStatus.TOO_MANY_REQUESTS;
			response.setHeader(HttpHeaders.RETRY_AFTER,
					String.valueOf(Objects.requireNonNull(result.retryAfter(), "throttled").toSeconds()));
		}
		List<ValidationError> validationErrors = result.problems().isEmpty() ? null
				: ValidationError.of(result.problems());
		LoginBodies.write(response, status,
				new Failed(false, new Failed.Error(result.failureMessage(), validationErrors)));
	}

	private static String messageOf(Exception exception) {
		return Objects.requireNonNullElse(exception.getMessage(), "The sign-in failed.");
	}

	@Override
	public void onLogoutSuccess(HttpServletRequest request, HttpServletResponse response,
			@Nullable Authentication authentication) throws IOException {
		if (!JsonRequests.isJson(request)) {
			response.sendRedirect(request.getContextPath() + this.loginPath + "?logout");
			return;
		}
		LoginBodies.write(response, HttpStatus.OK, new Succeeded(true, this.loginPath));
	}

}
