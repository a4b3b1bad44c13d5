package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.time.Instant;
import java.util.Date;
import java.util.Optional;

import javax.crypto.SecretKey;

import dev.svc.graphql.context.SignedInUser;
import io.jsonwebtoken.Claims;
import io.jsonwebtoken.JwtException;
import io.jsonwebtoken.JwtParser;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;

final class SignedTokens {

	static final String TOKEN_TYPE = "token_type";

	static final String ACCESS = "access";

	static final String REFRESH = "refresh";

	static final String SESSION_ID = "sid";

	private static final String TENANT_ID = "tenantId";

	private final SecretKey signingKey;

	private final JwtParser parser;

	SignedTokens(byte[] signingKey, Clock clock) {
		this.signingKey = Keys.hmacShaKeyFor(signingKey);
		this.parser = Jwts.parser().verifyWith(this.signingKey).clock(() -> Date.from(clock.instant())).build();
	}

	String sign(SignedInUser user, String type, String sessionId, String id, Instant now, Instant expiry) {
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

	Optional<Claims> read(String token, String type) {
		try {
			Claims claims = this.parser.parseSignedClaims(token).getPayload();
			return (type.equals(claims.get(TOKEN_TYPE, String.class)) && claims.get(SESSION_ID, String.class) != null
					&& claims.getExpiration() != null) ? Optional.of(claims) : Optional.empty();
		}
		catch (JwtException | IllegalArgumentException ex) {
			return Optional.empty();
		}
	}

	static SignedInUser user(Claims claims) {
		return new SignedInUser(Long.parseLong(claims.getSubject()), claims.get(TENANT_ID, Integer.class),
				claims.get("name", String.class), claims.get(SESSION_ID, String.class));
	}

}
