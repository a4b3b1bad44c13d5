package dev.svc.graphql.test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;

import org.springframework.boot.test.context.TestConfiguration;

/**
 * A clock that tests move by hand, so that what happens after a while is tested without
 * waiting. A test imports {@link Bean} to give its application this clock, set to
 * 2030-01-01T00:00:00Z.
 */
public final class MutableClock extends Clock {

	private volatile Instant now;

	public MutableClock(Instant start) {
		this.now = start;
	}

	/**
	 * Moves the clock on.
	 * @param duration how far
	 */
	public void advance(Duration duration) {
		this.now = this.now.plus(duration);
	}

	@Override
	public Instant instant() {
		return this.now;
	}

	@Override
	public ZoneId getZone() {
		return ZoneOffset.UTC;
	}

	@Override
	public Clock withZone(ZoneId zone) {
		throw new UnsupportedOperationException("a test clock keeps UTC");
	}

	/**
	 * The host's {@code Clock} bean, which the module reads the time from: a mutable one.
	 */
	@TestConfiguration(proxyBeanMethods = false)
	public static class Bean {

		@org.springframework.context.annotation.Bean
		MutableClock clock() {
			return new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
		}

	}

}
