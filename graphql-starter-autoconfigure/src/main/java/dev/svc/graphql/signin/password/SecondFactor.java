package dev.svc.graphql.signin.password;

import org.jspecify.annotations.Nullable;

/**
 * What a sign-in brings for the second step of a user with two-factor sign-in.
 *
 * @param twoFactorVerificationCode the authenticator app's code, or the one sent
 * @param rememberClient whether this client then skips the second step for a while
 * @param twoFactorRememberClientToken the token an earlier sign-in gave to skip it
 */
public record SecondFactor(@Nullable String twoFactorVerificationCode, boolean rememberClient,
		@Nullable String twoFactorRememberClientToken) {

	/** Nothing for the second step. */
	public static final SecondFactor NONE = new SecondFactor(null, false, null);

}
