package dev.svc.graphql.signin.token;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.Optional;
import java.util.UUID;

import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

import dev.svc.graphql.SvcGraphQlProperties.SignIn.Token;
import dev.svc.graphql.context.SignedInUser;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;


/**
 * Issues and reads the JWTs of signed-in users (HS256), and encrypts access tokens with AES-GCM
 * under a key derived from the signing key.
 */
final class TokenService {

	static final String TOKEN_TYPE = "token_type";

	private static final String ACCESS = "access";

	private static final String REFRESH = "refresh";

	private static final String TENANT_ID = "tenantId";

	private final SecretKey signingKey;

	private final SecretKeySpec encryptionKey;

	private final Token properties;

	private final Clock clock;

	private final SecureRandom random = new SecureRandom();

	TokenService(Token properties, Clock clock) {
		String signingKey = properties.getSigningKey();
		if (signingKey == null || signingKey.isBlank()) {
			throw new IllegalStateException("No token signing key is configured. Set graphql.sign-in.token.signing-key "
					+ "(for example through the GRAPHQL_SIGNIN_TOKEN_SIGNINGKEY environment variable) to a secret of at "
					+ "least 32 bytes, or switch the token sign-in off (graphql.sign-in.token.enabled=false).");
		}
		byte[] key = signingKey.getBytes(StandardCharsets.UTF_8);
		if (key.length < 32) {
			throw new IllegalStateException("graphql.sign-in.token.signing-key is " + key.length
					+ " bytes long; HS256 needs at least 32 bytes (256 bits).");
		}
		this.signingKey = Keys.hmacShaKeyFor(key);
		this.encryptionKey = new SecretKeySpec(hmac(key, "svc access token encryption"), "AES");
		this.properties = properties;
		this.clock = clock;
	}

	Duration accessTokenLifetime() {
		return this.properties.getAccessTokenLifetime();
	}

	Duration refreshTokenLifetime() {
		return this.properties.getRefreshTokenLifetime();
	}

	String accessToken(SignedInUser user) {
		return issue(user, ACCESS, accessTokenLifetime().toSeconds());
	}

	String refreshToken(SignedInUser user) {
		return issue(user, REFRESH, refreshTokenLifetime().toSeconds());
	}

	/**
	 * Reads an access token.
	 * @param token the compact JWT
	 * @return its user, empty when the token is not a valid, unexpired access token of ours
	 */
	Optional<SignedInUser> readAccessToken(String token) {
		try {
			Claims claims = Jwts.parser()
				.verifyWith(this.signingKey)
				.clock(() -> Date.from(this.clock.instant()))
				.build()
				.parseSignedClaims(token)
				.getPayload();
			if (!ACCESS.equals(claims.get(TOKEN_TYPE, String.class))) {
				return Optional.empty();
			}
			return Optional.of(new SignedInUser(Long.parseLong(claims.getSubject()), claims.get(TENANT_ID, Integer.class),
					claims.get("name", String.class)));
		}
		catch (JwtException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	/**
	 * Encrypts a token with AES-GCM: base64url of the 12-byte nonce followed by the ciphertext and
	 * its tag.
	 * @param token the token
	 * @return the encrypted token
	 */
	String encrypt(String token) {
		try {
			byte[] nonce = new byte[12];
			this.random.nextBytes(nonce);
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.ENCRYPT_MODE, this.encryptionKey, new GCMParameterSpec(128, nonce));
			byte[] sealed = cipher.doFinal(token.getBytes(StandardCharsets.UTF_8));
			return Base64.getUrlEncoder()
				.withoutPadding()
				.encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES-GCM is not available", ex);
		}
	}

	/**
	 * Decrypts what {@link #encrypt(String)} produced.
	 * @param encrypted the encrypted token
	 * @return the token, empty when it was not encrypted with this key or was altered
	 */
	Optional<String> decrypt(String encrypted) {
		try {
			byte[] sealed = Base64.getUrlDecoder().decode(encrypted);
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.DECRYPT_MODE, this.encryptionKey, new GCMParameterSpec(128, sealed, 0, 12));
			return Optional.of(new String(cipher.doFinal(sealed, 12, sealed.length - 12), StandardCharsets.UTF_8));
		}
		catch (GeneralSecurityException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private String issue(SignedInUser user, String type, long lifetimeSeconds) {
		Instant now = this.clock.instant();
		return Jwts.builder()
			.id(UUID.randomUUID().toString())
			.subject(Long.toString(user.userId()))
			.claim("name", user.userName())
			.claim(TENANT_ID, user.tenantId())
			.claim(TOKEN_TYPE, type)
			.issuedAt(Date.from(now))
			.expiration(Date.from(now.plusSeconds(lifetimeSeconds)))
			.signWith(this.signingKey, Jwts.SIG.HS256)
			.compact();
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
