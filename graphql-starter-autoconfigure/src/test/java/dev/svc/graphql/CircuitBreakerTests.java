package dev.svc.graphql;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A store that failed is left alone for the pause; then one call tries it.
 */
class CircuitBreakerTests {

	private final AtomicLong now = new AtomicLong(-42);

	private final CircuitBreaker breaker = new CircuitBreaker(Duration.ofSeconds(5), this.now::get);

	@Test
	void shouldAllowEveryCallUntilTheStoreFails() {
		assertThat(this.breaker.allows()).isTrue();
		this.breaker.succeeded();
		assertThat(this.breaker.allows()).isTrue();
		assertThat(this.breaker.allows()).isTrue();
	}

	@Test
	void shouldLeaveAFailedStoreAloneForThePauseThenLetOneCallTryIt() {
		this.breaker.failed();
		assertThat(this.breaker.allows()).isFalse();
		this.now.addAndGet(Duration.ofSeconds(5).toNanos() - 1);
		assertThat(this.breaker.allows()).isFalse();

		this.now.incrementAndGet();
		assertThat(this.breaker.allows()).as("the call that tries the store").isTrue();
		assertThat(this.breaker.allows()).as("the others, while it tries").isFalse();

		this.breaker.succeeded();
		assertThat(this.breaker.allows()).isTrue();
		assertThat(this.breaker.allows()).isTrue();
	}

	@Test
	void shouldTellItIsPausedUntilACallSucceedsWithoutTryingTheStore() {
		assertThat(this.breaker.paused()).isFalse();
		this.breaker.failed();
		this.now.addAndGet(Duration.ofSeconds(6).toNanos());
		assertThat(this.breaker.paused()).isTrue();
		assertThat(this.breaker.allows()).as("the try is still there to take").isTrue();
		this.breaker.succeeded();
		assertThat(this.breaker.paused()).isFalse();
	}

	@Test
	void shouldPauseAgainWhenTheTryFails() {
		this.breaker.failed();
		this.now.addAndGet(Duration.ofSeconds(5).toNanos());
		assertThat(this.breaker.allows()).isTrue();
		this.breaker.failed();
		this.now.addAndGet(Duration.ofSeconds(4).toNanos());
		assertThat(this.breaker.allows()).isFalse();
	}

}
