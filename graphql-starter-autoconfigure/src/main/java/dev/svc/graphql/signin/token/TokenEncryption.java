package dev.svc.graphql.signin.token;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import java.util.Optional;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.springframework.security.crypto.encrypt.AesBytesEncryptor;
import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.keygen.KeyGenerators;

/** Access tokens encrypted for a query string ({@code encryptedAccessToken}). */
final class TokenEncryption {

	private final BytesEncryptor encryptor;

	TokenEncryption(byte[] signingKey) {
		this.encryptor = new AesBytesEncryptor(
				new SecretKeySpec(hmac(signingKey, "svc access token encryption"), "AES"),
				KeyGenerators.secureRandom(12), AesBytesEncryptor.CipherAlgorithm.GCM);
	}

	String encrypt(String token) {
		byte[] sealed = this.encryptor.encrypt(token.getBytes(StandardCharsets.UTF_8));
		return Base64.getUrlEncoder().withoutPadding().encodeToString(sealed);
	}

	Optional<String> decrypt(String encrypted) {
		try {
			byte[] sealed = Base64.getUrlDecoder().decode(encrypted);
			// the nonce and the tag at least, which the encryptor does not check itself
			return (sealed.length < 12 + 16) ? Optional.empty()
					: Optional.of(new String(this.encryptor.decrypt(sealed), StandardCharsets.UTF_8));
		}
		catch (IllegalArgumentException | IllegalStateException ex) {
			// not Base64, or altered: the tag does not match
			return Optional.empty();
		}
	}

	private static byte[] hmac(byte[] key, String label) {
		try {
			Mac mac = Mac.getInstance("HmacSHA256");
			mac.init(new SecretKeySpec(key, "HmacSHA256"));
			return mac.doFinal(label.getBytes(StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available", ex);
		}
	}

}
