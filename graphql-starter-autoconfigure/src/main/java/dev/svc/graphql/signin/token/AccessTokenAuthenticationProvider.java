package dev.svc.graphql.signin.token;

import org.springframework.security.authentication.AnonymousAuthenticationToken;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.AuthorityUtils;
import org.springframework.security.oauth2.server.resource.authentication.BearerTokenAuthenticationToken;

/**
 * Signs the user of a valid access token of ours in for the request. Any other bearer
 * token leaves the caller anonymous rather than refusing the request, so that, as the
 * specification asks, a field that needs a signed-in user answers the "did not login"
 * error and anonymous fields still run.
 */
final class AccessTokenAuthenticationProvider implements AuthenticationProvider {

	private static final String ANONYMOUS_KEY = AccessTokenAuthenticationProvider.class.getName();

	private final TokenService tokens;

	AccessTokenAuthenticationProvider(TokenService tokens) {
		this.tokens = tokens;
	}

	@Override
	public Authentication authenticate(Authentication authentication) {
		String token = ((BearerTokenAuthenticationToken) authentication).getToken();
		return this.tokens.readAccessToken(token)
			.orElseGet(() -> new AnonymousAuthenticationToken(ANONYMOUS_KEY, "anonymousUser",
					AuthorityUtils.createAuthorityList("ROLE_ANONYMOUS")));
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return BearerTokenAuthenticationToken.class.isAssignableFrom(authentication);
	}

}
