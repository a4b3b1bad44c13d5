package dev.svc.graphql.signin;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.jspecify.annotations.Nullable;

/**
 * Counts the sign-in attempts of each client address in fixed windows, in this instance's memory,
 * and refuses those past the limit until the address's window ends. Windows that have ended are
 * dropped as new ones open, so the memory it takes follows the addresses of one window.
 */
final class SignInThrottle {

	private record Window(Instant start, int attempts) {
	}

	private final int maxAttempts;

	private final Duration window;

	private final Map<String, Window> windows = new ConcurrentHashMap<>();

	private volatile Instant nextSweep = Instant.MIN;

	SignInThrottle(int maxAttempts, Duration window) {
		this.maxAttempts = maxAttempts;
		this.window = window;
	}

	/**
	 * Counts an attempt of an address.
	 * @param address the client's address, {@code null} when unknown (never throttled)
	 * @param now the time of the attempt
	 * @return how long the address must wait, {@code null} when the attempt may go on
	 */
	@Nullable Duration attempt(@Nullable String address, Instant now) {
		if (address == null) {
			return null;
		}
		sweep(now);
		Window current = this.windows.compute(address, (key, window) -> (window == null
				|| !now.isBefore(window.start().plus(this.window))) ? new Window(now, 1)
						: new Window(window.start(), window.attempts() + 1));
		if (current.attempts() <= this.maxAttempts) {
			return null;
		}
		return Duration.between(now, current.start().plus(this.window));
	}

	private void sweep(Instant now) {
		if (now.isAfter(this.nextSweep)) {
			this.nextSweep = now.plus(this.window);
			this.windows.values().removeIf((window) -> !now.isBefore(window.start().plus(this.window)));
		}
	}

}
