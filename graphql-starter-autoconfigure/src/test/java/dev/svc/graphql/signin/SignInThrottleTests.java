package dev.svc.graphql.signin;

import java.time.Duration;
import java.time.Instant;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What one caller can make the throttle keep: an address past its limit adds no more
 * names, and however many addresses and names come, the counts stay within their budget.
 */
class SignInThrottleTests {

	private final Instant now = Instant.parse("2026-11-27T12:00:00Z");

	@Test
	void shouldNotCountTheNamesOfAnAddressPastItsLimit() {
		SignInThrottle throttle = new SignInThrottle(5, Duration.ofMinutes(1));
		for (int i = 0; i < 10_000; i++) {
			throttle.attempt("203.0.113.7", "host\u001fuser" + i, this.now);
		}
		assertThat(throttle.heldBytes()).as("the address and its first six names")
			.isLessThanOrEqualTo(7L * (SignInThrottle.ENTRY_BYTES + 2 * 40));
		assertThat(throttle.attempt("198.51.100.1", "host\u001fuser9999", this.now))
			.as("a name the refused attempts named is not throttled by them")
			.isNull();
	}

	@Test
	void shouldKeepTheCountsOfManyAddressesAndNamesWithinItsBudget() {
		SignInThrottle throttle = new SignInThrottle(5, Duration.ofMinutes(1));
		String name = "n".repeat(256);
		for (int i = 0; i < 60_000; i++) {
			throttle.attempt("10." + (i >> 16 & 255) + "." + (i >> 8 & 255) + "." + (i & 255), name + i, this.now);
		}
		assertThat(throttle.heldBytes()).isLessThanOrEqualTo(SignInThrottle.BUDGET);
	}

	@Test
	void shouldStillThrottleAnAccountTriedFromManyAddresses() {
		SignInThrottle throttle = new SignInThrottle(5, Duration.ofMinutes(1));
		for (int i = 0; i < 5; i++) {
			assertThat(throttle.attempt("10.0.0." + i, "host\u001fadmin", this.now)).isNull();
		}
		SignInThrottle.Wait wait = throttle.attempt("10.0.0.99", "host\u001fadmin", this.now);
		assertThat(wait).isNotNull();
		assertThat(wait.byAccount()).isTrue();
	}

}
