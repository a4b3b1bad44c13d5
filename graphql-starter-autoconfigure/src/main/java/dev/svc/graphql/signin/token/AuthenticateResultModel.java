package dev.svc.graphql.signin.token;

import java.util.List;

import org.jspecify.annotations.Nullable;

// no tokens while the password must change (shouldResetPassword) or a second factor is
// asked for (requiresTwoFactorVerification); encryptedAccessToken is for a query string
@SpecificationJson
record AuthenticateResultModel(@Nullable String accessToken, @Nullable String encryptedAccessToken,
		long expireInSeconds, boolean shouldResetPassword, @Nullable String passwordResetCode, long userId,
		boolean requiresTwoFactorVerification, @Nullable List<String> twoFactorAuthProviders,
		@Nullable String twoFactorRememberClientToken, @Nullable String returnUrl, @Nullable String refreshToken,
		long refreshTokenExpireInSeconds) {
}
