package dev.svc.graphql.signin;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.svc.graphql.context.ClientAddress;
import org.jspecify.annotations.Nullable;

/**
 * Counts the sign-in attempts of each client address, and of each account (or name)
 * whatever the address, in fixed windows, in this instance's memory, and refuses those
 * past the limit until the window ends: a new address for every attempt does not help.
 * Attempts of unknown address share one count. An attempt its address may not make counts
 * for its address only, so that one address adds no more names than its limit in a
 * window. The counts are bounded by the heap they hold ({@value #BUDGET} bytes, each
 * weighing {@value #ENTRY_BYTES} bytes and two per character of its key, as measured);
 * past that, Caffeine lets go of the counts used least, and a window's count is let go
 * once the window has ended.
 */
final class SignInThrottle {

	private static final String UNKNOWN_ADDRESS = "address:unknown";

	private final int maxAttempts;

	private final Duration window;

	/** The heap the counts may hold. */
	static final long BUDGET = 4L * 1024 * 1024;

	/**
	 * A count's cache entry, its window and the key's string, but for the key's
	 * characters.
	 */
	static final int ENTRY_BYTES = 200;

	private final Cache<String, Window> windows;

	SignInThrottle(int maxAttempts, Duration window) {
		this.maxAttempts = maxAttempts;
		this.window = window;
		this.windows = Caffeine.newBuilder()
			.maximumWeight(BUDGET)
			.<String, Window>weigher((key, count) -> ENTRY_BYTES + 2 * key.length())
			.expireAfterWrite(window)
			.executor(Runnable::run)
			.build();
	}

	/**
	 * Counts an attempt.
	 * @param address the client's address, {@code null} when unknown
	 * @param account what the attempt is for: the tenancy and name as typed, or an
	 * account's id; {@code null} when it names none
	 * @param now the time of the attempt
	 * @return how long the attempt must wait, {@code null} when it may go on
	 */
	@Nullable Wait attempt(@Nullable String address, @Nullable String account, Instant now) {
		Duration byAddress = count((address != null) ? "address:" + ClientAddress.network(address) : UNKNOWN_ADDRESS,
				now);
		Duration byAccount = (account != null && byAddress == null)
				? count("account:" + account.toUpperCase(Locale.ROOT), now) : null;
		if (byAccount != null) {
			return new Wait(byAccount, true);
		}
		return (byAddress != null) ? new Wait(byAddress, false) : null;
	}

	/** The heap the counts hold, by their weights. */
	long heldBytes() {
		this.windows.cleanUp();
		return this.windows.policy().eviction().orElseThrow().weightedSize().orElseThrow();
	}

	private @Nullable Duration count(String key, Instant now) {
		Window current = this.windows.asMap()
			.compute(key, (name, window) -> (window == null || !now.isBefore(window.start().plus(this.window)))
					? new Window(now, 1) : new Window(window.start(), window.attempts() + 1));
		if (current.attempts() <= this.maxAttempts) {
			return null;
		}
		return Duration.between(now, current.start().plus(this.window));
	}

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

}
