package dev.svc.graphql.ratelimit;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.RemovalCause;
import dev.svc.graphql.CircuitBreaker;
import dev.svc.graphql.Sha256;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.ConsumptionProbe;
import io.github.bucket4j.TimeoutException;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.distributed.proxy.optimization.Optimizations;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.scheduling.concurrent.CustomizableThreadFactory;
import org.springframework.util.Assert;

/**
 * The token buckets that every instance shares, by key. A take that the store does not
 * answer (Redis or the database) is logged at most once a minute and counted, and the
 * buckets of this instance alone count in the store's place; the store is then left alone
 * for {@link #PAUSE} (one take then tries it again), so an outage lets through at most
 * one fresh budget an instance rather than everything. Without such buckets (a host's own
 * door) callers are let through: a sign-in still meets the account lockout, kept with the
 * account in the database, and a query the cost limit of one request.
 */
public final class SharedBuckets {

	private static final Log logger = LogFactory.getLog(SharedBuckets.class);

	/**
	 * The heap one kept bucket holds: its key, Bucket4j's proxy, the batching
	 * optimization's state and the tokens leased here (an estimate).
	 */
	static final int ENTRY_BYTES = 700;

	/** The heap the kept buckets may hold. */
	static final long BUDGET = 4L * 1024 * 1024;

	static final Duration PAUSE = Duration.ofSeconds(5);

	private final ProxyManager<String> buckets;

	/**
	 * Each key's bucket, kept while it is in use: takes of one bucket that arrive
	 * together on this instance go to the store as one (Bucket4j's batching), exactly as
	 * many tokens as they take; tokens leased ahead are spent here.
	 */
	private final Cache<String, Kept> kept;

	/**
	 * Gives back what an instance held of the buckets it let go, off the request threads:
	 * one thread, 1,024 returns waiting at most (past them a return is dropped, and the
	 * bucket is only short of those tokens until it fills up again).
	 */
	private final ThreadPoolExecutor returns;

	private final AtomicLong unavailable = new AtomicLong();

	private final CircuitBreaker breaker = new CircuitBreaker(PAUSE);

	private final @Nullable SharedBuckets whileAway;

	private final AtomicLong lastWarning = new AtomicLong(Long.MIN_VALUE);

	/**
	 * Makes the module's door to a bucket store, which lets callers through while the
	 * store is away.
	 * @param buckets the store
	 */
	public SharedBuckets(ProxyManager<String> buckets) {
		this(buckets, null);
	}

	/**
	 * Makes the module's door to a bucket store.
	 * @param buckets the store
	 * @param whileAway the buckets that count in the store's place while it is away (this
	 * instance's own), or {@code null} to let callers through
	 */
	public SharedBuckets(ProxyManager<String> buckets, @Nullable SharedBuckets whileAway) {
		this.buckets = buckets;
		this.whileAway = whileAway;
		this.kept = Caffeine.newBuilder()
			.maximumWeight(BUDGET)
			.<String, Kept>weigher((key, bucket) -> ENTRY_BYTES + 2 * key.length())
			.expireAfterAccess(Duration.ofMinutes(1))
			.executor(Runnable::run)
			.removalListener((@Nullable String key, @Nullable Kept bucket, RemovalCause cause) -> {
				if (bucket != null) {
					bucket.retired = true;
					returnHeld(bucket);
				}
			})
			.build();
		CustomizableThreadFactory threads = new CustomizableThreadFactory("svc-bucket-returns-");
		threads.setDaemon(true);
		this.returns = new ThreadPoolExecutor(1, 1, 10, TimeUnit.SECONDS, new ArrayBlockingQueue<>(1024), threads,
				new ThreadPoolExecutor.DiscardPolicy());
		this.returns.allowCoreThreadTimeOut(true);
	}

	/**
	 * Buckets in this instance's memory alone, for one instance (and for tests).
	 * @param clock the clock the buckets fill up by
	 * @return the buckets
	 */
	public static SharedBuckets inMemory(Clock clock) {
		return new SharedBuckets(new MemoryBuckets(BucketStoreConfigurations.timeMeter(clock), Duration.ofDays(1)));
	}

	/**
	 * Takes tokens from a bucket if it holds as many.
	 * @param key the bucket's key
	 * @param configuration the bucket's limits, for a bucket not yet stored
	 * @param tokens how many tokens
	 * @return what the bucket holds and, when it holds too few, how long until it does;
	 * {@code null} when the store cannot be reached and nothing counts in its place
	 */
	public @Nullable ConsumptionProbe tryTake(String key, Supplier<BucketConfiguration> configuration, long tokens) {
		return tryTake(key, configuration, tokens, tokens);
	}

	/**
	 * Takes tokens from a bucket if it holds as many, leasing ahead: when this instance
	 * holds too few of the bucket's tokens, it takes a lease of them from the store at
	 * once and spends them here on later takes, so the store sees one take a lease
	 * instead of one a request. Every token spent was taken from the store first. An
	 * instance holds one lease at most (takes that meet a lease under way ask the store
	 * for exactly what they lack), and gives back what it holds when it lets the bucket
	 * go; the store fills up meanwhile, so in a burst all instances together may spend a
	 * bucket's capacity and one lease each, and a caller may be refused a lease early by
	 * each other instance. Near the bottom of the bucket, where it cannot give a lease, a
	 * take asks the store for exactly what it lacks.
	 * @param key the bucket's key
	 * @param configuration the bucket's limits, for a bucket not yet stored
	 * @param tokens how many tokens, at least 1
	 * @param lease how many tokens to take from the store at once; no fewer than
	 * {@code tokens} are taken
	 * @return what the bucket holds, as this instance knows it (the store's count at its
	 * last take and the tokens held here), and, when it holds too few, how long until it
	 * does; {@code null} when the store cannot be reached and nothing counts in its place
	 */
	public @Nullable ConsumptionProbe tryTake(String key, Supplier<BucketConfiguration> configuration, long tokens,
			long lease) {
		Assert.isTrue(tokens > 0, "A take takes at least one token");
		Kept bucket = bucket(key, configuration);
		long fromHere = bucket.spend(tokens);
		if (fromHere == tokens) {
			return ConsumptionProbe.consumed(bucket.remaining(), 0);
		}
		long lacking = tokens - fromHere;
		if (!this.breaker.allows()) {
			keep(bucket, fromHere, bucket.stored);
			this.unavailable.incrementAndGet();
			return takeWhileAway(key, configuration, tokens, lease);
		}
		boolean leasing = lease > lacking && bucket.leasing.compareAndSet(false, true);
		try {
			ConsumptionProbe probe = leasing ? bucket.store.tryConsumeAndReturnRemaining(lease) : null;
			long ahead = lease - lacking;
			if (probe == null || !probe.isConsumed()) {
				probe = bucket.store.tryConsumeAndReturnRemaining(lacking);
				ahead = 0;
			}
			this.breaker.succeeded();
			if (!probe.isConsumed()) {
				keep(bucket, fromHere, probe.getRemainingTokens());
				return ConsumptionProbe.rejected(bucket.remaining(), probe.getNanosToWaitForRefill(),
						probe.getNanosToWaitForReset());
			}
			keep(bucket, ahead, probe.getRemainingTokens());
			return ConsumptionProbe.consumed(bucket.remaining(), probe.getNanosToWaitForReset());
		}
		catch (RuntimeException ex) {
			keep(bucket, fromHere, bucket.stored);
			unreachable(ex);
			return takeWhileAway(key, configuration, tokens, lease);
		}
		finally {
			if (leasing) {
				bucket.leasing.set(false);
			}
		}
	}

	/**
	 * Puts tokens back into a bucket, up to its capacity.
	 * @param key the bucket's key
	 * @param configuration the bucket's limits, for a bucket not yet stored
	 * @param tokens how many tokens
	 */
	public void giveBack(String key, Supplier<BucketConfiguration> configuration, long tokens) {
		if (this.breaker.paused()) {
			if (this.whileAway != null) {
				this.whileAway.giveBack(key, configuration, tokens);
			}
			return;
		}
		try {
			bucket(key, configuration).store.addTokens(tokens);
		}
		catch (RuntimeException ex) {
			unreachable(ex);
		}
	}

	/**
	 * How many times the store could not be reached.
	 * @return the count since start
	 */
	public long unavailable() {
		return this.unavailable.get();
	}

	private @Nullable ConsumptionProbe takeWhileAway(String key, Supplier<BucketConfiguration> configuration,
			long tokens, long lease) {
		return (this.whileAway != null) ? this.whileAway.tryTake(key, configuration, tokens, lease) : null;
	}

	private Kept bucket(String key, Supplier<BucketConfiguration> configuration) {
		// the digest once a key, not once a take, but for keys longer than it
		String kept = (key.length() > 128) ? storedKey(key) : key;
		return this.kept.get(kept,
				(any) -> new Kept(this.buckets.builder()
					.withOptimization(Optimizations.batching())
					.build(storedKey(key), configuration)));
	}

	private void keep(Kept bucket, long tokens, long stored) {
		bucket.held(tokens, stored);
		if (bucket.retired) {
			// let go while this take was under way
			returnHeld(bucket);
		}
	}

	// the store takes them up to the bucket's capacity
	private void returnHeld(Kept bucket) {
		long held = bucket.held.getAndSet(0);
		if (held > 0) {
			this.returns.execute(() -> {
				if (this.breaker.paused()) {
					return;
				}
				try {
					bucket.store.addTokens(held);
				}
				catch (RuntimeException ex) {
					unreachable(ex);
				}
			});
		}
	}

	private void unreachable(RuntimeException ex) {
		if (storeTrouble(ex)) {
			// not a compare and swap lost too often: that is one bucket's, not the
			// store's
			this.breaker.failed();
		}
		this.unavailable.incrementAndGet();
		long now = System.nanoTime();
		long last = this.lastWarning.get();
		if ((last == Long.MIN_VALUE || now - last > Duration.ofMinutes(1).toNanos())
				&& this.lastWarning.compareAndSet(last, now)) {
			logger.warn("The shared buckets cannot be reached, or a bucket is taken by too many at once; the limits"
					+ " they count are counted by this instance alone, or let callers through, until they can (logged"
					+ " once a minute): " + ex);
		}
	}

	// Bucket4j's timeout, or Lettuce's failures (its own timeout, a connection refused,
	// an
	// error reply), named since Lettuce is optional; not an interrupted request thread,
	// which is the caller's, not the store's
	private static boolean storeTrouble(Throwable ex) {
		boolean trouble = false;
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			String name = cause.getClass().getName();
			if (cause instanceof InterruptedException
					|| name.equals("io.lettuce.core.RedisCommandInterruptedException")) {
				return false;
			}
			trouble = trouble || cause instanceof TimeoutException || name.startsWith("io.lettuce.core.");
		}
		return trouble;
	}

	// a digest: keys hold what callers typed (names of any length, any characters)
	private static String storedKey(String key) {
		return "svc:" + Sha256.hex(key);
	}

	/**
	 * A bucket as this instance keeps it: the store's, the tokens leased from it and not
	 * yet spent, and what the store held at the last take.
	 */
	private static final class Kept {

		final Bucket store;

		final AtomicLong held = new AtomicLong();

		final AtomicBoolean leasing = new AtomicBoolean();

		volatile long stored;

		volatile boolean retired;

		Kept(Bucket store) {
			this.store = store;
		}

		// the tokens spent from those held here, as many as asked for or all there are
		long spend(long tokens) {
			long held;
			long spent;
			do {
				held = this.held.get();
				spent = Math.min(held, tokens);
			}
			while (spent > 0 && !this.held.compareAndSet(held, held - spent));
			return spent;
		}

		void held(long tokens, long stored) {
			this.held.addAndGet(tokens);
			this.stored = stored;
		}

		long remaining() {
			return Math.max(0, this.stored + this.held.get());
		}

	}

}
