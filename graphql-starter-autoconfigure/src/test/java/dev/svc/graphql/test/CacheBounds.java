package dev.svc.graphql.test;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Policy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Assertions on a Caffeine cache's bounds, as its policy reports them: the caches that
 * share the memory budget are weighed in bytes.
 */
public final class CacheBounds {

	private CacheBounds() {
	}

	/**
	 * Asserts the cache's maximum weight (its bytes) and its expiry after an entry was
	 * written.
	 * @param cache the cache
	 * @param maximumWeight the most bytes it may keep
	 * @param expireAfterWrite how long an entry is kept after it was written
	 */
	public static void assertBoundsAfterWrite(Cache<?, ?> cache, long maximumWeight, Duration expireAfterWrite) {
		Policy<?, ?> policy = cache.policy();
		assertThat(policy.eviction())
			.hasValueSatisfying((eviction) -> assertThat(eviction.getMaximum()).isEqualTo(maximumWeight));
		assertThat(policy.expireAfterWrite())
			.hasValueSatisfying((expiry) -> assertThat(expiry.getExpiresAfter()).isEqualTo(expireAfterWrite));
		assertThat(policy.expireAfterAccess()).isEmpty();
	}

	/**
	 * Asserts the cache's maximum weight (its bytes) and its expiry after an entry was
	 * last read or written.
	 * @param cache the cache
	 * @param maximumWeight the most bytes it may keep
	 * @param expireAfterAccess how long an entry is kept after it was last read or
	 * written
	 */
	public static void assertBoundsAfterAccess(Cache<?, ?> cache, long maximumWeight, Duration expireAfterAccess) {
		Policy<?, ?> policy = cache.policy();
		assertThat(policy.eviction())
			.hasValueSatisfying((eviction) -> assertThat(eviction.getMaximum()).isEqualTo(maximumWeight));
		assertThat(policy.expireAfterAccess())
			.hasValueSatisfying((expiry) -> assertThat(expiry.getExpiresAfter()).isEqualTo(expireAfterAccess));
		assertThat(policy.expireAfterWrite()).isEmpty();
	}

}
