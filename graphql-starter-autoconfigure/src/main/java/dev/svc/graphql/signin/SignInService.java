package dev.svc.graphql.signin;

import org.jspecify.annotations.Nullable;

/**
 * Checks a user's credentials for every sign-in path of the host: the login form and the
 * token endpoint alike. Setting a new password with a reset code is the
 * {@link PasswordResetService}'s, sending second-step codes and turning two-factor
 * sign-in on and off the {@link TwoFactorService}'s.
 */
public interface SignInService {

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
	SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, SecondFactor secondFactor, @Nullable String clientIpAddress);

	/**
	 * Signs a user in with its password alone.
	 * @param tenancyName the tenant's name, empty or {@code null} for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 * @param clientIpAddress the caller's address, for the audit log; may be {@code null}
	 * @return the outcome, with a message for the user when it failed
	 */
	default SignInResult signIn(@Nullable String tenancyName, @Nullable String userNameOrEmailAddress,
			@Nullable String password, @Nullable String clientIpAddress) {
		return signIn(tenancyName, userNameOrEmailAddress, password, SecondFactor.NONE, clientIpAddress);
	}

}
