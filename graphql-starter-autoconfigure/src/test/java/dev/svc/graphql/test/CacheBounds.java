package dev.svc.graphql.test;

import java.time.Duration;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Policy;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Assertions on a Caffeine cache's bounds, as its policy reports them.
 */
public final class CacheBounds {

	private CacheBounds() {
	}

	/**
	 * Asserts the cache's maximum size and its expiry after an entry was written.
	 * @param cache the cache
	 * @param maximumSize the most entries it may keep
	 * @param expireAfterWrite how long an entry is kept after it was written
	 */
	public static void assertBoundsAfterWrite(Cache<?, ?> cache, long maximumSize, Duration expireAfterWrite) {
		Policy<?, ?> policy = cache.policy();
		assertThat(policy.eviction())
			.hasValueSatisfying((eviction) -> assertThat(eviction.getMaximum()).isEqualTo(maximumSize));
		assertThat(policy.expireAfterWrite())
			.hasValueSatisfying((expiry) -> assertThat(expiry.getExpiresAfter()).isEqualTo(expireAfterWrite));
		assertThat(policy.expireAfterAccess()).isEmpty();
	}

	/**
	 * Asserts the cache's maximum size and its expiry after an entry was last read or
	 * written.
	 * @param cache the cache
	 * @param maximumSize the most entries it may keep
	 * @param expireAfterAccess how long an entry is kept after it was last read or
	 * written
	 */
	public static void assertBoundsAfterAccess(Cache<?, ?> cache, long maximumSize, Duration expireAfterAccess) {
		Policy<?, ?> policy = cache.policy();
		assertThat(policy.eviction())
			.hasValueSatisfying((eviction) -> assertThat(eviction.getMaximum()).isEqualTo(maximumSize));
		assertThat(policy.expireAfterAccess())
			.hasValueSatisfying((expiry) -> assertThat(expiry.getExpiresAfter()).isEqualTo(expireAfterAccess));
		assertThat(policy.expireAfterWrite()).isEmpty();
	}

}
