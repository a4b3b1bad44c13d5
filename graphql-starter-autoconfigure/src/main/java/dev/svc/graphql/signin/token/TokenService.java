package dev.svc.graphql.signin.token;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.session.ActiveSessions;
import dev.svc.graphql.signin.session.SignInSessions;
import io.jsonwebtoken.Claims;
import org.jspecify.annotations.Nullable;

import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.authority.FactorGrantedAuthority;

/**
 * Issues and reads the tokens of signed-in users. Every token belongs to the session its
 * sign-in started ({@code sid}) and is good while the session is, by the one rule of
 * {@link ActiveSessions}; refresh tokens rotate within the session, in its
 * {@link SignInSessions}.
 */
final class TokenService {

	/**
	 * What a kept token weighs on the heap besides its characters: key, entry and user
	 * (about 1.4 KB in all, measured).
	 */
	private static final int ENTRY_BYTES = 1_024;

	private final ActiveSessions activeSessions;

	private final SignInSessions sessions;

	// checked access tokens by their text, until they expire: one presented again skips
	// the JWT parse (its session is still checked)
	private final Cache<String, AccessToken> readTokens;

	private final SignedTokens jwts;

	private final TokenEncryption encryption;

	private final Duration accessTokenLifetime;

	private final Duration refreshTokenLifetime;

	private final Clock clock;

	TokenService(@Nullable String signingKey, Duration accessTokenLifetime, Duration refreshTokenLifetime,
			long accessTokenCacheBytes, ActiveSessions activeSessions, SignInSessions sessions, Clock clock) {
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
		this.jwts = new SignedTokens(key, clock);
		this.encryption = new TokenEncryption(key);
		this.accessTokenLifetime = accessTokenLifetime;
		this.refreshTokenLifetime = refreshTokenLifetime;
		this.activeSessions = activeSessions;
		this.sessions = sessions;
		this.readTokens = Caffeine.newBuilder()
			.maximumWeight(accessTokenCacheBytes)
			.<String, AccessToken>weigher(
					(token, read) -> ENTRY_BYTES + token.length() + read.user().userName().length())
			.expireAfterWrite(accessTokenLifetime)
			.executor(Runnable::run)
			.recordStats()
			.build();
		this.clock = clock;
	}

	Cache<?, ?> readTokenCache() {
		return this.readTokens;
	}

	Tokens signIn(SignedInUser user) {
		Instant now = this.clock.instant();
		Instant end = now.plus(this.refreshTokenLifetime);
		SignedInUser signedIn = this.activeSessions.start(user, end);
		return issue(signedIn, Objects.requireNonNull(signedIn.sessionId()), now, end);
	}

	/** Each refresh token works once; one presented again ends its session. */
	Optional<Tokens> refresh(String refreshToken) {
		Optional<Claims> claims = this.jwts.read(refreshToken, SignedTokens.REFRESH);
		if (claims.isEmpty()) {
			return Optional.empty();
		}
		String sessionId = claims.get().get(SignedTokens.SESSION_ID, String.class);
		Instant now = this.clock.instant();
		if (!this.sessions.use(sessionId, claims.get().getId(), now) || !this.sessions.isActive(sessionId, now)) {
			this.activeSessions.end(sessionId);
			return Optional.empty();
		}
		return Optional
			.of(issue(SignedTokens.user(claims.get()), sessionId, now, claims.get().getExpiration().toInstant()));
	}

	/** Ends the session of an access or refresh token, and every token of it. */
	boolean logOut(String token) {
		Optional<Claims> claims = this.jwts.read(token, SignedTokens.ACCESS)
			.or(() -> this.jwts.read(token, SignedTokens.REFRESH));
		claims.ifPresent((read) -> this.activeSessions.end(read.get(SignedTokens.SESSION_ID, String.class)));
		return claims.isPresent();
	}

	/**
	 * The signed-in user of a valid access token of a session still active.
	 * @param token the token
	 * @return the user, as an authentication with the factor of its sign-in, or empty
	 */
	Optional<Authentication> readAccessToken(String token) {
		Instant now = this.clock.instant();
		AccessToken read = this.readTokens.getIfPresent(token);
		if (read == null || !now.isBefore(read.expiry())) {
			Optional<Claims> claims = this.jwts.read(token, SignedTokens.ACCESS);
			if (claims.isEmpty()) {
				return Optional.empty();
			}
			read = new AccessToken(SignedTokens.user(claims.get()), claims.get().getExpiration().toInstant());
			this.readTokens.put(token, read);
		}
		if (!this.activeSessions.isActive(read.user())) {
			return Optional.empty();
		}
		String factor = read.user().passkey() ? FactorGrantedAuthority.WEBAUTHN_AUTHORITY
				: FactorGrantedAuthority.PASSWORD_AUTHORITY;
		return Optional.of(UsernamePasswordAuthenticationToken.authenticated(read.user(), null,
				List.of(FactorGrantedAuthority.fromAuthority(factor))));
	}

	String encrypt(String token) {
		return this.encryption.encrypt(token);
	}

	Optional<String> decrypt(String encrypted) {
		return this.encryption.decrypt(encrypted);
	}

	// the access token ends with its lifetime or its session, whichever comes first
	private Tokens issue(SignedInUser user, String sessionId, Instant now, Instant sessionEnd) {
		Instant accessEnd = now.plus(this.accessTokenLifetime);
		if (sessionEnd.isBefore(accessEnd)) {
			accessEnd = sessionEnd;
		}
		String refreshId = UUID.randomUUID().toString();
		this.sessions.issued(sessionId, refreshId);
		return new Tokens(
				this.jwts.sign(user, SignedTokens.ACCESS, sessionId, UUID.randomUUID().toString(), now, accessEnd),
				Duration.between(now, accessEnd),
				this.jwts.sign(user, SignedTokens.REFRESH, sessionId, refreshId, now, sessionEnd),
				Duration.between(now, sessionEnd));
	}

	record Tokens(String accessToken, Duration accessTokenLifetime, String refreshToken,
			Duration refreshTokenLifetime) {
	}

	private record AccessToken(SignedInUser user, Instant expiry) {
	}

}
