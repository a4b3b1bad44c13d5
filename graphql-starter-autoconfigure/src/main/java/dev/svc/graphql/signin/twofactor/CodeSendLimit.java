package dev.svc.graphql.signin.twofactor;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import dev.svc.graphql.ratelimit.SharedBuckets;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import org.jspecify.annotations.Nullable;

/**
 * How often codes may go to one user: one per cooldown and so many an hour. The codes
 * sent, kept in the database, tell the wait; a bucket per user that every instance shares
 * then takes each send, so that two requests in the same instant, on one instance or on
 * two, send one code.
 */
final class CodeSendLimit {

	private static final Duration HOUR = Duration.ofHours(1);

	/** Shortest time between two codes sent to a user. */
	static final Duration COOLDOWN = Duration.ofSeconds(30);

	/** Most codes sent to a user in an hour. */
	static final int MAX_PER_HOUR = 5;

	private final SharedBuckets buckets;

	private final Duration cooldown;

	private final int maxPerHour;

	private final BucketConfiguration limit;

	CodeSendLimit(SharedBuckets buckets, Duration cooldown, int maxPerHour) {
		this.buckets = buckets;
		this.cooldown = cooldown;
		this.maxPerHour = maxPerHour;
		this.limit = BucketConfiguration.builder()
			.addLimit((bandwidth) -> bandwidth.capacity(1).refillIntervally(1, cooldown))
			.addLimit((bandwidth) -> bandwidth.capacity(maxPerHour).refillIntervally(maxPerHour, HOUR))
			.build();
	}

	/**
	 * The wait that the codes sent in the last hour impose.
	 * @param sent when they were sent, oldest first
	 * @return the wait, {@code null} when a code may go now
	 */
	@Nullable Duration waitAfter(List<Instant> sent, Instant now) {
		Duration wait = null;
		if (!sent.isEmpty() && now.isBefore(sent.get(sent.size() - 1).plus(this.cooldown))) {
			wait = Duration.between(now, sent.get(sent.size() - 1).plus(this.cooldown));
		}
		if (sent.size() >= this.maxPerHour) {
			Duration untilOldestLeaves = Duration.between(now, sent.get(sent.size() - this.maxPerHour).plus(HOUR));
			wait = (wait == null || untilOldestLeaves.compareTo(wait) > 0) ? untilOldestLeaves : wait;
		}
		return wait;
	}

	/**
	 * Takes one send of the user's, for every instance at once.
	 * @return the wait when another request took it first, {@code null} when this one may
	 * send
	 */
	@Nullable Duration take(long userId) {
		ConsumptionProbe probe = this.buckets.tryTake(
				"two-factor-send:" + userId + ":" + this.cooldown.toSeconds() + "/" + this.maxPerHour, () -> this.limit,
				1);
		return (probe == null || probe.isConsumed()) ? null : Duration.ofNanos(probe.getNanosToWaitForRefill());
	}

}
