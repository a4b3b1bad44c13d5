package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.time.Duration;

import io.github.bucket4j.BucketConfiguration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The in-memory buckets hold no more heap than their budget, whatever the number of keys
 * a caller makes up.
 */
class MemoryBucketsTests {

	@Test
	void shouldKeepTheBucketsOfManyKeysWithinItsBudget() {
		MemoryBuckets store = new MemoryBuckets(BucketStoreConfigurations.timeMeter(Clock.systemUTC()),
				Duration.ofDays(1));
		SharedBuckets buckets = new SharedBuckets(store);
		BucketConfiguration limit = BucketConfiguration.builder()
			.addLimit((bandwidth) -> bandwidth.capacity(5).refillIntervally(5, Duration.ofMinutes(1)))
			.build();
		String name = "n".repeat(100);
		for (int i = 0; i < 60_000; i++) {
			assertThat(buckets.tryTake("sign-in:account:" + name + i, () -> limit, 1)).isNotNull();
		}
		assertThat(store.heldBytes()).isLessThanOrEqualTo(MemoryBuckets.BUDGET);
	}

}
