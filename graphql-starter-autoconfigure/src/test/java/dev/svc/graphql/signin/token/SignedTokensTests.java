package dev.svc.graphql.signin.token;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;

import dev.svc.graphql.context.SignedInUser;
import io.jsonwebtoken.JwtBuilder;
import io.jsonwebtoken.Jwts;
import io.jsonwebtoken.security.Keys;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SignedTokensTests {

	private static final byte[] KEY = "signed-tokens-tests-key-0123456789abcdef".getBytes(StandardCharsets.UTF_8);

	private static final Instant NOW = Instant.parse("2026-11-28T00:00:00Z");

	private final SignedTokens tokens = new SignedTokens(KEY, Clock.fixed(NOW, ZoneOffset.UTC));

	@Test
	void shouldReadBackTheUserOfATokenItSigned() {
		String token = this.tokens.sign(new SignedInUser(7, 2, "admin", "session-1", true), SignedTokens.ACCESS,
				"session-1", "token-1", NOW, NOW.plusSeconds(60));
		assertThat(this.tokens.read(token, SignedTokens.ACCESS).map(SignedTokens::user))
			.contains(new SignedInUser(7, 2, "admin", "session-1", true));
		assertThat(this.tokens.read(token, SignedTokens.REFRESH)).isEmpty();
	}

	@Test
	void shouldTakeATokenSignedWithItsKeyWhoseUserClaimsAreOfOtherTypesForNoToken() {
		assertThat(this.tokens.read(signed().claim("tenantId", "1").compact(), SignedTokens.ACCESS)).isEmpty();
		assertThat(this.tokens.read(signed().claim("tenantId", 1L << 40).compact(), SignedTokens.ACCESS)).isEmpty();
		assertThat(this.tokens.read(signed().subject("abc").compact(), SignedTokens.ACCESS)).isEmpty();
		assertThat(this.tokens.read(signed().subject(null).compact(), SignedTokens.ACCESS)).isEmpty();
		assertThat(this.tokens.read(signed().claim("name", 5).compact(), SignedTokens.ACCESS)).isEmpty();
	}

	private static JwtBuilder signed() {
		return Jwts.builder()
			.subject("7")
			.claim("name", "admin")
			.claim("tenantId", 2)
			.claim(SignedTokens.TOKEN_TYPE, SignedTokens.ACCESS)
			.claim(SignedTokens.SESSION_ID, "session-1")
			.issuedAt(Date.from(NOW))
			.expiration(Date.from(NOW.plusSeconds(60)))
			.signWith(Keys.hmacShaKeyFor(KEY), Jwts.SIG.HS256)
			.json(new SignedTokens.JsonWriter());
	}

}
