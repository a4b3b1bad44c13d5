package dev.svc.graphql;

import java.time.Duration;

/**
 * The {@code Retry-After} of every refusal the module answers (the sign-in throttle, code
 * sends, the rate limits): a wait in whole seconds, rounded up, so that a client that
 * waits as long is let through.
 */
public final class RetryAfter {

	private RetryAfter() {
	}

	/**
	 * The seconds to wait.
	 * @param wait how long the client must wait
	 * @return the wait rounded up to whole seconds, at least one
	 */
	public static long seconds(Duration wait) {
		return Math.max(1, wait.toSeconds() + ((wait.toNanosPart() > 0) ? 1 : 0));
	}

}
