package dev.svc.graphql.signin.token;

import java.util.List;

import org.jspecify.annotations.Nullable;

/**
 * The {@code result} of a sign-in through {@code /api/TokenAuth/Authenticate}: tokens,
 * or, when the user must change its password first, no tokens but
 * {@code shouldResetPassword} and a {@code passwordResetCode}.
 */
record AuthenticateResultModel(@Nullable String accessToken, @Nullable String encryptedAccessToken,
		long expireInSeconds, boolean shouldResetPassword, @Nullable String passwordResetCode, long userId,
		boolean requiresTwoFactorVerification, @Nullable List<String> twoFactorAuthProviders,
		@Nullable String twoFactorRememberClientToken, @Nullable String returnUrl, @Nullable String refreshToken,
		long refreshTokenExpireInSeconds) {
}
