package dev.svc.graphql.signin.token;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The {@code result} of a sign-in through {@code /api/TokenAuth/Authenticate}: tokens,
 * or, when the user must change its password first, no tokens but
 * {@code shouldResetPassword} and a {@code passwordResetCode}.
 *
 * @param accessToken the bearer token, signed
 * @param encryptedAccessToken the same token encrypted, for a query string
 * @param expireInSeconds how long the access token lasts
 * @param shouldResetPassword whether the user must change its password before signing in
 * @param passwordResetCode the code that changes it, when it must
 * @param userId the user signed in
 * @param requiresTwoFactorVerification whether a second factor is asked for first
 * @param twoFactorAuthProviders the second factors the user can receive a code by
 * @param twoFactorRememberClientToken a token that spares this client the second factor
 * @param returnUrl where the client goes next
 * @param refreshToken the token that gets a new access token
 * @param refreshTokenExpireInSeconds how long the refresh token lasts
 */
@SpecificationJson
record AuthenticateResultModel(@Nullable String accessToken, @Nullable String encryptedAccessToken,
		long expireInSeconds, boolean shouldResetPassword, @Nullable String passwordResetCode, long userId,
		boolean requiresTwoFactorVerification, @Nullable List<String> twoFactorAuthProviders,
		@Nullable String twoFactorRememberClientToken, @Nullable String returnUrl, @Nullable String refreshToken,
		long refreshTokenExpireInSeconds) {
}
