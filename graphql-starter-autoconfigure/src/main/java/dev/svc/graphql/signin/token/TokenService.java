package dev.svc.graphql.signin.token;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import javax.crypto.Mac;
import javax.crypto.SecretKey;
import javax.crypto.spec.SecretKeySpec;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.ActiveSessions;
import dev.svc.graphql.signin.store.SignInSessions;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;
import org.jspecify.annotations.Nullable;

import org.springframework.security.crypto.encrypt.AesBytesEncryptor;
import org.springframework.security.crypto.encrypt.BytesEncryptor;
import org.springframework.security.crypto.keygen.KeyGenerators;

/**
 * Issues and reads the JWTs of signed-in users (HS256), and encrypts access tokens with
 * Spring Security's AES-GCM under a key derived from the signing key. Every token belongs
 * to the session its sign-in started ({@code sid}); a token is good while its session is,
 * by the one rule of {@link ActiveSessions}. Refresh tokens rotate within the session, in
 * its {@link SignInSessions}.
 */
final class TokenService {

	static final String TOKEN_TYPE = "token_type";

	private static final String ACCESS = "access";

	private static final String REFRESH = "refresh";

	private static final String TENANT_ID = "tenantId";

	private static final String SESSION_ID = "sid";

	private final ActiveSessions activeSessions;

	private final SignInSessions sessions;

	// access tokens whose signature and claims were checked, by their text, until they
	// expire; a token presented again skips the JWT parse (its session is still checked
	// as before)
	private final Cache<String, AccessToken> readTokens;

	private final JwtParser parser;

	private final SecretKey signingKey;

	private final BytesEncryptor encryptor;

	private final Duration accessTokenLifetime;

	private final Duration refreshTokenLifetime;

	private final Clock clock;

	TokenService(@Nullable String signingKey, Duration accessTokenLifetime, Duration refreshTokenLifetime,
			int accessTokenCacheSize, Duration accessTokenCacheDuration, ActiveSessions activeSessions,
			SignInSessions sessions, Clock clock) {
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
		// Spring Security's AES-GCM, with a 96-bit nonce before the ciphertext and its
		// tag
		this.encryptor = new AesBytesEncryptor(new SecretKeySpec(hmac(key, "svc access token encryption"), "AES"),
				KeyGenerators.secureRandom(12), AesBytesEncryptor.CipherAlgorithm.GCM);
		this.accessTokenLifetime = accessTokenLifetime;
		this.refreshTokenLifetime = refreshTokenLifetime;
		this.activeSessions = activeSessions;
		this.sessions = sessions;
		this.readTokens = Caffeine.newBuilder()
			.maximumSize(accessTokenCacheSize)
			.expireAfterWrite(accessTokenCacheDuration)
			.executor(Runnable::run)
			.recordStats()
			.build();
		this.clock = clock;
		this.parser = Jwts.parser().verifyWith(this.signingKey).clock(() -> Date.from(this.clock.instant())).build();
	}

	Cache<?, ?> readTokenCache() {
		return this.readTokens;
	}

	Duration accessTokenLifetime() {
		return this.accessTokenLifetime;
	}

	Duration refreshTokenLifetime() {
		return this.refreshTokenLifetime;
	}

	/**
	 * Starts a session for a user who signed in, and issues its first tokens.
	 * @param user the user
	 * @return the tokens
	 */
	Tokens signIn(SignedInUser user) {
		Instant now = this.clock.instant();
		Instant end = now.plus(refreshTokenLifetime());
		SignedInUser signedIn = this.activeSessions.start(user, end);
		return issue(signedIn, Objects.requireNonNull(signedIn.sessionId()), now, end);
	}

	/**
	 * Rotates a refresh token: each works once, and one presented again ends its session.
	 * @param refreshToken the refresh token
	 * @return new tokens of the same session, empty when the token is not a valid refresh
	 * token of a session that is still good
	 */
	Optional<Tokens> refresh(String refreshToken) {
		Optional<Claims> claims = claims(refreshToken, REFRESH);
		if (claims.isEmpty()) {
			return Optional.empty();
		}
		String sessionId = claims.get().get(SESSION_ID, String.class);
		Instant now = this.clock.instant();
		if (!this.sessions.use(sessionId, claims.get().getId(), now) || !this.sessions.isActive(sessionId, now)) {
			this.activeSessions.end(sessionId);
			return Optional.empty();
		}
		return Optional.of(issue(user(claims.get()), sessionId, now, claims.get().getExpiration().toInstant()));
	}

	/**
	 * Ends the session of a token, and with it every token of the session.
	 * @param token an access or refresh token
	 * @return whether the token named a session to end
	 */
	boolean logOut(String token) {
		Optional<Claims> claims = claims(token, ACCESS).or(() -> claims(token, REFRESH));
		claims.ifPresent((read) -> this.activeSessions.end(read.get(SESSION_ID, String.class)));
		return claims.isPresent();
	}

	/**
	 * Reads an access token.
	 * @param token the compact JWT
	 * @return its user, empty when the token is not a valid, unexpired access token of
	 * ours whose session is still good
	 */
	Optional<SignedInUser> readAccessToken(String token) {
		Instant now = this.clock.instant();
		AccessToken read = this.readTokens.getIfPresent(token);
		if (read == null || !now.isBefore(read.expiry())) {
			Optional<Claims> claims = claims(token, ACCESS);
			if (claims.isEmpty()) {
				return Optional.empty();
			}
			read = new AccessToken(user(claims.get()), claims.get().getExpiration().toInstant());
			this.readTokens.put(token, read);
		}
		return this.activeSessions.isActive(read.user()) ? Optional.of(read.user()) : Optional.empty();
	}

	private Optional<Claims> claims(String token, String type) {
		try {
			Claims claims = this.parser.parseSignedClaims(token).getPayload();
			return (type.equals(claims.get(TOKEN_TYPE, String.class)) && claims.get(SESSION_ID, String.class) != null
					&& claims.getExpiration() != null) ? Optional.of(claims) : Optional.empty();
		}
		catch (JwtException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	private static SignedInUser user(Claims claims) {
		return new SignedInUser(Long.parseLong(claims.getSubject()), claims.get(TENANT_ID, Integer.class),
				claims.get("name", String.class), claims.get(SESSION_ID, String.class));
	}

	/**
	 * Encrypts a token with AES-GCM: base64url of the 12-byte nonce followed by the
	 * ciphertext and its tag.
	 * @param token the token
	 * @return the encrypted token
	 */
	String encrypt(String token) {
		byte[] sealed = this.encryptor.encrypt(token.getBytes(StandardCharsets.UTF_8));
		return Base64.getUrlEncoder().withoutPadding().encodeToString(sealed);
	}

	/**
	 * Decrypts what {@link #encrypt(String)} produced.
	 * @param encrypted the encrypted token
	 * @return the token, empty when it was not encrypted with this key or was altered
	 */
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

	// the access token ends with its lifetime or its session, whichever comes first
	private Tokens issue(SignedInUser user, String sessionId, Instant now, Instant sessionEnd) {
		Instant accessEnd = now.plus(accessTokenLifetime());
		if (sessionEnd.isBefore(accessEnd)) {
			accessEnd = sessionEnd;
		}
		String refreshId = UUID.randomUUID().toString();
		this.sessions.issued(sessionId, refreshId);
		return new Tokens(jwt(user, ACCESS, sessionId, UUID.randomUUID().toString(), now, accessEnd),
				Duration.between(now, accessEnd), jwt(user, REFRESH, sessionId, refreshId, now, sessionEnd),
				Duration.between(now, sessionEnd));
	}

	private String jwt(SignedInUser user, String type, String sessionId, String id, Instant now, Instant expiry) {
		return Jwts.builder()
			.id(id)
			.subject(Long.toString(user.userId()))
			.claim("name", user.userName())
			.claim(TENANT_ID, user.tenantId())
			.claim(TOKEN_TYPE, type)
			.claim(SESSION_ID, sessionId)
			.issuedAt(Date.from(now))
			.expiration(Date.from(expiry))
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

	/**
	 * Tokens issued together.
	 *
	 * @param accessToken the access token
	 * @param accessTokenLifetime how long the access token has: its lifetime, or less
	 * near the session's end
	 * @param refreshToken the refresh token
	 * @param refreshTokenLifetime how long the refresh token has left, the session's end
	 */
	record Tokens(String accessToken, Duration accessTokenLifetime, String refreshToken,
			Duration refreshTokenLifetime) {
	}

	private record AccessToken(SignedInUser user, Instant expiry) {
	}

}
