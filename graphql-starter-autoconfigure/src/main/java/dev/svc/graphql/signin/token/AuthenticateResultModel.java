package dev.svc.graphql.signin.token;

import java.util.List;

/**
 * The {@code result} of a sign-in through {@code /api/TokenAuth/Authenticate}.
 */
record AuthenticateResultModel(String accessToken, String encryptedAccessToken, long expireInSeconds,
		boolean shouldResetPassword, String passwordResetCode, long userId, boolean requiresTwoFactorVerification,
		List<String> twoFactorAuthProviders, String twoFactorRememberClientToken, String returnUrl,
		String refreshToken, long refreshTokenExpireInSeconds) {
}
