package dev.svc.graphql.signin.cookie;

import java.io.IOException;

import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.databind.json.JsonMapper;

import dev.svc.graphql.signin.cookie.TenancyLoginFilter.InvalidLoginRequestException;

import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;
import org.springframework.security.web.authentication.AuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SavedRequestAwareAuthenticationSuccessHandler;
import org.springframework.security.web.authentication.SimpleUrlAuthenticationFailureHandler;
import org.springframework.security.web.savedrequest.HttpSessionRequestCache;
import org.springframework.security.web.savedrequest.RequestCache;
import org.springframework.security.web.savedrequest.SavedRequest;

/**
 * How a login post is answered: a form post is redirected, as Spring Security's form login does
 * (to the page the user was on the way to, or the success URL; back to the login page with
 * {@code ?error} and the failure in the session); a JSON post gets JSON, for the page's script to
 * act on.
 */
final class LoginResponses implements AuthenticationSuccessHandler, AuthenticationFailureHandler {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	private final RequestCache requestCache = new HttpSessionRequestCache();

	private final String successUrl;

	private final SavedRequestAwareAuthenticationSuccessHandler formSuccess;

	private final SimpleUrlAuthenticationFailureHandler formFailure;

	LoginResponses(String loginPath, String successUrl) {
		this.successUrl = successUrl;
		this.formSuccess = new SavedRequestAwareAuthenticationSuccessHandler();
		this.formSuccess.setDefaultTargetUrl(successUrl);
		this.formSuccess.setRequestCache(this.requestCache);
		this.formFailure = new SimpleUrlAuthenticationFailureHandler(loginPath + "?error");
	}

	@Override
	public void onAuthenticationSuccess(HttpServletRequest request, HttpServletResponse response,
			Authentication authentication) throws IOException, ServletException {
		if (!TenancyLoginFilter.isJson(request)) {
			this.formSuccess.onAuthenticationSuccess(request, response, authentication);
			return;
		}
		SavedRequest saved = this.requestCache.getRequest(request, response);
		this.requestCache.removeRequest(request, response);
		write(response, HttpStatus.OK, new Succeeded(true, (saved != null) ? saved.getRedirectUrl() : this.successUrl));
	}

	@Override
	public void onAuthenticationFailure(HttpServletRequest request, HttpServletResponse response,
			AuthenticationException exception) throws IOException, ServletException {
		if (!TenancyLoginFilter.isJson(request)) {
			this.formFailure.onAuthenticationFailure(request, response, exception);
			return;
		}
		HttpStatus status = (exception instanceof InvalidLoginRequestException) ? HttpStatus.BAD_REQUEST
				: HttpStatus.UNAUTHORIZED;
		write(response, status, new Failed(false, new Failed.Error(exception.getMessage())));
	}

	private static void write(HttpServletResponse response, HttpStatus status, Object body) throws IOException {
		response.setStatus(status.value());
		response.setContentType(MediaType.APPLICATION_JSON_VALUE);
		JSON.writeValue(response.getOutputStream(), body);
	}

	/**
	 * The answer to a JSON login post that signed the user in.
	 *
	 * @param success always true
	 * @param targetUrl where the page should go next
	 */
	record Succeeded(boolean success, String targetUrl) {
	}

	/**
	 * The answer to a JSON login post that did not.
	 *
	 * @param success always false
	 * @param error why
	 */
	record Failed(boolean success, Error error) {

		/**
		 * Why a sign-in failed.
		 *
		 * @param message what to tell the user
		 */
		record Error(String message) {
		}

	}

}
