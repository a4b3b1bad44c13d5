package dev.svc.graphql.signin.twofactor;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The one-time passwords against RFC 6238's own test values (SHA-1, the last 6 of their 8
 * digits), the window of one step either side, and what authenticator apps read.
 */
class TotpTests {

	/** RFC 6238's SHA-1 secret, the ASCII of "12345678901234567890". */
	private static final String RFC_SECRET = Totp.base32("12345678901234567890".getBytes(StandardCharsets.US_ASCII));

	@Test
	void shouldMakeTheCodesOfRfc6238() {
		assertThat(RFC_SECRET).isEqualTo("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(59)))).isEqualTo("287082");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(1111111109)))).isEqualTo("081804");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(1234567890)))).isEqualTo("005924");
		assertThat(Totp.code(RFC_SECRET, Totp.step(Instant.ofEpochSecond(20000000000L)))).isEqualTo("353130");
	}

	@Test
	void shouldAcceptTheCodeOfTheStepOrOneEitherSide() {
		Instant now = Instant.ofEpochSecond(1111111109);
		long step = Totp.step(now);
		assertThat(Totp.matchingStep(RFC_SECRET, Totp.code(RFC_SECRET, step), now)).hasValue(step);
		assertThat(Totp.matchingStep(RFC_SECRET, Totp.code(RFC_SECRET, step - 1), now)).hasValue(step - 1);
		assertThat(Totp.matchingStep(RFC_SECRET, Totp.code(RFC_SECRET, step + 1), now)).hasValue(step + 1);
		assertThat(Totp.matchingStep(RFC_SECRET, Totp.code(RFC_SECRET, step - 2), now)).isEmpty();
		assertThat(Totp.matchingStep(RFC_SECRET, Totp.code(RFC_SECRET, step + 2), now)).isEmpty();
		assertThat(Totp.matchingStep(RFC_SECRET, "12345", now)).isEmpty();
		assertThat(Totp.matchingStep(RFC_SECRET, "12345a", now)).isEmpty();
		assertThat(Totp.matchingStep(RFC_SECRET, null, now)).isEmpty();
	}

	@Test
	void shouldGiveAuthenticatorAppsA160BitSecretAndAnOtpauthUri() {
		String secret = Totp.newSecret(new SecureRandom());
		assertThat(secret).matches("[A-Z2-7]{32}");
		assertThat(Totp.unbase32(secret)).hasSize(20);
		assertThat(Totp.otpauthUri("Svc GraphQL", "admin@Default", "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"))
			.isEqualTo("otpauth://totp/Svc%20GraphQL:admin%40Default?secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"
					+ "&issuer=Svc%20GraphQL&algorithm=SHA1&digits=6&period=30");
	}

}
