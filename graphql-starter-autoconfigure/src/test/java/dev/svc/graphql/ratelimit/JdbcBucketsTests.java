package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import javax.sql.DataSource;

import dev.svc.graphql.test.MutableClock;
import dev.svc.graphql.test.OnEveryDatabase;
import dev.svc.graphql.test.TestHostRunner;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.BucketState;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.MathType;
import io.github.bucket4j.distributed.remote.RemoteBucketState;
import io.github.bucket4j.distributed.remote.RemoteStat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.DataSourceTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The buckets in the module's table on the real database: two instances (two stores on
 * one table) spend from one bucket; racing takers never take more than the bucket holds;
 * a bucket fills up again with time; a take inside a caller's transaction that loses the
 * race to make the bucket leaves the transaction usable; the purge deletes expired rows
 * only.
 */
@OnEveryDatabase
class JdbcBucketsTests {

	private static final BucketConfiguration TEN_A_MINUTE = BucketConfiguration.builder()
		.addLimit((limit) -> limit.capacity(10).refillIntervally(10, Duration.ofMinutes(1)))
		.build();

	private final ApplicationContextRunner contextRunner = TestHostRunner.withDatabase();

	private DataSource dataSource;

	private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));

	/**
	 * Runs a test on a new database, whose bucket table is empty.
	 */
	private void withEmptyTable(Executable test) {
		this.contextRunner.run((context) -> {
			this.dataSource = context.getBean(DataSource.class);
			test.execute();
		});
	}

	@Test
	void shouldShareOneBucketBetweenInstances() {
		withEmptyTable(() -> {
			SharedBuckets first = new SharedBuckets(store());
			SharedBuckets second = new SharedBuckets(store());

			assertThat(take(first, 6).isConsumed()).isTrue();
			ConsumptionProbe refused = take(second, 5);

			assertThat(refused.isConsumed()).isFalse();
			assertThat(refused.getRemainingTokens()).isEqualTo(4);
			assertThat(take(second, 4).getRemainingTokens()).isZero();
			assertThat(take(first, 1).getNanosToWaitForRefill()).isEqualTo(Duration.ofMinutes(1).toNanos());
		});
	}

	@Test
	void shouldFillUpAgainWithTime() {
		withEmptyTable(() -> {
			SharedBuckets buckets = new SharedBuckets(store());
			assertThat(take(buckets, 10).isConsumed()).isTrue();
			assertThat(take(buckets, 1).isConsumed()).isFalse();

			this.clock.advance(Duration.ofMinutes(1));

			assertThat(take(buckets, 10).isConsumed()).isTrue();
		});
	}

	@Test
	void shouldNeverTakeMoreThanTheBucketHoldsWhenInstancesRace() {
		withEmptyTable(() -> {
			List<SharedBuckets> instances = List.of(new SharedBuckets(store()), new SharedBuckets(store()),
					new SharedBuckets(store()));
			CyclicBarrier start = new CyclicBarrier(6);
			AtomicInteger taken = new AtomicInteger();
			List<CompletableFuture<Void>> takers = IntStream.range(0, 6)
				.mapToObj((taker) -> CompletableFuture.runAsync(() -> {
					await(start);
					for (int i = 0; i < 5; i++) {
						if (take(instances.get(taker % 3), 1).isConsumed()) {
							taken.incrementAndGet();
						}
					}
				}))
				.toList();

			assertThat(CompletableFuture.allOf(takers.toArray(CompletableFuture[]::new)))
				.succeedsWithin(Duration.ofSeconds(60));
			assertThat(taken).hasValue(10);
			assertThat(new JdbcTemplate(this.dataSource).queryForObject("select count(*) from svc_rate_limit_buckets",
					Integer.class))
				.isOne();
		});
	}

	@Test
	void shouldLeaveTheCallersTransactionUsableWhenAnotherInstanceMadeTheBucketFirst() {
		withEmptyTable(() -> {
			JdbcBuckets store = store();
			RemoteBucketState state = new RemoteBucketState(
					BucketState.createInitialState(TEN_A_MINUTE, MathType.INTEGER_64_BITS, 0), new RemoteStat(0), null);
			TransactionTemplate transaction = new TransactionTemplate(
					new DataSourceTransactionManager(this.dataSource));
			Integer counted = transaction.execute((status) -> {
				JdbcTemplate jdbc = new JdbcTemplate(this.dataSource);
				// both instances found no bucket; the other one made it first
				assertThat(store.beginCompareAndSwapOperation("svc:bucket")
					.compareAndSwap(null, new byte[] { 1 }, state, Optional.empty())).isTrue();
				assertThat(store.beginCompareAndSwapOperation("svc:bucket")
					.compareAndSwap(null, new byte[] { 2 }, state, Optional.empty())).isFalse();
				return jdbc.queryForObject("select count(*) from svc_rate_limit_buckets", Integer.class);
			});
			assertThat(counted).isOne();
		});
	}

	@Test
	void shouldPurgeExpiredRowsOnly() {
		withEmptyTable(() -> {
			SharedBuckets buckets = new SharedBuckets(store());
			take(buckets, "old", 1);
			this.clock.advance(Duration.ofMinutes(2));
			JdbcBuckets store = store();
			SharedBuckets later = new SharedBuckets(store);
			IntStream.range(0, JdbcBuckets.PURGE_EVERY)
				.forEach((key) -> assertThat(take(later, "new-" + key, 1).isConsumed()).isTrue());

			List<String> keys = new JdbcTemplate(this.dataSource)
				.queryForList("select bucket_key from svc_rate_limit_buckets", String.class);
			assertThat(keys).hasSize(JdbcBuckets.PURGE_EVERY).doesNotContain("svc:old");
		});
	}

	private JdbcBuckets store() {
		TransactionTemplate outside = new TransactionTemplate(new DataSourceTransactionManager(this.dataSource));
		outside.setPropagationBehavior(TransactionDefinition.PROPAGATION_NOT_SUPPORTED);
		return new JdbcBuckets(JdbcClient.create(this.dataSource), outside,
				BucketStoreConfigurations.timeMeter(this.clock), Duration.ofSeconds(10));
	}

	private static ConsumptionProbe take(SharedBuckets buckets, long tokens) {
		return take(buckets, "bucket", tokens);
	}

	private static ConsumptionProbe take(SharedBuckets buckets, String key, long tokens) {
		ConsumptionProbe probe = buckets.tryTake(key, () -> TEN_A_MINUTE, tokens);
		assertThat(probe).isNotNull();
		return probe;
	}

	private static void await(CyclicBarrier barrier) {
		try {
			barrier.await();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

}
