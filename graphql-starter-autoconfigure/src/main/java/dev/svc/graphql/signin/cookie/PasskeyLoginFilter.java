package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import dev.svc.graphql.JsonRequests;
import dev.svc.graphql.signin.passkey.PasskeyAuthenticationProvider;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.AbstractAuthenticationProcessingFilter;
import org.springframework.security.web.util.matcher.RequestMatcher;
import org.springframework.util.StreamUtils;

/**
 * The cookie sign-in with a passkey: the page's script posts the browser's credential as
 * JSON to the login path's {@value #PATH}, and is answered as a JSON login is, with the
 * same session at the end.
 */
final class PasskeyLoginFilter extends AbstractAuthenticationProcessingFilter {

	static final String PATH = "/Passkey";

	PasskeyLoginFilter(RequestMatcher passkeyPosts, AuthenticationManager passkeys) {
		super(passkeyPosts, passkeys);
	}

	@Override
	public Authentication attemptAuthentication(HttpServletRequest request, HttpServletResponse response)
			throws AuthenticationException, IOException {
		if (!JsonRequests.isJson(request)) {
			throw new NotJsonException();
		}
		String credential = StreamUtils.copyToString(request.getInputStream(), StandardCharsets.UTF_8);
		return getAuthenticationManager().authenticate(PasskeyAuthenticationProvider.attempt(request, credential));
	}

	static final class NotJsonException extends AuthenticationException {

		NotJsonException() {
			super("Send the browser's passkey credential as JSON (Content-Type: application/json).");
		}

	}

}
