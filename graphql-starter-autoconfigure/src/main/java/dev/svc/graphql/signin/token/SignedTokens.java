package dev.svc.graphql.signin.token;

import java.io.OutputStream;
import java.io.Reader;
import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import javax.crypto.SecretKey;

import dev.svc.graphql.context.SignedInUser;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.io.AbstractDeserializer;
import io.jsonwebtoken.io.AbstractSerializer;
import io.jsonwebtoken.security.Keys;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Signs and reads the module's JWTs, with JSON by the Jackson that Spring Boot 4 runs on
 * (jjwt's own Jackson support is for Jackson 2, a second JSON library to load).
 */
final class SignedTokens {

	static final String TOKEN_TYPE = "token_type";

	static final String ACCESS = "access";

	static final String REFRESH = "refresh";

	static final String SESSION_ID = "sid";

	/**
	 * How the session's user signed in, as RFC 8176's authentication method references:
	 * "pop" (proof of possession of a key: a passkey) or "pwd".
	 */
	private static final String METHODS = "amr";

	private static final String PASSKEY = "pop";

	private static final String TENANT_ID = "tenantId";

	private static final JsonMapper json = JsonMapper.builder()
		.enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
		.build();

	private final SecretKey signingKey;

	private final JwtParser parser;

	SignedTokens(byte[] signingKey, Clock clock) {
		this.signingKey = Keys.hmacShaKeyFor(signingKey);
		this.parser = Jwts.parser()
			.verifyWith(this.signingKey)
			.clock(() -> Date.from(clock.instant()))
			.json(new JsonReader())
			.build();
	}

	String sign(SignedInUser user, String type, String sessionId, String id, Instant now, Instant expiry) {
		return Jwts.builder()
			.id(id)
			.subject(Long.toString(user.userId()))
			.claim("name", user.userName())
			.claim(TENANT_ID, user.tenantId())
			.claim(TOKEN_TYPE, type)
			.claim(SESSION_ID, sessionId)
			.claim(METHODS, List.of(user.passkey() ? PASSKEY : "pwd"))
			.issuedAt(Date.from(now))
			.expiration(Date.from(expiry))
			.signWith(this.signingKey, Jwts.SIG.HS256)
			.json(new JsonWriter())
			.compact();
	}

	Optional<Claims> read(String token, String type) {
		try {
			Claims claims = this.parser.parseSignedClaims(token).getPayload();
			if (!type.equals(claims.get(TOKEN_TYPE, String.class)) || claims.get(SESSION_ID, String.class) == null
					|| claims.getExpiration() == null) {
				return Optional.empty();
			}
			// a signed token whose user claims are not of their types (a key shared with
			// another issuer) is no token of ours: anonymous, never a failed request
			user(claims);
			return Optional.of(claims);
		}
		catch (JwtException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	// a token that names no passkey is a password's
	static SignedInUser user(Claims claims) {
		return new SignedInUser(Long.parseLong(claims.getSubject()), claims.get(TENANT_ID, Integer.class),
				claims.get("name", String.class), claims.get(SESSION_ID, String.class),
				claims.get(METHODS) instanceof List<?> methods && methods.contains(PASSKEY));
	}

	static final class JsonWriter extends AbstractSerializer<Map<String, ?>> {

		@Override
		protected void doSerialize(Map<String, ?> value, OutputStream out) {
			json.writeValue(out, value);
		}

	}

	private static final class JsonReader extends AbstractDeserializer<Map<String, ?>> {

		@Override
		@SuppressWarnings("unchecked")
		protected Map<String, ?> doDeserialize(Reader reader) {
			return json.readValue(reader, Map.class);
		}

	}

}
