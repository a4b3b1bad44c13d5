package dev.svc.graphql.signin.passkey;

import java.time.Clock;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.passkey.JdbcPasskeyStore.Owner;
import dev.svc.graphql.signin.password.AttemptBudget;
import dev.svc.graphql.signin.password.PasswordResetCodes;
import dev.svc.graphql.signin.password.SignInAttempts.Subject;
import dev.svc.graphql.signin.password.SignInResult;
import dev.svc.graphql.signin.password.SignInResult.Outcome;
import dev.svc.graphql.signin.password.TenancyAuthenticationProvider;
import dev.svc.graphql.signin.session.ActiveSessions;
import jakarta.servlet.http.HttpServletRequest;
import org.jspecify.annotations.Nullable;

import org.springframework.context.ApplicationEventPublisher;
import org.springframework.security.authentication.AbstractAuthenticationToken;
import org.springframework.security.authentication.AuthenticationManager;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.security.web.webauthn.api.AuthenticatorAssertionResponse;
import org.springframework.security.web.webauthn.api.PublicKeyCredential;

/**
 * Signs users in with a passkey and no name typed: the passkey's user handle names the
 * user, and through it the tenant. It spends from the same {@link AttemptBudget} as a
 * password (the address's and the account's throttle, the account's lockout), refuses a
 * deactivated user or tenant and a user of another tenant than the request's tenant
 * header names, and ends in the same principal as a password sign-in: a
 * {@link SignedInUser} of a session the {@link ActiveSessions} keep, which a password
 * change or deactivation ends. The authenticator must have verified its user (PIN or
 * biometrics): the passkey is then both factors, and answers the second step of a user
 * with two-factor sign-in on in place of a code. The cookie and token sign-ins each take
 * a manager of their own from it, whose Spring Security authentication events write the
 * audit records. A refusal throws {@link SignInResult.Refused}.
 */
public final class PasskeyAuthenticationProvider implements AuthenticationProvider {

	/**
	 * Where the flags are in the authenticator data: after the relying party id's hash.
	 */
	private static final int FLAGS = 32;

	private static final int USER_VERIFIED = 0x04;

	private final PasskeyCeremonies ceremonies;

	private final AttemptBudget budget;

	private final PasswordResetCodes resetCodes;

	private final @Nullable ActiveSessions sessions;

	private final Clock clock;

	PasskeyAuthenticationProvider(PasskeyCeremonies ceremonies, AttemptBudget budget, PasswordResetCodes resetCodes,
			Clock clock) {
		this(ceremonies, budget, resetCodes, null, clock);
	}

	private PasskeyAuthenticationProvider(PasskeyCeremonies ceremonies, AttemptBudget budget,
			PasswordResetCodes resetCodes, @Nullable ActiveSessions sessions, Clock clock) {
		this.ceremonies = ceremonies;
		this.budget = budget;
		this.resetCodes = resetCodes;
		this.sessions = sessions;
		this.clock = clock;
	}

	/**
	 * An attempt to sign in with the credential a browser answered the sign-in options
	 * with ({@code POST /api/Passkey/SignInOptions}).
	 * @param request the request, for the caller's address and tenant header
	 * @param credentialJson the browser's credential, as JSON
	 * @return the attempt, to give a manager of this provider
	 */
	public static Authentication attempt(HttpServletRequest request, String credentialJson) {
		return new Assertion(credentialJson, request, new PasskeyAuthenticationDetails(request));
	}

	/**
	 * The manager of the cookie sign-in: each user signed in gets a cookie session.
	 * @param sessions the sessions
	 * @param events where the authentication events go
	 * @return the manager
	 */
	public AuthenticationManager cookieSessions(ActiveSessions sessions, ApplicationEventPublisher events) {
		return TenancyAuthenticationProvider.publishingEvents(
				new PasskeyAuthenticationProvider(this.ceremonies, this.budget, this.resetCodes, sessions, this.clock),
				events);
	}

	/**
	 * The manager of the token sign-in, which starts the session of its tokens itself.
	 * @param events where the authentication events go
	 * @return the manager
	 */
	public AuthenticationManager tokens(ApplicationEventPublisher events) {
		return TenancyAuthenticationProvider.publishingEvents(this, events);
	}

	@Override
	public Authentication authenticate(Authentication authentication) throws AuthenticationException {
		Assertion assertion = (Assertion) authentication;
		PasskeyAuthenticationDetails details = assertion.details();
		HttpServletRequest request = assertion.request();
		OffsetDateTime started = OffsetDateTime.now(this.clock);
		Instant now = started.toInstant();
		String clientIp = ClientAddress.literal(details.getRemoteAddress());
		PublicKeyCredential<AuthenticatorAssertionResponse> credential;
		try {
			credential = this.ceremonies.readAssertion(assertion.getCredentials());
		}
		catch (PasskeyRefusal refusal) {
			SignInResult throttled = this.budget.throttled(clientIp, () -> null, now);
			throw refused(details, (throttled != null) ? throttled : invalid(refusal), refusal.reason(), true, started,
					null);
		}
		Optional<Owner> owner = Optional.ofNullable(this.ceremonies.store().findByCredentialId(credential.getRawId()))
			.flatMap((record) -> this.ceremonies.store().owner(record.getUserEntityUserId()));
		SignInResult throttled = this.budget.throttled(clientIp,
				() -> owner.map((found) -> AttemptBudget.accountKey(found.userId())).orElse(null), now);
		if (throttled != null) {
			throw refused(details, throttled, null, true, started, owner.orElse(null));
		}
		if (owner.isEmpty()) {
			// the challenge is taken all the same, so that the answer works no more
			try {
				this.ceremonies.verify(credential, request);
			}
			catch (PasskeyRefusal refusal) {
				throw refused(details, invalid(refusal), refusal.reason(), false, started, null);
			}
			throw refused(details, SignInResult.failure(Outcome.INVALID_CREDENTIALS, PasskeyRefusal.NOT_ACCEPTED),
					PasskeyRefusal.Reason.UNKNOWN_PASSKEY, false, started, null);
		}
		Owner user = owner.get();
		Subject subject = new Subject(user.tenantId(), user.userId(), user.userName());
		Checked checked = check(details, request, credential, user, subject, now);
		SignInResult result = checked.result();
		if (!result.succeeded()) {
			throw refused(details, result, checked.reason(), false, started, user);
		}
		details.attempted(
				new PasskeyAuthenticationDetails.Attempt(result, null, false, started, user.userId(), user.tenantId()));
		SignedInUser signedIn = Objects.requireNonNull(result.user(), "a success names its user");
		UsernamePasswordAuthenticationToken token = UsernamePasswordAuthenticationToken.authenticated(
				(this.sessions != null) ? this.sessions.startCookieSession(signedIn) : signedIn, null,
				List.of(FactorGrantedAuthority.fromAuthority(FactorGrantedAuthority.WEBAUTHN_AUTHORITY)));
		token.setDetails(details);
		return token;
	}

	// the order of the password sign-in: the tenant, the lockout, the secret, then
	// whether the account may sign in
	private Checked check(PasskeyAuthenticationDetails details, HttpServletRequest request,
			PublicKeyCredential<AuthenticatorAssertionResponse> credential, Owner owner, Subject subject, Instant now) {
		String header = details.tenantHeader();
		if (header != null && !header.isBlank() && !header.trim().equals(String.valueOf(owner.tenantId()))) {
			// the challenge is taken all the same, so that the answer works no more
			try {
				this.ceremonies.verify(credential, request);
			}
			catch (PasskeyRefusal refusal) {
				// refused below for its tenant
			}
			return new Checked(SignInResult.failure(Outcome.INVALID_CREDENTIALS, PasskeyRefusal.NOT_ACCEPTED),
					PasskeyRefusal.Reason.OTHER_TENANT);
		}
		Instant lockoutEnd = owner.lockoutEnd();
		if (this.budget.isLockedOut(subject, (lockoutEnd != null) ? lockoutEnd.atOffset(ZoneOffset.UTC) : null, now)) {
			return new Checked(SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT), null);
		}
		try {
			this.ceremonies.verify(credential, request);
		}
		catch (PasskeyRefusal refusal) {
			return new Checked(
					this.budget.failed(subject, now)
							? SignInResult.failure(Outcome.LOCKED_OUT, AttemptBudget.LOCKED_OUT) : invalid(refusal),
					refusal.reason());
		}
		if (!userVerified(credential)) {
			// the request options require it; checked here too, whoever made the options
			return new Checked(SignInResult.failure(
					owner.twoFactorEnabled() ? Outcome.INVALID_TWO_FACTOR_CODE : Outcome.INVALID_CREDENTIALS,
					PasskeyRefusal.USER_NOT_VERIFIED), PasskeyRefusal.Reason.USER_NOT_VERIFIED);
		}
		if (!owner.tenantActive()) {
			return new Checked(
					SignInResult.failure(Outcome.INACTIVE_TENANT, "Tenant " + owner.tenancyName() + " is not active."),
					null);
		}
		if (!owner.active()) {
			return new Checked(SignInResult.failure(Outcome.INACTIVE_USER,
					"User " + owner.userName() + " is not active and can not log in."), null);
		}
		this.budget.succeeded(subject);
		SignedInUser user = new SignedInUser(owner.userId(), owner.tenantId(), owner.userName(), null, true);
		if (owner.shouldChangePassword()) {
			// as the password sign-in: no session, a code to set a new password with
			return new Checked(this.resetCodes.issue(user, now), null);
		}
		return new Checked(SignInResult.success(user, null), null);
	}

	// the authenticator data's UV flag, which the signature checked covers
	private static boolean userVerified(PublicKeyCredential<AuthenticatorAssertionResponse> credential) {
		byte[] authenticatorData = credential.getResponse().getAuthenticatorData().getBytes();
		return authenticatorData.length > FLAGS && (authenticatorData[FLAGS] & USER_VERIFIED) != 0;
	}

	private static SignInResult invalid(PasskeyRefusal refusal) {
		return SignInResult.failure(Outcome.INVALID_CREDENTIALS, refusal.getMessage());
	}

	private static SignInResult.Refused refused(PasskeyAuthenticationDetails details, SignInResult result,
			PasskeyRefusal.@Nullable Reason reason, boolean unchecked, OffsetDateTime started, @Nullable Owner owner) {
		details.attempted(new PasskeyAuthenticationDetails.Attempt(result, reason, unchecked, started,
				(owner != null) ? owner.userId() : null, (owner != null) ? owner.tenantId() : null));
		return new SignInResult.Refused(result);
	}

	@Override
	public boolean supports(Class<?> authentication) {
		return Assertion.class.isAssignableFrom(authentication);
	}

	private record Checked(SignInResult result, PasskeyRefusal.@Nullable Reason reason) {
	}

	/** A browser's credential, not checked yet. */
	private static final class Assertion extends AbstractAuthenticationToken {

		private final String credentialJson;

		/** Its host is the relying party in dev mode; never kept past the sign-in. */
		private final transient HttpServletRequest request;

		Assertion(String credentialJson, HttpServletRequest request, PasskeyAuthenticationDetails details) {
			super(List.of());
			this.credentialJson = credentialJson;
			this.request = request;
			setDetails(details);
		}

		HttpServletRequest request() {
			return this.request;
		}

		PasskeyAuthenticationDetails details() {
			return (PasskeyAuthenticationDetails) Objects.requireNonNull(getDetails());
		}

		@Override
		public String getCredentials() {
			return this.credentialJson;
		}

		@Override
		public String getPrincipal() {
			return "passkey";
		}

	}

}
