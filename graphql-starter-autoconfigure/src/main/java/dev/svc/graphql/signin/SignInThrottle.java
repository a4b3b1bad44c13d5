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
 * whatever the address, in fixed windows in this instance's memory, and refuses those
 * past the limit until the window ends: a new address per attempt does not help. Unknown
 * addresses share one count. An attempt its address may not make counts for its address
 * only, so that one address adds no more names than its limit in a window. The counts
 * hold at most {@value #BUDGET} bytes of heap ({@value #ENTRY_BYTES} per count and two
 * per key character, as measured); past that, Caffeine lets go of the least used.
 */
final class SignInThrottle {

	private static final String UNKNOWN_ADDRESS = "address:unknown";

	private final int maxAttempts;

	private final Duration window;

	static final long BUDGET = 4L * 1024 * 1024;

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

	record Wait(Duration retryAfter, boolean byAccount) {
	}

}
