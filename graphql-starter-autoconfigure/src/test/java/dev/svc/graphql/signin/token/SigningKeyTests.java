package dev.svc.graphql.signin.token;

import java.time.Clock;
import java.time.Duration;

import dev.svc.graphql.signin.session.TestSessions;
import dev.svc.graphql.test.TestHostApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.util.unit.DataSize;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SigningKeyTests {

	@Test
	void shouldNotStartWithoutASigningKey() {
		assertThatThrownBy(() -> new SpringApplicationBuilder(TestHostApplication.class)
			.run("--server.port=0", "--graphql.sign-in.token.enabled=true")
			.close()).rootCause()
			.hasMessageStartingWith("No token signing key is configured. Set graphql.sign-in.token.signing-key");
	}

	@Test
	void shouldRefuseAKeyTooShortForHs256() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new TokenService("short", Duration.ofDays(1), Duration.ofDays(365),
					DataSize.ofMegabytes(4).toBytes(), TestSessions.active(TestSessions.inMemory(), Clock.systemUTC()),
					TestSessions.inMemory(), Clock.systemUTC()))
			.withMessage(
					"graphql.sign-in.token.signing-key is 5 bytes long; HS256 needs at least 32 bytes (256 bits).");
	}

}
