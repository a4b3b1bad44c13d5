package dev.svc.graphql.signin.cookie;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import jakarta.servlet.http.Cookie;
import org.junit.jupiter.api.Test;

import org.springframework.mock.web.MockFilterChain;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.WebAttributes;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A failed form post's message reaches its page, and only a message this instance wrote:
 * a cookie someone else planted (a sibling domain, a plain-HTTP network) puts no text of
 * theirs on the page (the red team's finding F1 of issue 46).
 */
class FailureMessagesTests {

	@Test
	void shouldShowTheMessageThisInstanceSent() throws Exception {
		MockHttpServletResponse post = new MockHttpServletResponse();
		FailureMessages.redirect(new MockHttpServletRequest("POST", "/Account/Login"), post, "/Account/Login?error",
				"Invalid user name or password");
		String cookie = post.getHeader("Set-Cookie");
		String value = cookie.substring(cookie.indexOf('=') + 1, cookie.indexOf(';'));

		assertThat(shown(value)).isEqualTo("Invalid user name or password");
	}

	@Test
	void shouldShowNoTextOfAPlantedCookie() throws Exception {
		Base64.Encoder base64 = Base64.getUrlEncoder().withoutPadding();
		String text = base64
			.encodeToString("Your account is suspended: call +1-555-0100".getBytes(StandardCharsets.UTF_8));

		assertThat(shown(text)).isNull();
		assertThat(shown(text + "." + base64.encodeToString(new byte[32]))).isNull();
		assertThat(shown(text + ".")).isNull();
		assertThat(shown(".")).isNull();
		assertThat(shown("not base64!")).isNull();
	}

	private static String shown(String cookie) throws Exception {
		MockHttpServletRequest page = new MockHttpServletRequest("GET", "/Account/Login");
		page.setCookies(new Cookie(FailureMessages.COOKIE, cookie));
		new FailureMessages().doFilter(page, new MockHttpServletResponse(), new MockFilterChain());
		return (page.getAttribute(WebAttributes.AUTHENTICATION_EXCEPTION) instanceof AuthenticationException failure)
				? failure.getMessage() : null;
	}

}
