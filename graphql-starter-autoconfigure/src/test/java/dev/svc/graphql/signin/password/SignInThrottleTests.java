package dev.svc.graphql.signin.password;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicInteger;

import dev.svc.graphql.ratelimit.SharedBuckets;
import dev.svc.graphql.test.MutableClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class SignInThrottleTests {

	private final MutableClock clock = new MutableClock(Instant.parse("2026-11-27T12:00:00Z"));

	private final SharedBuckets buckets = SharedBuckets.inMemory(this.clock);

	@Test
	void shouldCountTheAttemptsOfEveryInstanceTogether() {
		SignInThrottle first = new SignInThrottle(this.buckets, 5, Duration.ofMinutes(1));
		SignInThrottle second = new SignInThrottle(this.buckets, 5, Duration.ofMinutes(1));
		for (int i = 0; i < 5; i++) {
			String account = "host\u001fuser" + i;
			assertThat(((i % 2 == 0) ? first : second).attempt("203.0.113.7", () -> account)).isNull();
		}
		SignInThrottle.Wait wait = second.attempt("203.0.113.7", () -> "host\u001fother");
		assertThat(wait).isNotNull();
		assertThat(wait.byAccount()).isFalse();
		assertThat(wait.retryAfter()).isEqualTo(Duration.ofMinutes(1));

		this.clock.advance(Duration.ofMinutes(1));
		assertThat(first.attempt("203.0.113.7", () -> "host\u001fother")).as("a new window").isNull();
	}

	@Test
	void shouldNotCountTheNamesOfAnAddressPastItsLimit() {
		SignInThrottle throttle = new SignInThrottle(this.buckets, 5, Duration.ofMinutes(1));
		AtomicInteger lookUps = new AtomicInteger();
		for (int i = 0; i < 100; i++) {
			String account = "host\u001fuser" + i;
			throttle.attempt("203.0.113.7", () -> {
				lookUps.incrementAndGet();
				return account;
			});
		}
		assertThat(lookUps).as("the account is looked up only for the attempts the address may make").hasValue(5);
		for (int i = 0; i < 4; i++) {
			assertThat(throttle.attempt("198.51.100.1", () -> "host\u001fuser99"))
				.as("a name the refused attempts named is not throttled by them")
				.isNull();
		}
	}

	@Test
	void shouldStillThrottleAnAccountTriedFromManyAddresses() {
		SignInThrottle throttle = new SignInThrottle(this.buckets, 5, Duration.ofMinutes(1));
		for (int i = 0; i < 5; i++) {
			assertThat(throttle.attempt("10.0.0." + i, () -> "host\u001fadmin")).isNull();
		}
		SignInThrottle.Wait wait = throttle.attempt("10.0.0.99", () -> "HOST\u001fAdmin");
		assertThat(wait).isNotNull();
		assertThat(wait.byAccount()).as("names are counted whatever their case").isTrue();
	}

}
