package dev.svc.graphql.signin;

import org.jspecify.annotations.Nullable;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Two-factor sign-in: a one-time code after the password, from an authenticator app or
 * sent by the host.
 */
@ConfigurationProperties("graphql.sign-in.two-factor")
public class TwoFactorProperties {

	/**
	 * Key that encrypts the authenticator apps' secrets in the module's tables, at least
	 * 32 bytes, from the environment; without it they are kept in clear.
	 */
	private @Nullable String encryptionKey;

	public @Nullable String getEncryptionKey() {
		return this.encryptionKey;
	}

	public void setEncryptionKey(@Nullable String encryptionKey) {
		this.encryptionKey = encryptionKey;
	}

}
