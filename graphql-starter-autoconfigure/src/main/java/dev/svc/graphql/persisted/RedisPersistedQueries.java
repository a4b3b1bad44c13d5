package dev.svc.graphql.persisted;

import java.time.Clock;
import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The shared persisted queries in Redis, through Spring Boot's
 * {@code StringRedisTemplate}: one key a text ({@code svc:apq:<hash>}), kept for a day
 * after it was saved, within a budget of bytes.
 * <p>
 * The budget holds without a scan: a counter per day ({@code svc:apq:bytes:<day>}) adds
 * up the {@linkplain PersistedQuery#sharedWeight weight} of the texts offered that day,
 * and a text is saved only while the day's counter is within half the budget. A text
 * lives a day, so what Redis holds at any moment was saved today or yesterday: at most
 * the whole budget, whoever sends the texts. Past it, a hash is not shared until the next
 * day; each instance still keeps its own.
 */
final class RedisPersistedQueries implements SharedPersistedQueries {

	private static final Log logger = LogFactory.getLog(RedisPersistedQueries.class);

	static final Duration KEEP = Duration.ofDays(1);

	private final StringRedisTemplate redis;

	private final Clock clock;

	private final long dailyBudget;

	// budget: the bytes of text Redis may hold
	RedisPersistedQueries(StringRedisTemplate redis, Clock clock, long budget) {
		this.redis = redis;
		this.clock = clock;
		this.dailyBudget = budget / 2;
	}

	@Override
	public @Nullable String find(String sha256Hash) {
		try {
			return this.redis.opsForValue().get("svc:apq:" + sha256Hash);
		}
		catch (DataAccessException ex) {
			logger.debug("The shared persisted queries cannot be read: " + ex.getMessage());
			return null;
		}
	}

	@Override
	public void save(String sha256Hash, String text) {
		long weight = PersistedQuery.sharedWeight(text);
		if (weight > this.dailyBudget) {
			return;
		}
		String day = "svc:apq:bytes:" + this.clock.millis() / KEEP.toMillis();
		try {
			Long offered = this.redis.opsForValue().increment(day, weight);
			this.redis.expire(day, KEEP.multipliedBy(2));
			if (offered != null && offered <= this.dailyBudget) {
				this.redis.opsForValue().setIfAbsent("svc:apq:" + sha256Hash, text, KEEP);
			}
		}
		catch (DataAccessException ex) {
			logger.debug("The shared persisted queries cannot be written: " + ex.getMessage());
		}
	}

}
