package dev.svc.graphql.signin.token;

import java.time.Duration;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The token sign-in ({@code graphql.sign-in.token.*}).
 */
@ConfigurationProperties("graphql.sign-in.token")
public class TokenSignInProperties {

	/**
	 * Whether POST /api/TokenAuth/Authenticate issues access tokens that the GraphQL
	 * endpoint accepts as "Authorization: Bearer".
	 */
	private boolean enabled;

	/**
	 * Secret that signs the tokens (HMAC-SHA256), at least 32 bytes. Set it from the
	 * environment (GRAPHQL_SIGNIN_TOKEN_SIGNINGKEY), never in a committed file.
	 */
	private @Nullable String signingKey;

	/** How long an access token is valid. */
	private Duration accessTokenLifetime = Duration.ofDays(1);

	/**
	 * How long a refresh token is valid, and the absolute end of the session a sign-in
	 * starts: refreshing rotates the refresh token but never moves that end.
	 */
	private Duration refreshTokenLifetime = Duration.ofDays(365);

	public boolean isEnabled() {
		return this.enabled;
	}

	public void setEnabled(boolean enabled) {
		this.enabled = enabled;
	}

	public @Nullable String getSigningKey() {
		return this.signingKey;
	}

	public void setSigningKey(@Nullable String signingKey) {
		this.signingKey = signingKey;
	}

	public Duration getAccessTokenLifetime() {
		return this.accessTokenLifetime;
	}

	public void setAccessTokenLifetime(Duration accessTokenLifetime) {
		this.accessTokenLifetime = accessTokenLifetime;
	}

	public Duration getRefreshTokenLifetime() {
		return this.refreshTokenLifetime;
	}

	public void setRefreshTokenLifetime(Duration refreshTokenLifetime) {
		this.refreshTokenLifetime = refreshTokenLifetime;
	}

}
