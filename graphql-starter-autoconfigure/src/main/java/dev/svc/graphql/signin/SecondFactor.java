package dev.svc.graphql.signin;

import org.jspecify.annotations.Nullable;

/**
 * What a sign-in brings for the second step of a user with two-factor sign-in, as the
 * token endpoint and the JSON login take it.
 *
 * @param twoFactorVerificationCode the code of the authenticator app, or the one sent to
 * the user
 * @param rememberClient whether this client should skip the second step for a while after
 * this sign-in
 * @param twoFactorRememberClientToken the token an earlier sign-in gave this client to
 * skip it
 */
public record SecondFactor(@Nullable String twoFactorVerificationCode, boolean rememberClient,
		@Nullable String twoFactorRememberClientToken) {

	/** Nothing for the second step. */
	public static final SecondFactor NONE = new SecondFactor(null, false, null);

}
