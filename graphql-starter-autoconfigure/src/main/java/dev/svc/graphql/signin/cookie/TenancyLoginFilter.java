package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.util.List;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.signin.password.SecondFactor;
import dev.svc.graphql.signin.password.SignInInput;
import dev.svc.graphql.signin.password.TenancyAuthenticationDetails;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AbstractAuthenticationProcessingFilter;
import org.springframework.security.web.util.matcher.RequestMatcher;

final class TenancyLoginFilter extends AbstractAuthenticationProcessingFilter {

	TenancyLoginFilter(RequestMatcher loginRequests, AuthenticationManager authenticationManager) {
		super(loginRequests, authenticationManager);
	}

	@Override
	public Authentication attemptAuthentication(HttpServletRequest request, HttpServletResponse response)
			throws AuthenticationException, IOException {
		LoginForm form = JsonRequests.isJson(request) ? readJson(request)
				: new LoginForm(request.getParameter(TenancyAuthenticationDetails.TENANCY_NAME_PARAMETER),
						request.getParameter("userNameOrEmailAddress"), request.getParameter("password"),
						request.getParameter("twoFactorVerificationCode"),
						Boolean.valueOf(request.getParameter("rememberClient"))
								|| "on".equals(request.getParameter("rememberClient")),
						null);
		List<SignInInput.Problem> problems = new SignInInput(form.tenancyName(), form.userNameOrEmailAddress(),
				form.password())
			.problems();
		UsernamePasswordAuthenticationToken attempt = UsernamePasswordAuthenticationToken.unauthenticated(
				(form.userNameOrEmailAddress() != null) ? form.userNameOrEmailAddress() : "", form.password());
		String remembered = (form.twoFactorRememberClientToken() != null) ? form.twoFactorRememberClientToken()
				: rememberedClient(request);
		attempt.setDetails(new TenancyAuthenticationDetails(request, form.tenancyName(), new SecondFactor(
				form.twoFactorVerificationCode(), Boolean.TRUE.equals(form.rememberClient()), remembered)));
		if (!problems.isEmpty()) {
			// audited and throttled as any sign-in; the answer says what is wrong
			try {
				getAuthenticationManager().authenticate(attempt);
			}
			catch (AuthenticationException ex) {
				// refused, as such input always is
			}
			throw new InvalidLoginRequestException(problems);
		}
		return getAuthenticationManager().authenticate(attempt);
	}

	private static @Nullable String rememberedClient(HttpServletRequest request) {
		Cookie[] cookies = request.getCookies();
		if (cookies == null) {
			return null;
		}
		for (Cookie cookie : cookies) {
			if (LoginResponses.REMEMBERED_CLIENT_COOKIE.equals(cookie.getName())) {
				return cookie.getValue();
			}
		}
		return null;
	}

	private static LoginForm readJson(HttpServletRequest request) throws IOException {
		try {
			LoginForm form = JsonMapper.shared().readValue(request.getInputStream(), LoginForm.class);
			if (form == null) {
				throw new InvalidLoginRequestException(List.of());
			}
			return form;
		}
		catch (JacksonException ex) {
			throw new InvalidLoginRequestException(List.of());
		}
	}

	record LoginForm(String tenancyName, String userNameOrEmailAddress, String password,
			@Nullable String twoFactorVerificationCode, @Nullable Boolean rememberClient,
			@Nullable String twoFactorRememberClientToken) {
	}

	static final class InvalidLoginRequestException extends AuthenticationException {

		private static final String NOT_A_FORM = "The body must be a JSON object: {\"tenancyName\": \"\", "
				+ "\"userNameOrEmailAddress\": \"...\", \"password\": \"...\"}.";

		private final List<SignInInput.Problem> problems;

		InvalidLoginRequestException(List<SignInInput.Problem> problems) {
			super(problems.isEmpty() ? NOT_A_FORM
					: String.join(" ", problems.stream().map(SignInInput.Problem::message).toList()));
			this.problems = problems;
		}

		List<SignInInput.Problem> getProblems() {
			return this.problems;
		}

	}

}
