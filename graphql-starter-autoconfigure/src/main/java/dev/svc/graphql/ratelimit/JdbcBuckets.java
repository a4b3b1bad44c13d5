package dev.svc.graphql.ratelimit;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import io.github.bucket4j.TimeMeter;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ClientSideConfig;
import io.github.bucket4j.distributed.proxy.generic.compare_and_swap.CompareAndSwapOperation;
import io.github.bucket4j.distributed.remote.RemoteBucketState;

import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.support.TransactionOperations;

/**
 * Bucket4j's buckets in the module's table {@code svc_rate_limit_buckets}, by compare and
 * swap: a bucket's state is read, changed in memory and written back only where it is
 * still what was read, so that instances never lock a row across a round trip. Every
 * statement runs outside a caller's transaction: a host's transaction neither hides a
 * bucket another instance made nor holds its row. The same SQL runs on H2, PostgreSQL and
 * MariaDB/MySQL. A row past its expiry is a full bucket again; one insert in
 * {@value #PURGE_EVERY} deletes up to {@value #PURGE_BATCH} such rows, so the table holds
 * about the buckets in use.
 */
final class JdbcBuckets extends SynchronousBuckets {

	static final int PURGE_EVERY = 256;

	/**
	 * Compare-and-swap rounds a take may lose to other takes of the same bucket before it
	 * counts as the store being away (and lets the caller through).
	 */
	static final int MAX_RETRIES = 16;

	static final int PURGE_BATCH = 1_000;

	private static final String SELECT = "select state from svc_rate_limit_buckets where bucket_key = ?";

	private static final String INSERT = "insert into svc_rate_limit_buckets (bucket_key, state, expires_at)"
			+ " values (?, ?, ?)";

	private static final String UPDATE = "update svc_rate_limit_buckets set state = ?, expires_at = ?"
			+ " where bucket_key = ? and state = ?";

	/**
	 * MariaDB and MySQL refuse a limit in an {@code in} subquery: a derived table first.
	 */
	private static final String PURGE = "delete from svc_rate_limit_buckets where bucket_key in (select bucket_key"
			+ " from (select bucket_key from svc_rate_limit_buckets where expires_at < ? limit " + PURGE_BATCH
			+ ") expired) and expires_at < ?";

	private final JdbcClient jdbc;

	private final TransactionOperations outsideTransactions;

	private final TimeMeter clock;

	private final ExpirationAfterWriteStrategy expiration;

	private final AtomicInteger inserts = new AtomicInteger();

	/**
	 * Makes the store.
	 * @param jdbc the database
	 * @param outsideTransactions runs each statement outside a caller's transaction (a
	 * failed insert would end one on PostgreSQL)
	 * @param clock the clock
	 * @param keepWhenFull how long a row outlives the time its bucket takes to fill up
	 */
	JdbcBuckets(JdbcClient jdbc, TransactionOperations outsideTransactions, TimeMeter clock, Duration keepWhenFull) {
		this(jdbc, outsideTransactions, clock,
				ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(keepWhenFull));
	}

	private JdbcBuckets(JdbcClient jdbc, TransactionOperations outsideTransactions, TimeMeter clock,
			ExpirationAfterWriteStrategy expiration) {
		super(ClientSideConfig.getDefault()
			.withClientClock(clock)
			.withExpirationAfterWriteStrategy(expiration)
			.withMaxRetries(MAX_RETRIES));
		this.jdbc = jdbc;
		this.outsideTransactions = outsideTransactions;
		this.clock = clock;
		this.expiration = expiration;
	}

	@Override
	protected CompareAndSwapOperation beginCompareAndSwapOperation(String key) {
		return new CompareAndSwapOperation() {

			@Override
			public Optional<byte[]> getStateData(Optional<Long> timeoutNanos) {
				Optional<byte[]> state = JdbcBuckets.this.outsideTransactions
					.execute((status) -> JdbcBuckets.this.jdbc.sql(SELECT).param(key).query(byte[].class).optional());
				return (state != null) ? state : Optional.empty();
			}

			@Override
			public boolean compareAndSwap(byte[] originalData, byte[] newData, RemoteBucketState newState,
					Optional<Long> timeoutNanos) {
				long nowMillis = JdbcBuckets.this.clock.currentTimeNanos() / 1_000_000;
				long expiresAt = nowMillis
						+ JdbcBuckets.this.expiration.calculateTimeToLiveMillis(newState, nowMillis * 1_000_000);
				return (originalData != null) ? update(key, originalData, newData, expiresAt)
						: insert(key, newData, expiresAt, nowMillis);
			}

		};
	}

	private boolean update(String key, byte[] originalData, byte[] newData, long expiresAt) {
		Integer updated = this.outsideTransactions
			.execute((status) -> this.jdbc.sql(UPDATE).params(newData, expiresAt, key, originalData).update());
		return updated != null && updated == 1;
	}

	private boolean insert(String key, byte[] newData, long expiresAt, long nowMillis) {
		Boolean inserted = this.outsideTransactions.execute((status) -> {
			try {
				this.jdbc.sql(INSERT).params(key, newData, expiresAt).update();
				return true;
			}
			catch (DuplicateKeyException ex) {
				// another instance made the bucket first: read it again
				return false;
			}
		});
		if (Boolean.TRUE.equals(inserted) && this.inserts.incrementAndGet() % PURGE_EVERY == 0) {
			this.outsideTransactions
				.executeWithoutResult((status) -> this.jdbc.sql(PURGE).params(nowMillis, nowMillis).update());
		}
		return Boolean.TRUE.equals(inserted);
	}

	@Override
	public void removeProxy(String key) {
		this.jdbc.sql("delete from svc_rate_limit_buckets where bucket_key = ?").param(key).update();
	}

	@Override
	public boolean isExpireAfterWriteSupported() {
		return true;
	}

}
