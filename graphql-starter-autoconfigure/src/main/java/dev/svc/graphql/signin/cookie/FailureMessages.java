package dev.svc.graphql.signin.cookie;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.Cookie;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.jspecify.annotations.Nullable;

import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpMethod;
import org.springframework.http.ResponseCookie;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.crypto.keygen.KeyGenerators;
import org.springframework.security.web.WebAttributes;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Why a form post failed, carried to the page it is sent back to in a short-lived cookie
 * of that page's path instead of a session, so that a failed sign-in stores nothing on
 * the server. The page's GET finds it as Spring Security's forward does: an
 * {@link AuthenticationException} in the request attribute
 * {@link WebAttributes#AUTHENTICATION_EXCEPTION}, whose message is the message; the
 * cookie is cleared in the same answer. The message is signed with a key of this instance
 * alone, so a cookie planted by someone else (a sibling domain, a plain-HTTP network)
 * puts no text of theirs on the page; behind several instances without sticky sessions, a
 * message that reaches another one is not shown (the page shows its plain failure).
 */
final class FailureMessages extends OncePerRequestFilter {

	static final String COOKIE = "SVC_SIGN_IN_FAILURE";

	// long enough to follow a redirect
	private static final Duration LIFETIME = Duration.ofMinutes(1);

	// a message naming a user name of the longest kind fits; nothing longer is one of
	// ours
	private static final int MAX_MESSAGE_LENGTH = 512;

	private static final int MAX_ENCODED_LENGTH = 4 * MAX_MESSAGE_LENGTH;

	private static final String MAC = "HmacSHA256";

	private static final SecretKeySpec KEY = new SecretKeySpec(KeyGenerators.secureRandom(32).generateKey(), MAC);

	/**
	 * Sends a form post to a page with the message to show there.
	 * @param request the post
	 * @param response its answer
	 * @param pagePath the page's path, within the application, with its query if any
	 * @param message what went wrong
	 */
	static void redirect(HttpServletRequest request, HttpServletResponse response, String pagePath, String message)
			throws IOException {
		byte[] text = message.substring(0, Math.min(message.length(), MAX_MESSAGE_LENGTH))
			.getBytes(StandardCharsets.UTF_8);
		Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
		String encoded = base64.encodeToString(text) + "." + base64.encodeToString(mac(text));
		int query = pagePath.indexOf('?');
		response.addHeader(HttpHeaders.SET_COOKIE,
				cookie(request, (query < 0) ? pagePath : pagePath.substring(0, query), encoded, LIFETIME).toString());
		response.sendRedirect(request.getContextPath() + pagePath);
	}

	private static ResponseCookie cookie(HttpServletRequest request, String path, String value, Duration maxAge) {
		return ResponseCookie.from(COOKIE, value)
			.path(request.getContextPath() + path)
			.httpOnly(true)
			.secure(request.isSecure())
			.sameSite("Lax")
			.maxAge(maxAge)
			.build();
	}

	@Override
	protected void doFilterInternal(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
			throws ServletException, IOException {
		if (HttpMethod.GET.matches(request.getMethod())) {
			String message = message(request);
			if (message != null) {
				request.setAttribute(WebAttributes.AUTHENTICATION_EXCEPTION, new Failure(message));
				response.addHeader(HttpHeaders.SET_COOKIE,
						cookie(request, request.getRequestURI().substring(request.getContextPath().length()), "",
								Duration.ZERO)
							.toString());
			}
		}
		chain.doFilter(request, response);
	}

	private static @Nullable String message(HttpServletRequest request) {
		Cookie[] cookies = request.getCookies();
		if (cookies == null) {
			return null;
		}
		for (Cookie cookie : cookies) {
			if (COOKIE.equals(cookie.getName()) && !cookie.getValue().isEmpty()
					&& cookie.getValue().length() <= MAX_ENCODED_LENGTH) {
				String value = cookie.getValue();
				int dot = value.indexOf('.');
				try {
					byte[] text = Base64.getUrlDecoder().decode(value.substring(0, Math.max(dot, 0)));
					byte[] mac = Base64.getUrlDecoder().decode(value.substring(dot + 1));
					// not one of ours (another's, or another instance's): nothing to show
					return MessageDigest.isEqual(mac, mac(text)) ? new String(text, StandardCharsets.UTF_8) : null;
				}
				catch (IllegalArgumentException ex) {
					return null;
				}
			}
		}
		return null;
	}

	private static byte[] mac(byte[] text) {
		try {
			Mac mac = Mac.getInstance(MAC);
			mac.init(KEY);
			return mac.doFinal(text);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HMAC-SHA256 is part of every JDK", ex);
		}
	}

	/** A failure told by its message only: no stack trace to make or keep. */
	static final class Failure extends BadCredentialsException {

		Failure(String message) {
			super(message);
		}

		@Override
		public synchronized Throwable fillInStackTrace() {
			return this;
		}

	}

}
