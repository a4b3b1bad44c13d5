package dev.svc.graphql;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * Leaves a shared store alone for a while once it did not answer in time: meanwhile every
 * call is answered at once as if the store were away, so a store that stopped answering
 * costs one wait rather than one a request, and no command piles up on its connection.
 * When the pause is over one call goes through to try the store; the others are still
 * answered at once until it fails (another pause) or succeeds.
 */
public final class CircuitBreaker {

	/**
	 * How long a command of the module's own Redis connections waits, unless the host set
	 * {@code spring.data.redis.timeout}: short, so that a Redis that stopped answering
	 * does not hold requests for Lettuce's 60 s before the breaker opens.
	 */
	static final Duration REDIS_TIMEOUT = Duration.ofMillis(500);

	private static final long CLOSED = Long.MIN_VALUE;

	private final long pauseNanos;

	private final LongSupplier nanoTime;

	private final AtomicLong pausedUntil = new AtomicLong(CLOSED);

	/**
	 * Makes a closed breaker.
	 * @param pause how long the store is left alone after it failed
	 */
	public CircuitBreaker(Duration pause) {
		this(pause, System::nanoTime);
	}

	CircuitBreaker(Duration pause, LongSupplier nanoTime) {
		this.pauseNanos = pause.toNanos();
		this.nanoTime = nanoTime;
	}

	/**
	 * How long one command of the module's own Redis connections waits: Spring Boot's
	 * {@code spring.data.redis.timeout} when the host set it, else half a second.
	 * @param environment the host's settings
	 * @return the timeout
	 */
	public static Duration redisTimeout(Environment environment) {
		return Binder.get(environment).bind("spring.data.redis.timeout", Duration.class).orElse(REDIS_TIMEOUT);
	}

	/**
	 * Whether a call may go to the store now.
	 * @return {@code false} while the store is left alone
	 */
	public boolean allows() {
		long until = this.pausedUntil.get();
		if (until == CLOSED) {
			return true;
		}
		long now = this.nanoTime.getAsLong();
		// the pause is over: this call tries the store, the others wait for its answer
		return now - until >= 0 && this.pausedUntil.compareAndSet(until, now + this.pauseNanos);
	}

	/**
	 * Whether the store is left alone, without trying it when the pause is over.
	 * @return {@code true} from a failure until a call succeeds
	 */
	public boolean paused() {
		return this.pausedUntil.get() != CLOSED;
	}

	/** The store answered. */
	public void succeeded() {
		if (this.pausedUntil.get() != CLOSED) {
			this.pausedUntil.set(CLOSED);
		}
	}

	/** The store did not answer in time, or could not be reached: it is left alone. */
	public void failed() {
		this.pausedUntil.set(this.nanoTime.getAsLong() + this.pauseNanos);
	}

}
