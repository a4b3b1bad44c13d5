package dev.svc.graphql.signin;

import java.time.Duration;

import dev.svc.graphql.context.SignedInUser;
import org.jspecify.annotations.Nullable;

/**
 * Checks a user's credentials for every sign-in path of the host: the login form and the
 * token endpoint alike.
 */
public interface SignInService {

	/**
	 * Signs a user in.
	 * @param tenancyName the tenant's name, empty or {@code null} for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 * @param clientIpAddress the caller's address, for the audit log; may be {@code null}
	 * @return the outcome, with a message for the user when it failed
	 */
	SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, @Nullable String clientIpAddress);

	/**
	 * Signs a user in, with what the client brings for the second step if the user has
	 * two-factor sign-in. A service that knows no second factor ignores it.
	 * @param tenancyName the tenant's name, empty or {@code null} for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 * @param secondFactor the code or the remembered client's token, or
	 * {@link SecondFactor#NONE}
	 * @param clientIpAddress the caller's address, for the audit log; may be {@code null}
	 * @return the outcome, with a message for the user when it failed
	 */
	default SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, SecondFactor secondFactor, @Nullable String clientIpAddress) {
		return signIn(tenancyName, userNameOrEmailAddress, password, clientIpAddress);
	}

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
	default @Nullable Duration sendTwoFactorCode(long userId, @Nullable String provider,
			@Nullable String clientIpAddress) {
		return null;
	}

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
	default SignInResult enableAuthenticator(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		throw new UnsupportedOperationException("This sign-in service offers no two-factor sign-in");
	}

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
	default SignInResult disableTwoFactor(SignedInUser user, @Nullable String password, @Nullable String code,
			@Nullable String clientIpAddress) {
		throw new UnsupportedOperationException("This sign-in service offers no two-factor sign-in");
	}

	/**
	 * Sets a new password for a user who must change its password, with the one-time code
	 * its sign-in answered. The code works once, and only while it has not expired.
	 * @param userId the user
	 * @param resetCode the code
	 * @param newPassword the new password, which must meet the password policy
	 * @param clientIpAddress the caller's address, for the throttle and the audit log;
	 * may be {@code null}
	 * @return the outcome, with what is wrong when the password was not set
	 */
	default PasswordResetResult resetPassword(long userId, @Nullable String resetCode, @Nullable String newPassword,
			@Nullable String clientIpAddress) {
		throw new UnsupportedOperationException("This sign-in service sets no passwords");
	}

}
