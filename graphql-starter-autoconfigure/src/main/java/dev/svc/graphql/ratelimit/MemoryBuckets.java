package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.Optional;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.CompareAndSwapOperation;
import io.github.bucket4j.distributed.remote.RemoteBucketState;

/**
 * Bucket4j's buckets in this instance's memory, for a host whose identity data the module
 * does not keep (no table of its own) and that has no Redis: one instance counts alone.
 * The states are bounded by the heap they hold ({@value #BUDGET} bytes, each weighing its
 * key and state and {@value #ENTRY_BYTES} bytes of cache entry); past that, Caffeine lets
 * go of those used least. A state is let go a day after its last change.
 */
final class MemoryBuckets extends SynchronousBuckets {

	static final long BUDGET = 4L * 1024 * 1024;

	static final int ENTRY_BYTES = 120;

	private final Cache<String, byte[]> states;

	MemoryBuckets(TimeMeter clock, Duration keep) {
		super(ClientSideConfig.getDefault().withClientClock(clock).withMaxRetries(JdbcBuckets.MAX_RETRIES));
		this.states = Caffeine.newBuilder()
			.maximumWeight(BUDGET)
			.<String, byte[]>weigher((key, state) -> ENTRY_BYTES + 2 * key.length() + state.length)
			.expireAfterWrite(keep)
			.executor(Runnable::run)
			.build();
	}

	/** The heap the states hold, by their weights. */
	long heldBytes() {
		this.states.cleanUp();
		return this.states.policy().eviction().orElseThrow().weightedSize().orElseThrow();
	}

	@Override
	protected CompareAndSwapOperation beginCompareAndSwapOperation(String key) {
		return new CompareAndSwapOperation() {

			@Override
			public Optional<byte[]> getStateData(Optional<Long> timeoutNanos) {
				return Optional.ofNullable(MemoryBuckets.this.states.getIfPresent(key));
			}

			@Override
			public boolean compareAndSwap(byte[] originalData, byte[] newData, RemoteBucketState newState,
					Optional<Long> timeoutNanos) {
				// the map compares the arrays by identity: the one read is the one kept
				return (originalData != null) ? MemoryBuckets.this.states.asMap().replace(key, originalData, newData)
						: MemoryBuckets.this.states.asMap().putIfAbsent(key, newData) == null;
			}

		};
	}

	@Override
	public void removeProxy(String key) {
		this.states.invalidate(key);
	}

}
