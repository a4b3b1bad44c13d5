package dev.svc.graphql.signin.password;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Supplier;

import dev.svc.graphql.context.ClientAddress;
import dev.svc.graphql.ratelimit.SharedBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import org.jspecify.annotations.Nullable;

/**
 * Counts the sign-in attempts of each client address, and of each account (whatever name
 * it is typed as, or a name of no account) whatever the address, in buckets that every
 * instance shares, and refuses those past the limit until the window since the first
 * counted attempt ends: neither a new address for every attempt nor another instance
 * helps. Attempts of unknown address share one count. An attempt its address may not make
 * counts for its address only, so that one address adds no more names than its limit in a
 * window.
 */
final class SignInThrottle {

	/** The window the attempts are counted in: the limit is a number a minute. */
	static final Duration WINDOW = Duration.ofMinutes(1);

	private final SharedBuckets buckets;

	private final BucketConfiguration limit;

	/**
	 * The limit in every key: instances (or a restart) with another limit count apart
	 * instead of meeting a stored bucket of other limits.
	 */
	private final String limitKey;

	SignInThrottle(SharedBuckets buckets, int maxAttempts, Duration window) {
		this.buckets = buckets;
		this.limitKey = ":" + maxAttempts + "/" + window.toSeconds();
		this.limit = BucketConfiguration.builder()
			.addLimit((bandwidth) -> bandwidth.capacity(maxAttempts).refillIntervally(maxAttempts, window))
			.build();
	}

	/**
	 * Counts an attempt.
	 * @param address the client's address, {@code null} when unknown
	 * @param account what the attempt is for: an account's id, or the tenancy and name as
	 * typed when they name no account; {@code null} when it names none. Asked for only
	 * when the address may make the attempt
	 * @return how long the attempt must wait, {@code null} when it may go on
	 */
	@Nullable Wait attempt(@Nullable String address, Supplier<@Nullable String> account) {
		Duration byAddress = take(
				"sign-in:address:" + ((address != null) ? ClientAddress.network(address) : "unknown"));
		String named = (byAddress != null) ? null : account.get();
		Duration byAccount = (named != null) ? take("sign-in:account:" + named.toUpperCase(Locale.ROOT)) : null;
		if (byAccount != null) {
			return new Wait(byAccount, true);
		}
		return (byAddress != null) ? new Wait(byAddress, false) : null;
	}

	private @Nullable Duration take(String key) {
		ConsumptionProbe probe = this.buckets.tryTake(key + this.limitKey, () -> this.limit, 1);
		return (probe == null || probe.isConsumed()) ? null : Duration.ofNanos(probe.getNanosToWaitForRefill());
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
