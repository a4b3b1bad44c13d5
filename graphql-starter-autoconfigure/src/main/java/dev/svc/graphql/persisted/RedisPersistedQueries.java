package dev.svc.graphql.persisted;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import dev.svc.graphql.CircuitBreaker;
import io.lettuce.core.RedisCommandInterruptedException;
import io.lettuce.core.RedisException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.StatefulConnection;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import io.lettuce.core.cluster.api.sync.RedisClusterCommands;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

/**
 * The shared persisted queries in Redis, on a connection of the module's own from the
 * host's Lettuce client, whose commands wait a bounded time: one key a text
 * ({@code svc:{apq}:<hash>}), kept for a day after it was saved, within a budget of
 * bytes. Redis out of reach or slower than the wait, a text counts as not shared, and
 * Redis is left alone for {@link #PAUSE} (one look-up then tries it again).
 * <p>
 * The budget holds without a scan: a counter per day ({@code svc:{apq}:bytes:<day>}, by
 * the instances' clocks) adds up the {@linkplain PersistedQuery#sharedWeight weight} of
 * the texts saved that day, and a text is saved only while the day's counter stays within
 * half the budget. A text lives a day, so what Redis holds at any moment was saved today
 * or yesterday: at most the whole budget. Past it, a hash is not shared until the next
 * day; each instance still keeps its own. A counter per account and day
 * ({@code svc:{apq}:bytes:<day>:<account>}) holds each account to its
 * {@linkplain PersistedQuery#accountShare share} of the day's half, so that no caller
 * fills it alone. One script does it all, so a text already saved is not counted again,
 * and no counter is left without its expiry.
 */
final class RedisPersistedQueries implements SharedPersistedQueries, AutoCloseable {

	private static final Log logger = LogFactory.getLog(RedisPersistedQueries.class);

	static final Duration KEEP = Duration.ofDays(1);

	static final Duration PAUSE = Duration.ofSeconds(5);

	// one hash tag, so that the script's two keys share a slot on a Redis Cluster
	static final String TEXT = "svc:{apq}:";

	static final String DAY = "svc:{apq}:bytes:";

	private final AtomicBoolean warned = new AtomicBoolean();

	private final CircuitBreaker breaker = new CircuitBreaker(PAUSE);

	// KEYS: the text's key, the day's counter, the account's counter of the day; ARGV:
	// weight, daily budget, text, seconds, the account's daily share
	private static final String SAVE = """
			if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
			local mine = redis.call('INCRBY', KEYS[3], ARGV[1])
			redis.call('EXPIRE', KEYS[3], 2 * tonumber(ARGV[4]))
			if mine > tonumber(ARGV[5]) then
				redis.call('DECRBY', KEYS[3], ARGV[1])
				return 0
			end
			local saved = redis.call('INCRBY', KEYS[2], ARGV[1])
			redis.call('EXPIRE', KEYS[2], 2 * tonumber(ARGV[4]))
			if saved > tonumber(ARGV[2]) then
				redis.call('DECRBY', KEYS[2], ARGV[1])
				redis.call('DECRBY', KEYS[3], ARGV[1])
				return 0
			end
			redis.call('SET', KEYS[1], ARGV[3], 'EX', ARGV[4])
			return 1
			""";

	private final StatefulConnection<String, String> connection;

	private final RedisClusterCommands<String, String> redis;

	private final Clock clock;

	private final long dailyBudget;

	private final long dailyShare;

	// connection: the module's own, which it closes; its timeout bounds every wait.
	// budget: the bytes of text Redis may hold
	RedisPersistedQueries(StatefulConnection<String, String> connection, Clock clock, long budget) {
		this.connection = connection;
		this.redis = (connection instanceof StatefulRedisClusterConnection<String, String> cluster) ? cluster.sync()
				: ((StatefulRedisConnection<String, String>) connection).sync();
		this.clock = clock;
		this.dailyBudget = budget / 2;
		this.dailyShare = PersistedQuery.accountShare(this.dailyBudget);
	}

	@Override
	public @Nullable String find(String sha256Hash) {
		if (!this.breaker.allows()) {
			return null;
		}
		try {
			String text = this.redis.get(TEXT + sha256Hash);
			this.breaker.succeeded();
			return text;
		}
		catch (RedisException ex) {
			storeTrouble(ex);
			logger.debug("The shared persisted queries cannot be read: " + ex.getMessage());
			return null;
		}
	}

	@Override
	public void save(String sha256Hash, String text, String account) {
		long weight = PersistedQuery.sharedWeight(text);
		if (weight > this.dailyShare) {
			return;
		}
		if (!this.breaker.allows()) {
			return;
		}
		String day = DAY + this.clock.millis() / KEEP.toMillis();
		try {
			this.redis.eval(SAVE, ScriptOutputType.INTEGER,
					new String[] { TEXT + sha256Hash, day, day + ":" + account }, String.valueOf(weight),
					String.valueOf(this.dailyBudget), text, String.valueOf(KEEP.toSeconds()),
					String.valueOf(this.dailyShare));
			this.breaker.succeeded();
		}
		catch (RedisException ex) {
			storeTrouble(ex);
			if (this.warned.compareAndSet(false, true)) {
				logger.warn("The shared persisted queries cannot be written (logged once; then at debug level): "
						+ ex.getMessage());
			}
			else {
				logger.debug("The shared persisted queries cannot be written: " + ex.getMessage());
			}
		}
	}

	// an interrupted request thread is the caller's, not Redis's
	private void storeTrouble(RedisException ex) {
		if (!(ex instanceof RedisCommandInterruptedException)) {
			this.breaker.failed();
		}
	}

	@Override
	public void close() {
		this.connection.close();
	}

}
