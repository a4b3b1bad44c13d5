package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two instances' buckets over one store, leasing ahead: the store sees one take a lease;
 * an instance holds one lease at most; together they never spend more than the bucket
 * gave, and near its bottom a take asks for exactly what it lacks.
 */
class SharedBucketsTests {

	private static final BucketConfiguration HUNDRED_A_DAY = BucketConfiguration.builder()
		.addLimit((limit) -> limit.capacity(100).refillIntervally(100, Duration.ofDays(1)))
		.build();

	private final MemoryBuckets store = new MemoryBuckets(BucketStoreConfigurations.timeMeter(Clock.systemUTC()),
			Duration.ofDays(1));

	private final SharedBuckets first = new SharedBuckets(this.store);

	private final SharedBuckets second = new SharedBuckets(this.store);

	@Test
	void shouldSpendALeaseHereWithoutAskingTheStoreAgain() {
		for (int i = 0; i < 5; i++) {
			assertThat(take(this.first, 2, 10).isConsumed()).isTrue();
		}

		assertThat(take(this.second, 1, 1).getRemainingTokens()).as("the store gave one lease of 10").isEqualTo(89);
		ConsumptionProbe sixth = take(this.first, 2, 10);
		assertThat(sixth.isConsumed()).isTrue();
		assertThat(sixth.getRemainingTokens()).as("the store's count at the next lease and the lease's rest")
			.isEqualTo(79 + 8);
	}

	@Test
	void shouldNeverSpendMoreThanTheBucketHoldsWhateverInstanceTakes() {
		long spent = 0;
		for (int i = 0; i < 200; i++) {
			ConsumptionProbe probe = take((i % 2 == 0) ? this.first : this.second, 3, 10);
			spent += probe.isConsumed() ? 3 : 0;
		}

		assertThat(spent).isLessThanOrEqualTo(100).isGreaterThan(100 - 10 - 3);
	}

	@Test
	void shouldTakeExactlyWhatItLacksWhereTheBucketCannotGiveALease() {
		assertThat(take(this.first, 90, 90).isConsumed()).isTrue();
		assertThat(take(this.second, 4, 8).isConsumed()).as("a lease of 8 from 10").isTrue();
		ConsumptionProbe refused = take(this.first, 3, 8);
		assertThat(refused.isConsumed()).isFalse();
		assertThat(refused.getRemainingTokens()).isEqualTo(2);
		assertThat(refused.getNanosToWaitForRefill()).isPositive();

		assertThat(take(this.first, 2, 8).isConsumed()).as("exactly the 2 left").isTrue();
		assertThat(take(this.second, 4, 8).isConsumed()).as("the rest of its own lease").isTrue();
		assertThat(take(this.second, 1, 1).isConsumed()).isFalse();
	}

	@Test
	void shouldPutTokensGivenBackIntoTheStore() {
		assertThat(take(this.first, 100, 100).isConsumed()).isTrue();
		this.first.giveBack("key", () -> HUNDRED_A_DAY, 5);

		assertThat(take(this.second, 5, 5).isConsumed()).isTrue();
		assertThat(take(this.first, 1, 1).isConsumed()).isFalse();
	}

	@Test
	void shouldHoldOneLeaseAtMostWhateverTheTakesAtOnce() throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(8);
		try {
			List<Future<ConsumptionProbe>> takes = new ArrayList<>();
			for (int i = 0; i < 40; i++) {
				takes.add(threads.submit(() -> take(this.first, 1, 10)));
			}
			for (Future<ConsumptionProbe> take : takes) {
				assertThat(take.get(10, TimeUnit.SECONDS).isConsumed()).isTrue();
			}
		}
		finally {
			threads.shutdownNow();
		}

		assertThat(take(this.second, 50, 50).isConsumed()).as("the 40 spent and one lease at most held").isTrue();
	}

	private static ConsumptionProbe take(SharedBuckets buckets, long tokens, long lease) {
		ConsumptionProbe probe = buckets.tryTake("key", () -> HUNDRED_A_DAY, tokens, lease);
		assertThat(probe).isNotNull();
		return probe;
	}

}
