package dev.svc.graphql.signin.token;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.svc.graphql.context.SignedInUser;
import dev.svc.graphql.signin.session.SignInSessions;
import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.test.MutableClock;
import org.junit.jupiter.api.Test;

import org.springframework.security.core.Authentication;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.authority.FactorGrantedAuthority;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Reading access tokens: a token read once is remembered until it expires, and
 * remembering it changes nothing a token may do.
 */
class TokenServiceTests {

	private static final SignedInUser ADMIN = new SignedInUser(1, 7, "admin");

	private final MutableClock clock = new MutableClock(Instant.parse("2026-01-01T00:00:00Z"));

	private final SignInSessions sessions = TestSessions.inMemory();

	private final TokenService tokens = new TokenService("unit-test-signing-key-0123456789abcdef-0000",
			Duration.ofDays(1), Duration.ofDays(365), DataSize.ofMegabytes(4).toBytes(),
			TestSessions.active(this.sessions, this.clock), this.sessions, this.clock);

	@Test
	void shouldReadATokenAgainUntilItExpires() {
		String token = this.tokens.signIn(ADMIN).accessToken();
		assertThat(this.tokens.readAccessToken(token)).map(TokenServiceTests::withoutSession).contains(ADMIN);
		this.clock.advance(Duration.ofDays(1).minusSeconds(1));
		assertThat(this.tokens.readAccessToken(token)).map(TokenServiceTests::withoutSession).contains(ADMIN);
		this.clock.advance(Duration.ofSeconds(2));
		assertThat(this.tokens.readAccessToken(token)).isEmpty();
	}

	@Test
	void shouldRefuseATokenReadBeforeOnceItsSessionEnded() {
		String token = this.tokens.signIn(ADMIN).accessToken();
		assertThat(this.tokens.readAccessToken(token)).map(TokenServiceTests::withoutSession).contains(ADMIN);
		assertThat(this.tokens.logOut(token)).isTrue();
		assertThat(this.tokens.readAccessToken(token)).isEmpty();
	}

	@Test
	void shouldRefuseAnAlteredCopyOfATokenReadBefore() {
		String token = this.tokens.signIn(ADMIN).accessToken();
		assertThat(this.tokens.readAccessToken(token)).map(TokenServiceTests::withoutSession).contains(ADMIN);
		char last = token.charAt(token.length() - 2);
		String altered = token.substring(0, token.length() - 2) + ((last == 'A') ? 'B' : 'A')
				+ token.charAt(token.length() - 1);
		assertThat(this.tokens.readAccessToken(altered)).isEmpty();
		assertThat(this.tokens.readAccessToken(token + " ")).isEmpty();
	}

	@Test
	void shouldNotTakeARefreshTokenForAnAccessToken() {
		TokenService.Tokens issued = this.tokens.signIn(ADMIN);
		assertThat(this.tokens.readAccessToken(issued.accessToken())).map(TokenServiceTests::withoutSession)
			.contains(ADMIN);
		assertThat(this.tokens.readAccessToken(issued.refreshToken())).isEmpty();
	}

	@Test
	void shouldDecryptOnlyWhatItEncryptedUnaltered() {
		String encrypted = this.tokens.encrypt("an access token");
		assertThat(this.tokens.decrypt(encrypted)).contains("an access token");
		assertThat(this.tokens.encrypt("an access token")).as("a new nonce each time").isNotEqualTo(encrypted);
		// a character inside the ciphertext: the last one may carry padding bits only
		char inside = encrypted.charAt(20);
		String altered = encrypted.substring(0, 20) + ((inside == 'A') ? 'B' : 'A') + encrypted.substring(21);
		assertThat(this.tokens.decrypt(altered)).as("altered").isEmpty();
		assertThat(this.tokens.decrypt("AAAA")).as("too short").isEmpty();
		assertThat(this.tokens.decrypt("not base64!")).isEmpty();
		TokenService other = new TokenService("another-signing-key-0123456789abcdef-0000", Duration.ofDays(1),
				Duration.ofDays(365), DataSize.ofMegabytes(4).toBytes(), TestSessions.active(this.sessions, this.clock),
				this.sessions, this.clock);
		assertThat(other.decrypt(encrypted)).as("another key").isEmpty();
	}

	@Test
	void shouldKeepThroughRefreshesWhetherTheSessionBeganWithAPasskey() {
		TokenService.Tokens byPasskey = this.tokens.signIn(new SignedInUser(1, 7, "admin", null, true));
		assertThat(factors(byPasskey.accessToken())).containsExactly(FactorGrantedAuthority.WEBAUTHN_AUTHORITY);
		TokenService.Tokens refreshed = this.tokens.refresh(byPasskey.refreshToken()).orElseThrow();
		assertThat(factors(refreshed.accessToken())).containsExactly(FactorGrantedAuthority.WEBAUTHN_AUTHORITY);
		TokenService.Tokens byPassword = this.tokens.signIn(ADMIN);
		assertThat(factors(this.tokens.refresh(byPassword.refreshToken()).orElseThrow().accessToken()))
			.containsExactly(FactorGrantedAuthority.PASSWORD_AUTHORITY);
	}

	private List<String> factors(String accessToken) {
		return this.tokens.readAccessToken(accessToken)
			.orElseThrow()
			.getAuthorities()
			.stream()
			.map(GrantedAuthority::getAuthority)
			.toList();
	}

	private static SignedInUser withoutSession(Authentication signedIn) {
		SignedInUser user = (SignedInUser) signedIn.getPrincipal();
		assertThat(user.sessionId()).as("the token's session").isNotNull();
		return new SignedInUser(user.userId(), user.tenantId(), user.userName());
	}

}
