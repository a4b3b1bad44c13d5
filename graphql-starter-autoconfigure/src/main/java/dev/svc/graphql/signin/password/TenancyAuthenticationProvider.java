package dev.svc.graphql.signin.password;

import java.time.Clock;
import java.time.OffsetDateTime;
import java.util.List;
import java.util.Objects;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.session.ActiveSessions;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.DefaultAuthenticationEventPublisher;
import org.springframework.security.authentication.ProviderManager;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.event.AuthenticationFailureBadCredentialsEvent;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.CredentialsContainer;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Lets Spring Security's form login sign users in through the {@link SignInService}, with
 * the tenancy name of the form. Give the filter chain of the login form a manager of its
 * own made by {@link #publishingEvents}, never a global bean, so that the host's other
 * sign-ins keep working as they are, and every sign-in, refused ones included, reaches
 * the audit trail through Spring Security's authentication events:
 *
 * <pre class="code">
 * http.authenticationManager(new TenancyAuthenticationProvider(signInService, activeSessions)
 *         .publishingEvents(applicationEventPublisher))
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

	private final @Nullable ActiveSessions sessions;

	private final Clock clock;

	/**
	 * Creates a provider that starts a cookie session for each user signed in.
	 * @param signInService checks the credentials
	 * @param sessions starts the session of each user signed in
	 */
	public TenancyAuthenticationProvider(SignInService signInService, ActiveSessions sessions) {
		this(signInService, sessions, sessions.clock());
	}

	/**
	 * Creates a provider that starts no session: its caller starts the one it needs, as
	 * the token sign-in does, whose session ends with its refresh tokens.
	 * @param signInService checks the credentials
	 * @param clock the time, for the audit record
	 */
	public TenancyAuthenticationProvider(SignInService signInService, Clock clock) {
		this(signInService, null, clock);
	}

	private TenancyAuthenticationProvider(SignInService signInService, @Nullable ActiveSessions sessions, Clock clock) {
		this.signInService = signInService;
		this.sessions = sessions;
		this.clock = clock;
	}

	@Override
	public Authentication authenticate(Authentication authentication) throws AuthenticationException {
		OffsetDateTime started = OffsetDateTime.now(this.clock);
		TenancyAuthenticationDetails tenancy = (authentication
			.getDetails() instanceof TenancyAuthenticationDetails details) ? details : null;
		String tenancyName = (tenancy != null) ? tenancy.getTenancyName() : null;
		String clientIp = (authentication.getDetails() instanceof WebAuthenticationDetails details)
				? ClientAddress.literal(details.getRemoteAddress()) : null;
		String password = (authentication.getCredentials() != null) ? authentication.getCredentials().toString() : null;
		SignInResult result = this.signInService.signIn(tenancyName, authentication.getName(), password,
				(tenancy != null) ? tenancy.secondFactor() : SecondFactor.NONE, clientIp);
		if (tenancy != null) {
			boolean valid = new SignInInput(tenancyName, authentication.getName(), password).problems().isEmpty();
			tenancy.attempted(new TenancyAuthenticationDetails.Attempt(result, valid ? authentication.getName() : null,
					!valid || result.outcome() == SignInResult.Outcome.THROTTLED, started));
		}
		// the password goes no further: not into a failure event, nor to its listeners
		if (authentication instanceof CredentialsContainer container) {
			container.eraseCredentials();
		}
		if (!result.succeeded()) {
			throw new SignInResult.Refused(result);
		}
		SignedInUser user = Objects.requireNonNull(result.user(), "a success names its user");
		UsernamePasswordAuthenticationToken signedIn = UsernamePasswordAuthenticationToken.authenticated(
				(this.sessions != null) ? this.sessions.startCookieSession(user) : user, null,
				List.of(FactorGrantedAuthority.fromAuthority(FactorGrantedAuthority.PASSWORD_AUTHORITY)));
		signedIn.setDetails(authentication.getDetails());
		return signedIn;
	}

	/**
	 * A manager of this provider alone, for a sign-in path of its own, that publishes
	 * Spring Security's authentication events: {@code AuthenticationSuccessEvent}, and
	 * {@code AuthenticationFailureBadCredentialsEvent} for every refusal, whose
	 * {@link SignInResult.Refused} tells the outcome. The module's two sign-in paths each
	 * have one; it is no bean, so the host's own sign-ins keep their manager.
	 * @param events where the events go, the application context
	 * @return the manager
	 */
	public AuthenticationManager publishingEvents(ApplicationEventPublisher events) {
		return publishingEvents(this, events);
	}

	/**
	 * A manager of one provider of the module's sign-ins, publishing as
	 * {@link #publishingEvents(ApplicationEventPublisher)} does.
	 * @param provider the provider, which throws {@link SignInResult.Refused}
	 * @param events where the events go, the application context
	 * @return the manager
	 */
	public static AuthenticationManager publishingEvents(AuthenticationProvider provider,
			ApplicationEventPublisher events) {
		DefaultAuthenticationEventPublisher publisher = new DefaultAuthenticationEventPublisher(events);
		publisher.setDefaultAuthenticationFailureEvent(AuthenticationFailureBadCredentialsEvent.class);
		ProviderManager manager = new ProviderManager(provider);
		manager.setAuthenticationEventPublisher(publisher);
		return manager;
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
	}

}
