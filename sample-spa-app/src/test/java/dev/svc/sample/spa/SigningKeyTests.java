package dev.svc.sample.spa;

import java.time.Duration;

import dev.svc.sample.spa.token.TokenProperties;
import dev.svc.sample.spa.token.TokenService;
import org.junit.jupiter.api.Test;

import org.springframework.boot.SpringApplication;

import static org.assertj.core.api.Assertions.assertThatIllegalStateException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SigningKeyTests {

	@Test
	void shouldNotStartWithoutASigningKey() {
		SpringApplication app = new SpringApplication(SampleSpaApplication.class);
		assertThatThrownBy(() -> app.run("--server.port=0", "--graphql.audit.enabled=false")).rootCause()
			.hasMessageStartingWith("No token signing key is configured. Set svc.token.signing-key");
	}

	@Test
	void shouldRefuseAKeyTooShortForHs256() {
		assertThatIllegalStateException()
			.isThrownBy(() -> new TokenService(new TokenProperties("short", Duration.ofDays(1), Duration.ofDays(1))))
			.withMessage("svc.token.signing-key is 5 bytes long; HS256 needs at least 32 bytes (256 bits).");
	}

}
