package dev.svc.graphql.signin;

import java.util.List;
import java.util.Objects;

import dev.svc.graphql.context.ClientAddress;

import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Lets Spring Security's form login sign users in through the {@link SignInService}, with
 * the tenancy name of the form. Add it to the filter chain of the login form, never as a
 * global bean, so that the host's other sign-ins keep working as they are:
 *
 * <pre class="code">
 * http.authenticationProvider(new TenancyAuthenticationProvider(signInService, activeSessions))
 *     .formLogin((form) -&gt; form.loginPage("/Account/Login")
 *         .usernameParameter("userNameOrEmailAddress")
 *         .authenticationDetailsSource(TenancyAuthenticationDetails::new));
 * </pre>
 *
 * The resulting principal is a {@link dev.svc.graphql.context.SignedInUser} of a session
 * the {@link ActiveSessions} started: the module's filter ends the HTTP session with it.
 * A sign-in that does not succeed throws {@link SignInResult.Refused} with its result.
 */
public final class TenancyAuthenticationProvider implements AuthenticationProvider {

	private final SignInService signInService;

	private final ActiveSessions sessions;

	/**
	 * Creates a provider.
	 * @param signInService checks the credentials
	 * @param sessions starts the session of each user signed in
	 */
	public TenancyAuthenticationProvider(SignInService signInService, ActiveSessions sessions) {
		this.signInService = signInService;
		this.sessions = sessions;
	}

	@Override
	public Authentication authenticate(Authentication authentication) throws AuthenticationException {
		String tenancyName = null;
		String clientIp = null;
		SecondFactor secondFactor = SecondFactor.NONE;
		TenancyAuthenticationDetails tenancy = null;
		if (authentication.getDetails() instanceof TenancyAuthenticationDetails details) {
			tenancy = details;
			tenancyName = details.getTenancyName();
			secondFactor = details.getSecondFactor();
		}
		if (authentication.getDetails() instanceof WebAuthenticationDetails details) {
			clientIp = ClientAddress.literal(details.getRemoteAddress());
		}
		Object credentials = authentication.getCredentials();
		SignInResult result = this.signInService.signIn(tenancyName, authentication.getName(),
				(credentials != null) ? credentials.toString() : null, secondFactor, clientIp);
		if (!result.succeeded()) {
			throw new SignInResult.Refused(result);
		}
		if (tenancy != null) {
			tenancy.setTwoFactorRememberClientToken(result.twoFactorRememberClientToken());
		}
		UsernamePasswordAuthenticationToken signedIn = UsernamePasswordAuthenticationToken.authenticated(
				this.sessions.startCookieSession(Objects.requireNonNull(result.user(), "a success names its user")),
				null, List.of());
		signedIn.setDetails(authentication.getDetails());
		return signedIn;
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
	}

}
