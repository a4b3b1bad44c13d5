package dev.svc.sample.spa.token;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The tokens of {@code /api/TokenAuth/*}.
 *
 * @param signingKey the HMAC-SHA256 key that signs the tokens, at least 32 bytes; set it from the
 * environment ({@code SVC_TOKEN_SIGNING_KEY}), never in a committed file outside the dev profile
 * @param accessTokenLifetime how long an access token is valid
 * @param refreshTokenLifetime how long a refresh token is valid
 */
@ConfigurationProperties("svc.token")
public record TokenProperties(String signingKey, Duration accessTokenLifetime, Duration refreshTokenLifetime) {

	public TokenProperties {
		accessTokenLifetime = (accessTokenLifetime != null) ? accessTokenLifetime : Duration.ofDays(1);
		refreshTokenLifetime = (refreshTokenLifetime != null) ? refreshTokenLifetime : Duration.ofDays(365);
	}

}
