package dev.svc.graphql.signin;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import dev.svc.graphql.context.ClientAddress;
import org.jspecify.annotations.Nullable;

/**
 * Counts the sign-in attempts of each client address, and of each account (or name) whatever the
 * address, in fixed windows, in this instance's memory, and refuses those past the limit until the
 * window ends: a new address for every attempt does not help. Attempts of unknown address share
 * one count. Windows that have ended are dropped as new ones open, so the memory it takes follows
 * the addresses and names of one window.
 */
final class SignInThrottle {

	private record Window(Instant start, int attempts) {
	}

	/**
	 * Why an attempt must wait.
	 *
	 * @param retryAfter how long
	 * @param byAccount whether the account's count, not the address's, is over the limit
	 */
	record Wait(Duration retryAfter, boolean byAccount) {
	}

	private static final String UNKNOWN_ADDRESS = "address:unknown";

	private final int maxAttempts;

	private final Duration window;

	private final Map<String, Window> windows = new ConcurrentHashMap<>();

	private volatile Instant nextSweep = Instant.MIN;

	SignInThrottle(int maxAttempts, Duration window) {
		this.maxAttempts = maxAttempts;
		this.window = window;
	}

	/**
	 * Counts an attempt.
	 * @param address the client's address, {@code null} when unknown
	 * @param account what the attempt is for: the tenancy and name as typed, or an account's id;
	 * {@code null} when it names none
	 * @param now the time of the attempt
	 * @return how long the attempt must wait, {@code null} when it may go on
	 */
	@Nullable Wait attempt(@Nullable String address, @Nullable String account, Instant now) {
		sweep(now);
		Duration byAddress = count((address != null) ? "address:" + ClientAddress.network(address) : UNKNOWN_ADDRESS,
				now);
		Duration byAccount = (account != null) ? count("account:" + account.toUpperCase(Locale.ROOT), now) : null;
		if (byAccount != null && (byAddress == null || byAccount.compareTo(byAddress) > 0)) {
			return new Wait(byAccount, true);
		}
		return (byAddress != null) ? new Wait(byAddress, false) : null;
	}

	private @Nullable Duration count(String key, Instant now) {
		Window current = this.windows.compute(key, (name, window) -> (window == null
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
