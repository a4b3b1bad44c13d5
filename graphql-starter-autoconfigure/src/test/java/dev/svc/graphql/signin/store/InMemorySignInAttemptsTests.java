package dev.svc.graphql.signin.store;

import java.time.Instant;

import dev.svc.graphql.signin.store.SignInAttempts.Subject;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The counts of a host whose identity store keeps none: the same rules as in the module's
 * tables.
 */
class InMemorySignInAttemptsTests {

	private static final Instant NOW = Instant.parse("2030-01-01T00:00:00Z");

	private static final Instant END = NOW.plusSeconds(300);

	private final InMemorySignInAttempts attempts = new InMemorySignInAttempts();

	@Test
	void shouldLockOutAtTheLastFailureAllowedAndStartAgainOnSuccess() {
		Subject anna = new Subject(1, 10L, "anna");
		for (int i = 0; i < 4; i++) {
			this.attempts.failed(anna, NOW, 5, END);
		}
		assertThat(this.attempts.lockedUntil(anna)).isNull();
		this.attempts.failed(anna, NOW, 5, END);
		assertThat(this.attempts.lockedUntil(anna)).isEqualTo(END);

		Subject bert = new Subject(1, 11L, "bert");
		for (int i = 0; i < 4; i++) {
			this.attempts.failed(bert, NOW, 5, END);
		}
		this.attempts.succeeded(bert);
		this.attempts.failed(bert, NOW, 5, END);
		assertThat(this.attempts.lockedUntil(bert)).as("the count started again").isNull();
	}

	@Test
	void shouldCountNamesOfNoAccountPerTenantWhateverTheirCase() {
		for (int i = 0; i < 5; i++) {
			this.attempts.failed(new Subject(1, null, (i % 2 == 0) ? "nobody" : "NoBody"), NOW, 5, END);
		}
		assertThat(this.attempts.lockedUntil(new Subject(1, null, "NOBODY"))).isEqualTo(END);
		assertThat(this.attempts.lockedUntil(new Subject(2, null, "nobody"))).isNull();
	}

}
