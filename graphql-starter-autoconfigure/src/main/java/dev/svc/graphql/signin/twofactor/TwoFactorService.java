package dev.svc.graphql.signin.twofactor;

import java.time.Duration;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.identity.CredentialStore;
import dev.svc.graphql.signin.password.SignInChecks;
import dev.svc.graphql.signin.password.SignInResult;
import org.jspecify.annotations.Nullable;

/**
 * Codes sent for a sign-in's second step, and two-factor sign-in turned on and off; there
 * is one where two-factor data is kept.
 */
public interface TwoFactorService {

	/**
	 * Sends a code by e-mail or text message to a user whose second step is open, by a
	 * provider it was offered; the answer does not tell whether it was sent.
	 * @param userId the user
	 * @param provider {@code Email} or {@code Phone}
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return how long to wait (cooldown, hourly limit, throttle), {@code null} if taken
	 */
	@Nullable Duration sendTwoFactorCode(long userId, @Nullable String provider, @Nullable String clientIpAddress);

	/**
	 * Turns two-factor sign-in on with the authenticator app being set up, given the
	 * password again and a code of the app, which count as a sign-in does.
	 * @param user the signed-in user
	 * @param password the user's password
	 * @param code a code the app shows now
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return {@link SignInResult.Outcome#SUCCESS} when it is on, else why not
	 */
	SignInResult enableAuthenticator(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress);

	/**
	 * Turns two-factor sign-in off and forgets the authenticator app, given the password
	 * again and a code of the app, which count as a sign-in does.
	 * @param user the signed-in user
	 * @param password the user's password
	 * @param code a code the app shows now
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return {@link SignInResult.Outcome#SUCCESS} when it is off, else why not
	 */
	SignInResult disableTwoFactor(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress);

	/**
	 * Forgets one of the signed-in user's remembered clients
	 * ({@link TwoFactorSignIn#rememberedClients}), which then takes the second step
	 * again; audited ({@code ForgetRememberedClient}).
	 * @param user the signed-in user
	 * @param clientId the client's id
	 * @param clientIpAddress the caller's address, for the audit log
	 * @return whether the user had that client
	 */
	boolean forgetRememberedClient(SignedInUser user, long clientId, @Nullable String clientIpAddress);

	/**
	 * The module's service.
	 * @param twoFactor the second factor
	 * @param credentials the users' credentials, to check the password again
	 * @param checks the checks every secret shares
	 * @return the service
	 */
	static TwoFactorService create(TwoFactorSignIn twoFactor, CredentialStore credentials, SignInChecks checks) {
		return new DefaultTwoFactorService(twoFactor, credentials, checks.passwordEncoder(), checks.budget(),
				checks.audit(), checks.clock());
	}

}
