package dev.svc.graphql.signin.cookie;

import java.io.IOException;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import dev.svc.graphql.signin.TenancyAuthenticationDetails;

import org.springframework.http.MediaType;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AbstractAuthenticationProcessingFilter;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Signs a user in from a login post: a form ({@code tenancyName}, {@code userNameOrEmailAddress},
 * {@code password}) or a JSON object with the same members.
 */
final class TenancyLoginFilter extends AbstractAuthenticationProcessingFilter {

	private static final JsonMapper JSON = JsonMapper.builder().build();

	TenancyLoginFilter(RequestMatcher loginRequests, AuthenticationManager authenticationManager) {
		super(loginRequests, authenticationManager);
	}

	@Override
	public Authentication attemptAuthentication(HttpServletRequest request, HttpServletResponse response)
			throws AuthenticationException, IOException {
		LoginForm form = isJson(request) ? readJson(request)
				: new LoginForm(request.getParameter(TenancyAuthenticationDetails.TENANCY_NAME_PARAMETER),
						request.getParameter("userNameOrEmailAddress"), request.getParameter("password"));
		UsernamePasswordAuthenticationToken attempt = UsernamePasswordAuthenticationToken
			.unauthenticated((form.userNameOrEmailAddress() != null) ? form.userNameOrEmailAddress() : "", form.password());
		attempt.setDetails(new TenancyAuthenticationDetails(request, form.tenancyName()));
		return getAuthenticationManager().authenticate(attempt);
	}

	static boolean isJson(HttpServletRequest request) {
		String contentType = request.getContentType();
		try {
			return contentType != null && MediaType.APPLICATION_JSON.includes(MediaType.parseMediaType(contentType));
		}
		catch (IllegalArgumentException ex) {
			return false;
		}
	}

	private static LoginForm readJson(HttpServletRequest request) throws IOException {
		try {
			LoginForm form = JSON.readValue(request.getInputStream(), LoginForm.class);
			if (form == null) {
				throw new InvalidLoginRequestException();
			}
			return form;
		}
		catch (JacksonException ex) {
			throw new InvalidLoginRequestException();
		}
	}

	/**
	 * What a login post carries.
	 *
	 * @param tenancyName the tenant's name, empty for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 */
	record LoginForm(String tenancyName, String userNameOrEmailAddress, String password) {
	}

	/**
	 * A JSON login post whose body is not a login form.
	 */
	static final class InvalidLoginRequestException extends AuthenticationException {

		InvalidLoginRequestException() {
			super("The body must be a JSON object: {\"tenancyName\": \"\", \"userNameOrEmailAddress\": \"...\", "
					+ "\"password\": \"...\"}.");
		}

	}

}
