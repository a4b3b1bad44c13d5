package dev.svc.graphql.signin.password;

import org.jspecify.annotations.Nullable;

/**
 * Checks a user's credentials for every sign-in path of the host: the login form and the
 * token endpoint alike.
 */
public interface SignInService {

	/**
	 * Signs a user in, with what the client brings for a second step, which a service
	 * that knows none ignores.
	 * @param tenancyName the tenant's name, empty or {@code null} for the host
	 * @param userNameOrEmailAddress the user name or e-mail address
	 * @param password the password
	 * @param secondFactor the code or client token, or {@link SecondFactor#NONE}
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
