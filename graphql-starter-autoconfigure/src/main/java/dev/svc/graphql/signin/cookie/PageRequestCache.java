package dev.svc.graphql.signin.cookie;

import java.util.Set;

import org.springframework.http.HttpMethod;
import org.springframework.http.MediaType;
import org.springframework.security.web.savedrequest.CookieRequestCache;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AndRequestMatcher;
import org.springframework.security.web.util.matcher.MediaTypeRequestMatcher;
import org.springframework.security.web.util.matcher.NegatedRequestMatcher;

/**
 * Keeps the page an anonymous visitor was on the way to in a cookie instead of a session,
 * so that a visit that does not sign in stores nothing on the server. Keeps pages only
 * (GETs that ask for HTML, no icons), as Spring Security's own cache does. The cookie
 * sign-in declares one as the {@code RequestCache} bean unless the host has its own; a
 * host without the cookie sign-in may declare one itself.
 */
final class PageRequestCache extends CookieRequestCache {

	/** A cache of pages only. */
	PageRequestCache() {
		MediaTypeRequestMatcher pages = new MediaTypeRequestMatcher(MediaType.TEXT_HTML);
		pages.setIgnoredMediaTypes(Set.of(MediaType.ALL));
		setRequestMatcher(new AndRequestMatcher(PathPatternRequestMatcher.withDefaults().matcher(HttpMethod.GET, "/**"),
				new NegatedRequestMatcher(PathPatternRequestMatcher.withDefaults().matcher("/favicon.*")), pages));
	}

}
