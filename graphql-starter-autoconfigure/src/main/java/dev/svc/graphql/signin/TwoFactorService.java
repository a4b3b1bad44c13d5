package dev.svc.graphql.signin;

import java.time.Duration;

import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;

/**
 * The second factor beside the password: codes sent for a sign-in's second step, and a
 * signed-in user's two-factor sign-in turned on and off. There is one where two-factor
 * data is kept.
 */
public interface TwoFactorService {

	/**
	 * Sends a user whose sign-in asked for its second factor a code by e-mail or text
	 * message, if its second step is open and the provider is one it was offered. Says
	 * nothing of whether it was; a caller must wait when a code went to the user moments
	 * ago, or too many in the last hour, or when the client's address made too many
	 * attempts.
	 * @param userId the user
	 * @param provider {@code Email} or {@code Phone}
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return how long the caller must wait before it asks again, {@code null} when the
	 * request was taken
	 */
	@Nullable Duration sendTwoFactorCode(long userId, @Nullable String provider, @Nullable String clientIpAddress);

	/**
	 * Turns two-factor sign-in on for a signed-in user, with the authenticator app it is
	 * setting up: the user gives its password again and a code of the app. Both count
	 * toward the user's lockout and the client's throttle as a sign-in does.
	 * @param user the signed-in user
	 * @param password the user's password
	 * @param code a code the app shows now
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return {@link SignInResult.Outcome#SUCCESS} when it is on, else why not
	 */
	SignInResult enableAuthenticator(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress);

	/**
	 * Turns two-factor sign-in off for a signed-in user and forgets its authenticator
	 * app: the user gives its password again and a code of the app. Both count toward the
	 * user's lockout and the client's throttle as a sign-in does.
	 * @param user the signed-in user
	 * @param password the user's password
	 * @param code a code the app shows now
	 * @param clientIpAddress the caller's address, for the throttle and the audit log
	 * @return {@link SignInResult.Outcome#SUCCESS} when it is off, else why not
	 */
	SignInResult disableTwoFactor(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress);

}
