package dev.svc.graphql.identity;

import java.time.Clock;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import org.springframework.jdbc.core.RowCallbackHandler;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A user's permissions, granted to it, its roles or its units' roles, and not prohibited
 * to it; cached so that a query usually costs no statement for them.
 */
final class JdbcGrantedPermissions {

	/**
	 * How long a user's permissions are kept: the longest a grant or a revocation takes
	 * to reach queries on each instance, as long as a session check's.
	 */
	static final Duration CACHE_DURATION = Duration.ofSeconds(5);

	/**
	 * What a kept user weighs on the heap besides its permissions: key, entry and set
	 * (with 20 permissions about 1.3 KB in all, estimated from its parts).
	 */
	private static final int ENTRY_BYTES = 96;

	/**
	 * What each permission adds besides its name's characters: its string and set slot.
	 */
	private static final int PERMISSION_BYTES = 32;

	private static final String GRANTS_OF_USER = """
			select g.name, g.is_granted, g.user_id
			from svc_permission_grants g
			where g.user_id = :userId
			   or g.role_id in (select ur.role_id from svc_user_roles ur where ur.user_id = :userId)
			   or g.role_id in (select our.role_id
			                    from svc_organization_unit_roles our
			                    join svc_user_organization_units uou on uou.organization_unit_id = our.organization_unit_id
			                    where uou.user_id = :userId)
			""";

	private final JdbcClient jdbc;

	private final Cache<Long, Set<String>> cache;

	private final boolean cached;

	JdbcGrantedPermissions(JdbcClient jdbc, Clock clock, Duration cacheDuration, long cacheBytes) {
		this.jdbc = jdbc;
		this.cached = cacheDuration.toMillis() > 0;
		this.cache = Caffeine.newBuilder()
			.maximumWeight(cacheBytes)
			.<Long, Set<String>>weigher((userId, permissions) -> ENTRY_BYTES
					+ permissions.stream().mapToInt((name) -> PERMISSION_BYTES + name.length()).sum())
			.expireAfterWrite(cacheDuration.isNegative() ? Duration.ZERO : cacheDuration)
			.ticker(() -> TimeUnit.MILLISECONDS.toNanos(clock.millis()))
			.executor(Runnable::run)
			.recordStats()
			.build();
	}

	Set<String> of(long userId) {
		return this.cached ? this.cache.get(userId, this::read) : read(userId);
	}

	Cache<?, ?> cache() {
		return this.cache;
	}

	private Set<String> read(long userId) {
		Set<String> granted = new HashSet<>();
		Set<String> grantedToUser = new HashSet<>();
		Set<String> prohibitedToUser = new HashSet<>();
		this.jdbc.sql(GRANTS_OF_USER).param("userId", userId).query((RowCallbackHandler) (rs) -> {
			String name = rs.getString("name");
			boolean isGranted = rs.getBoolean("is_granted");
			rs.getLong("user_id");
			boolean userLevel = !rs.wasNull();
			if (userLevel) {
				(isGranted ? grantedToUser : prohibitedToUser).add(name);
			}
			else if (isGranted) {
				granted.add(name);
			}
		});
		granted.addAll(grantedToUser);
		granted.removeAll(prohibitedToUser);
		return Set.copyOf(granted);
	}

}
