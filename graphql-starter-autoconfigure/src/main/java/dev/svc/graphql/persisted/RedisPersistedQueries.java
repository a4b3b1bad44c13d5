package dev.svc.graphql.persisted;

import java.time.Duration;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jspecify.annotations.Nullable;

import org.springframework.dao.DataAccessException;
import org.springframework.data.redis.core.StringRedisTemplate;

/**
 * The shared persisted queries in Redis, through Spring Boot's
 * {@code StringRedisTemplate}: one key a text ({@code svc:apq:<hash>}), kept for a day
 * after it was saved. Redis's own {@code maxmemory} bounds what they hold; with a
 * {@code volatile-*} eviction policy they are let go before keys without expiry.
 */
final class RedisPersistedQueries implements SharedPersistedQueries {

	private static final Log logger = LogFactory.getLog(RedisPersistedQueries.class);

	static final Duration KEEP = Duration.ofDays(1);

	private final StringRedisTemplate redis;

	RedisPersistedQueries(StringRedisTemplate redis) {
		this.redis = redis;
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
		try {
			this.redis.opsForValue().set("svc:apq:" + sha256Hash, text, KEEP);
		}
		catch (DataAccessException ex) {
			logger.debug("The shared persisted queries cannot be written: " + ex.getMessage());
		}
	}

}
