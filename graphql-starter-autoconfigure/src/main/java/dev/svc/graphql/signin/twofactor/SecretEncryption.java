package dev.svc.graphql.signin.twofactor;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.encrypt.Encryptors;

/**
 * Authenticator secrets as the module's tables keep them: AES-256-GCM under a key derived
 * from the application's ({@code graphql.sign-in.two-factor.encryption-key}), marked with
 * {@value #PREFIX} so that a secret kept in clear before (Base32, never braces) is told
 * apart. Without a key, secrets are kept in clear.
 */
final class SecretEncryption {

	static final String PREFIX = "{aes-gcm}";

	static final int MIN_KEY_BYTES = 32;

	// Encryptors.stronger's PBKDF2 salt: the key is the secret, the salt only separates
	// uses
	private static final String SALT = "7376632d6175746865";

	private final @Nullable BytesEncryptor encryptor;

	SecretEncryption(@Nullable String key) {
		if (key != null && key.getBytes(StandardCharsets.UTF_8).length < MIN_KEY_BYTES) {
			throw new IllegalStateException("graphql.sign-in.two-factor.encryption-key is "
					+ key.getBytes(StandardCharsets.UTF_8).length + " bytes long; it needs at least " + MIN_KEY_BYTES
					+ " bytes (a random secret, from the environment: GRAPHQL_SIGNIN_TWOFACTOR_ENCRYPTIONKEY).");
		}
		this.encryptor = (key != null) ? Encryptors.stronger(key, SALT) : null;
	}

	boolean hasKey() {
		return this.encryptor != null;
	}

	static boolean isEncrypted(String stored) {
		return stored.startsWith(PREFIX);
	}

	/** The secret as stored: encrypted when there is a key, else as given. */
	@Nullable String seal(@Nullable String secret) {
		if (secret == null || this.encryptor == null) {
			return secret;
		}
		byte[] sealed = this.encryptor.encrypt(secret.getBytes(StandardCharsets.UTF_8));
		return PREFIX + Base64.getEncoder().withoutPadding().encodeToString(sealed);
	}

	/**
	 * The secret a stored value holds.
	 * @throws IllegalStateException when it is encrypted and there is no key, or another
	 */
	@Nullable String open(@Nullable String stored) {
		if (stored == null || !isEncrypted(stored)) {
			return stored;
		}
		if (this.encryptor == null) {
			throw new IllegalStateException("The authenticator secrets in svc_users are encrypted, and "
					+ "graphql.sign-in.two-factor.encryption-key is not set: set it to the key they were encrypted with.");
		}
		try {
			byte[] sealed = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
			return new String(this.encryptor.decrypt(sealed), StandardCharsets.UTF_8);
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			throw new IllegalStateException("An authenticator secret in svc_users does not open with "
					+ "graphql.sign-in.two-factor.encryption-key: set it to the key the secrets were encrypted with.",
					ex);
		}
	}

}
